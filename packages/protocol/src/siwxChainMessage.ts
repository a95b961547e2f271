/**
 * Sign in with a Bitcoin, Polkadot or Cosmos account: the CAIP-122 text on the namespaces with no
 * sign-in profile of their own (bip122, polkadot, cosmos), written and read back. Its lines are
 * EIP-4361's, in SIWE's order (`URI`, `Version`, `Chain ID`, `Nonce`, `Issued At`, then the
 * optional ones), under "… wants you to sign in with your <Chain> account:", with the whole
 * CAIP-2 id as the Chain ID (`bip122:000000000019d6689c085ae165831e93`, `cosmos:cosmoshub-4`):
 * CAIP-122 calls the field a CAIP-2 chain id, and AppKit's SIWX (its InformalMessenger, the
 * default messenger) writes the whole id in this order for every namespace. No namespace profile
 * fixes the text for these, so it is read back only in the form written here: one text per
 * message. The wallet signs the text's UTF-8 bytes (BIP-322 or BIP-137 on Bitcoin, `signRaw` on
 * Polkadot, ADR-036 on Cosmos).
 */
import { isUri } from '@spruceid/siwe-parser'
import { type CaipNetworkId, type ChainNamespace, isCaipNetworkId, namespaceOf } from './caip'
import type { SiwxMessageData } from './siwx'
import { SiwxError } from './siwxError'

/** The namespaces this text is for, each with the word its header names the account by. */
export const chainSiwxNamespaces = {
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
} as const satisfies Partial<Record<ChainNamespace, string>>
export type ChainSiwxNamespace = keyof typeof chainSiwxNamespaces

/** The header line's tail of every text written here. */
export const chainSiwxHeader =
  / wants you to sign in with your (Bitcoin|Polkadot|Cosmos) account:\n/
const firstLine =
  /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your (Bitcoin|Polkadot|Cosmos) account:$/
/**
 * Each namespace's addresses as letters: Bitcoin's base58 and bech32 (14 to 74, scure's bounds),
 * SS58's base58 (46 to 49), bech32 account addresses (a prefix, `1`, 38 or 58 data characters).
 * Which network's an address is is checked where the signature is.
 */
const addressForms: Record<ChainSiwxNamespace, RegExp> = {
  bip122: /^[a-zA-Z0-9]{14,74}$/,
  polkadot: /^[1-9A-HJ-NP-Za-km-z]{46,49}$/,
  cosmos: /^[a-z][a-z0-9]{0,82}1[02-9ac-hj-np-z]{38,58}$/,
}

export const isChainSiwxNamespace = (namespace: string): namespace is ChainSiwxNamespace =>
  Object.hasOwn(chainSiwxNamespaces, namespace)

const malformed = (details: string): never => {
  throw new SiwxError('siwxInvalidMessage', `Malformed sign-in message: ${details}`)
}

/** What a sign-in's fields must be for its text to say them and nothing else; its namespace. */
function assertChainFields(data: SiwxMessageData): ChainSiwxNamespace {
  const namespace = namespaceOf(data.chainId)
  if (!isCaipNetworkId(data.chainId) || !namespace || !isChainSiwxNamespace(namespace))
    return malformed(
      `chain id "${data.chainId}" is not a CAIP-2 Bitcoin, Polkadot or Cosmos network.`,
    )
  if (!data.domain || /[\s/]/.test(data.domain))
    malformed(`the domain "${data.domain}" is not an RFC 3986 authority.`)
  if (!addressForms[namespace].test(data.accountAddress))
    malformed(`"${data.accountAddress}" is not a ${chainSiwxNamespaces[namespace]} address.`)
  if (data.statement?.includes('\n')) malformed('the statement has a line break.')
  if (!isUri(data.uri)) malformed(`the URI "${data.uri}" is not an RFC 3986 URI.`)
  if (data.version !== '1') malformed(`version "${data.version}" is not 1.`)
  for (const resource of data.resources ?? [])
    if (!isUri(resource)) malformed(`the resource "${resource}" is not an RFC 3986 URI.`)
  for (const [name, value] of Object.entries(data))
    for (const field of [value ?? ''].flat())
      if (field.includes('\n') || field !== field.trim())
        malformed(`the ${name} has a line break or spaces around it.`)
  return namespace
}

/**
 * The text a Bitcoin, Polkadot or Cosmos wallet signs to sign in.
 * @throws SiwxError `siwxInvalidMessage` for fields the text cannot carry as they are.
 * @example
 * createChainSiwxMessage({ domain: 'shop.example', accountAddress: 'bc1q…', chainId: 'bip122:000000000019d6689c085ae165831e93', … })
 * // 'shop.example wants you to sign in with your Bitcoin account:\nbc1q…\n\n…\n\nURI: https://shop.example\nVersion: 1\nChain ID: bip122:000000000019d6689c085ae165831e93\n…'
 */
export function createChainSiwxMessage(data: SiwxMessageData): string {
  const namespace = assertChainFields(data)
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
  return `${origin} wants you to sign in with your ${chainSiwxNamespaces[namespace]} account:\n${data.accountAddress}\n\n${statement}\n${lines.join('\n')}`
}

/**
 * The fields of a Bitcoin, Polkadot or Cosmos sign-in text, which must be the one
 * {@link createChainSiwxMessage} writes of them (its header's chain word that of its Chain ID).
 * @throws SiwxError `siwxInvalidMessage` naming what is wrong.
 */
export function parseChainSiwxMessage(text: string): SiwxMessageData {
  const lines = text.split('\n')
  const header = firstLine.exec(lines[0] ?? '')
  if (!header)
    return malformed(
      'its first line is not "<domain> wants you to sign in with your <Bitcoin, Polkadot or Cosmos> account:".',
    )
  const [, scheme, domain = '', word] = header
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
  if (createChainSiwxMessage(data) !== text)
    malformed(`it is not in the canonical Sign In With ${word} form.`)
  return data
}
