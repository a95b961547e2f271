/**
 * Sign in with a Bitcoin account: the CAIP-122 text on bip122, written and read back. Its lines
 * are EIP-4361's, in SIWE's order (`URI`, `Version`, `Chain ID`, `Nonce`, `Issued At`, then the
 * optional ones), under "… wants you to sign in with your Bitcoin account:", with the whole
 * CAIP-2 id as the Chain ID (`bip122:000000000019d6689c085ae165831e93`): CAIP-122 calls the
 * field a CAIP-2 chain id, and AppKit's SIWX for Bitcoin (its InformalMessenger, the default
 * messenger) writes the whole id in this order. No namespace profile fixes the text for bip122,
 * so it is read back only in the form written here: one text per message.
 * The wallet signs the text's UTF-8 bytes (BIP-322, or legacy BIP-137).
 */
import { isUri } from '@spruceid/siwe-parser'
import { type CaipNetworkId, isCaipNetworkId, namespaceOf } from './caip'
import type { SiwxMessageData } from './siwx'
import { SiwxError } from './siwxError'

export const bitcoinSiwxHeader = / wants you to sign in with your Bitcoin account:\n/
const firstLine =
  /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Bitcoin account:$/
// Base58 and bech32 addresses are letters and digits, 14 to 74 of them (scure's bounds); which
// network's an address is is checked where the signature is.
const bitcoinAddressForm = /^[a-zA-Z0-9]{14,74}$/

const malformed = (details: string): never => {
  throw new SiwxError('siwxInvalidMessage', `Malformed sign-in message: ${details}`)
}

/** What a Bitcoin sign-in's fields must be for its text to say them and nothing else. */
function assertBitcoinFields(data: SiwxMessageData) {
  if (!data.domain || /[\s/]/.test(data.domain))
    malformed(`the domain "${data.domain}" is not an RFC 3986 authority.`)
  if (!bitcoinAddressForm.test(data.accountAddress))
    malformed(`"${data.accountAddress}" is not a Bitcoin address.`)
  if (namespaceOf(data.chainId) !== 'bip122' || !isCaipNetworkId(data.chainId))
    malformed(`chain id "${data.chainId}" is not a CAIP-2 Bitcoin network.`)
  if (data.statement?.includes('\n')) malformed('the statement has a line break.')
  if (!isUri(data.uri)) malformed(`the URI "${data.uri}" is not an RFC 3986 URI.`)
  if (data.version !== '1') malformed(`version "${data.version}" is not 1.`)
  for (const resource of data.resources ?? [])
    if (!isUri(resource)) malformed(`the resource "${resource}" is not an RFC 3986 URI.`)
  for (const [name, value] of Object.entries(data))
    for (const field of [value ?? ''].flat())
      if (field.includes('\n') || field !== field.trim())
        malformed(`the ${name} has a line break or spaces around it.`)
}

/**
 * The text a Bitcoin wallet signs to sign in.
 * @throws SiwxError `siwxInvalidMessage` for fields the text cannot carry as they are.
 * @example
 * createBitcoinSiwxMessage({ domain: 'shop.example', accountAddress: 'bc1q…', chainId: 'bip122:000000000019d6689c085ae165831e93', … })
 * // 'shop.example wants you to sign in with your Bitcoin account:\nbc1q…\n\n…\n\nURI: https://shop.example\nVersion: 1\nChain ID: bip122:000000000019d6689c085ae165831e93\n…'
 */
export function createBitcoinSiwxMessage(data: SiwxMessageData): string {
  assertBitcoinFields(data)
  const origin = data.scheme ? `${data.scheme}://${data.domain}` : data.domain
  const statement = data.statement ? `${data.statement}\n` : ''
  const lines = [
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${data.chainId}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  ]
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length)
    lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`))
  // EIP-4361's layout: a blank line after the address, the statement and a blank line, or two.
  return `${origin} wants you to sign in with your Bitcoin account:\n${data.accountAddress}\n\n${statement}\n${lines.join('\n')}`
}

/**
 * The fields of a Bitcoin sign-in text, which must be the one {@link createBitcoinSiwxMessage}
 * writes of them.
 * @throws SiwxError `siwxInvalidMessage` naming what is wrong.
 */
export function parseBitcoinSiwxMessage(text: string): SiwxMessageData {
  const lines = text.split('\n')
  const header = firstLine.exec(lines[0] ?? '')
  if (!header)
    return malformed(
      'its first line is not "<domain> wants you to sign in with your Bitcoin account:".',
    )
  const [, scheme, domain = ''] = header
  const hasStatement = lines[3] !== ''
  const fieldLines = lines.slice(hasStatement ? 5 : 4)
  const field = (name: string) =>
    fieldLines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2)
  const required = (name: string) => field(name) ?? malformed(`it has no ${name}.`)
  const resourcesAt = fieldLines.indexOf('Resources:')
  const data = Object.fromEntries(
    Object.entries({
      scheme,
      domain,
      accountAddress: lines[1] ?? '',
      chainId: required('Chain ID') as CaipNetworkId,
      statement: hasStatement ? lines[3] : undefined,
      uri: required('URI'),
      version: required('Version'),
      nonce: required('Nonce'),
      issuedAt: required('Issued At'),
      expirationTime: field('Expiration Time'),
      notBefore: field('Not Before'),
      requestId: field('Request ID'),
      resources:
        resourcesAt === -1
          ? undefined
          : fieldLines.slice(resourcesAt + 1).map((line) => line.replace(/^- /, '')),
    }).filter(([, value]) => value !== undefined),
  ) as SiwxMessageData
  // Every line where it belongs, once, and nothing else: the text its fields make.
  if (createBitcoinSiwxMessage(data) !== text)
    malformed('it is not in the canonical Sign In With Bitcoin form.')
  return data
}
