/**
 * Whether a sign-in message is the one it must be where it is used: for the site it was sent
 * from (domain, scheme, URI), for the account the frame connected, and in its time. The API
 * holds every sign-in to these before it keeps a session; the frame holds a message a site made
 * itself (createAirlock's `siwxHandler`) to them before a wallet is asked to sign it, so the modal
 * never asks for a signature meant for another site.
 */

import type { CaipNetworkId } from './caip'
import { namespaceOf } from './caip'
import { type SiwxMessageData, siwxDomain } from './siwx'
import { SiwxError } from './siwxError'

/** Clock skew allowed between the visitor's device and the checker for Issued At and Not Before. */
export const siwxClockSkewMs = 60_000

/**
 * @throws SiwxError `siwxDomainMismatch` or `siwxUriMismatch` when the message is for another
 *   site than `hostOrigin`.
 */
export function assertSiwxForHost(data: SiwxMessageData, hostOrigin: string) {
  const site = new URL(hostOrigin)
  if (
    data.domain !== siwxDomain(hostOrigin) ||
    (data.scheme && `${data.scheme}:` !== site.protocol)
  )
    throw new SiwxError(
      'siwxDomainMismatch',
      `The message is for ${data.domain}, not for ${site.host}, the site it was sent from.`,
    )
  let uri: URL | undefined
  try {
    uri = new URL(data.uri)
  } catch {}
  if (uri?.origin !== site.origin)
    throw new SiwxError(
      'siwxUriMismatch',
      `The message's URI ${data.uri} is not on ${site.origin}, the site it was sent from.`,
    )
}

/**
 * @throws SiwxError `siwxAddressMismatch` when the message is not for `address` on `chainId`
 *   (EVM addresses compared in any case).
 */
export function assertSiwxForAccount(
  data: SiwxMessageData,
  account: { address: string; chainId: CaipNetworkId | string },
) {
  const evm = namespaceOf(data.chainId) === 'eip155'
  const same = evm
    ? data.accountAddress.toLowerCase() === account.address.toLowerCase()
    : data.accountAddress === account.address
  if (!same || data.chainId !== account.chainId)
    throw new SiwxError(
      'siwxAddressMismatch',
      `The message is for ${data.accountAddress} on ${data.chainId}; the connected account is ${account.address} on ${account.chainId}.`,
    )
}

/**
 * @throws SiwxError `siwxMessageExpired`, or `siwxMessageNotYetValid` (issued or valid only
 *   later than `at`, beyond the clock skew).
 */
export function assertSiwxInTime(data: SiwxMessageData, at: number) {
  if (data.expirationTime && Date.parse(data.expirationTime) <= at)
    throw new SiwxError('siwxMessageExpired', `The message expired at ${data.expirationTime}.`)
  if (Date.parse(data.issuedAt) > at + siwxClockSkewMs)
    throw new SiwxError(
      'siwxMessageNotYetValid',
      `The message is issued at ${data.issuedAt}, which is still to come.`,
    )
  if (data.notBefore && Date.parse(data.notBefore) > at + siwxClockSkewMs)
    throw new SiwxError('siwxMessageNotYetValid', `The message is valid from ${data.notBefore}.`)
}
