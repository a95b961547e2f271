/**
 * Reads a CAIP-122 sign-in message back into its fields, strictly: EIP-4361 (SIWE) with
 * spruceid's ABNF parser (the reference grammar, EIP-55 addresses included), Sign In With
 * Solana with the Wallet Standard's parser and then only in its canonical form (the text
 * `createSignInMessageText` makes of the fields), a Bitcoin, Polkadot or Cosmos sign-in only
 * in the form siwxChainMessage.ts writes, so a message means one thing to everyone who reads it. Anything
 * else is refused with what is wrong in it.
 */

import { isAddress as isSolanaAddress } from '@solana/kit'
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util'
import { isUri, ParsedMessage } from '@spruceid/siwe-parser'
import { type CaipNetworkId, isCaipNetworkId, namespaceOf } from './caip'
import { type SiwxMessageData, siwxLimits } from './siwx'
import { chainSiwxHeader, parseChainSiwxMessage } from './siwxChainMessage'
import { SiwxError } from './siwxError'

const ethereumHeader = / wants you to sign in with your Ethereum account:\n/
const solanaHeader = / wants you to sign in with your Solana account:\n/
// EIP-4361's date-time (RFC 3339): what `Date.parse` reads, with a zone.
const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

const malformed = (details: string): never => {
  throw new SiwxError('siwxInvalidMessage', `Malformed sign-in message: ${details}`)
}

/**
 * The fields of a sign-in message, with its chain id as a CAIP-2 network id.
 * @throws SiwxError `siwxInvalidMessage` naming what is wrong.
 */
export function parseSiwxMessage(text: string): SiwxMessageData {
  if (text.length > siwxLimits.messageChars)
    malformed(`longer than ${siwxLimits.messageChars} characters.`)
  const data = solanaHeader.test(text)
    ? parseSolana(text)
    : ethereumHeader.test(text)
      ? parseEthereum(text)
      : chainSiwxHeader.test(text)
        ? parseChainSiwxMessage(text)
        : malformed('it is not an Ethereum, Solana, Bitcoin, Polkadot or Cosmos sign-in.')
  for (const [name, value] of [
    ['Issued At', data.issuedAt],
    ['Expiration Time', data.expirationTime],
    ['Not Before', data.notBefore],
  ] as const)
    if (value !== undefined && !(dateTime.test(value) && Number.isFinite(Date.parse(value))))
      malformed(`${name} "${value}" is not an RFC 3339 date-time.`)
  if ((data.resources?.length ?? 0) > siwxLimits.resources)
    malformed(`more than ${siwxLimits.resources} resources.`)
  if (!/^[A-Za-z0-9]{8,}$/.test(data.nonce))
    malformed('the nonce is not 8 or more letters and digits.')
  return data
}

function parseEthereum(text: string): SiwxMessageData {
  let parsed: ParsedMessage
  try {
    parsed = new ParsedMessage(text)
  } catch (error) {
    return malformed(error instanceof Error ? error.message : String(error))
  }
  return withoutUnset({
    scheme: parsed.scheme,
    domain: parsed.domain,
    accountAddress: parsed.address,
    chainId: `eip155:${parsed.chainId}` as CaipNetworkId,
    statement: parsed.statement,
    uri: parsed.uri,
    version: parsed.version as '1',
    nonce: parsed.nonce,
    issuedAt: parsed.issuedAt,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore,
    requestId: parsed.requestId,
    resources: parsed.resources,
  })
}

function parseSolana(text: string): SiwxMessageData {
  const parsed = parseSignInMessageText(text)
  if (!parsed) return malformed('it does not follow the Sign In With Solana format.')
  if (createSignInMessageText(parsed) !== text)
    malformed('it is not in the canonical Sign In With Solana form.')
  const { domain, address, uri, version, chainId, nonce, issuedAt } = parsed
  // What the text makes of its fields must be what they say: no line in the statement that
  // reads like a field, no field with spaces around it (the Wallet Standard's text keeps both).
  if (parsed.statement?.includes('\n')) malformed('the statement has a line break.')
  for (const [name, value] of Object.entries(parsed))
    for (const field of [value ?? ''].flat())
      if (field !== field.trim()) malformed(`the ${name} has spaces around it.`)
  if (!isSolanaAddress(address)) malformed(`"${address}" is not a Solana address.`)
  if (!uri || !isUri(uri)) malformed(`the URI "${uri ?? ''}" is not an RFC 3986 URI.`)
  for (const resource of parsed.resources ?? [])
    if (!isUri(resource)) malformed(`the resource "${resource}" is not an RFC 3986 URI.`)
  if (version !== '1') malformed(`version "${version}" is not 1.`)
  if (namespaceOf(chainId) !== 'solana' || !isCaipNetworkId(chainId))
    malformed(`chain id "${chainId}" is not a CAIP-2 Solana network.`)
  if (!nonce) malformed('it has no nonce.')
  if (!issuedAt) malformed('it has no Issued At.')
  return withoutUnset({
    domain,
    accountAddress: address,
    chainId: chainId as CaipNetworkId,
    statement: parsed.statement,
    uri: uri as string,
    version: '1',
    nonce: nonce as string,
    issuedAt: issuedAt as string,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore,
    requestId: parsed.requestId,
    resources: parsed.resources ? [...parsed.resources] : undefined,
  })
}

/** The fields as read, leaving out the optional ones a message does not have. */
function withoutUnset(data: SiwxMessageData): SiwxMessageData {
  return Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined),
  ) as SiwxMessageData
}
