/**
 * The capabilities of EIP-5792's `wallet_sendCalls` the smart account reads. Atomic batches every
 * batch is; ERC-7677's `paymasterService`, where a site names its own
 * paymaster service (`capabilities: { paymasterService: { url, context? } }`) and the smart
 * account asks it, not the project's, for the operation's paymaster (`pm_getPaymasterStubData`,
 * `pm_getPaymasterData`). Only a URL the project lets its sites name (its config's
 * `paymasterServices`) is used; another is refused with EIP-5792's 5700 unless the site marked
 * it optional, when it is left out and the account pays as without it. Any other capability is
 * refused unless marked optional.
 */
import { ProviderRpcError } from '@airlock/protocol'
import { http, type PublicClient, type Transport } from 'viem'
import { type BundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { invalid, isRecord, shown } from './signerInput'
import { smartAccountBundler } from './smartAccount'

/** EIP-5792's code for a required capability the wallet does not support. */
export const unsupportedCapability = 5700

/** The site's paymaster service a batch is sent with. */
export type PaymasterService = { url: string; context: Record<string, unknown> | undefined }

/** `capabilities` without `paymasterService`: the others are checked as any capability is. */
export function withoutPaymasterService(capabilities: unknown): unknown {
  if (!isRecord(capabilities) || !('paymasterService' in capabilities)) return capabilities
  const { paymasterService: _, ...others } = capabilities
  return others
}

/** The URL as the API stores a project's list (`new URL(…).href`), or undefined. */
const normalized = (url: string) => (URL.canParse(url) ? new URL(url).href : undefined)

/**
 * The paymaster service a batch's `capabilities` name, when the project allows it; undefined when
 * they name none, or an optional one it does not allow.
 * @throws ProviderRpcError 5700 for a required one not allowed; -32602 for one not of its form.
 */
export function paymasterServiceOf(
  at: string,
  capabilities: unknown,
  allowed: readonly string[],
): PaymasterService | undefined {
  if (!isRecord(capabilities) || capabilities.paymasterService === undefined) return undefined
  const asked = capabilities.paymasterService
  if (!isRecord(asked) || typeof asked.url !== 'string')
    throw invalid(`${at}: capabilities.paymasterService must be { url, context? }.`)
  if (asked.context !== undefined && !isRecord(asked.context))
    throw invalid(`${at}: capabilities.paymasterService.context must be an object.`)
  const url = normalized(asked.url)
  if (url === undefined || !allowed.includes(url)) {
    if (asked.optional === true) return undefined
    throw new ProviderRpcError(
      unsupportedCapability,
      `${at}: the paymaster service ${shown(asked.url)} is not one this site's project allows.`,
    )
  }
  return { url, context: asked.context }
}

/** The bundler client that asks the site's paymaster `service` for a user operation's paymaster. */
export const paymasterServiceBundler = (
  chain: PublicClient,
  transport: Transport,
  service: PaymasterService,
): BundlerClient =>
  smartAccountBundler(chain, transport, {
    paymaster: createPaymasterClient({ transport: http(service.url, { retryCount: 0 }) }),
  })

/** What `wallet_getCapabilities` says of a smart account's network, given the project's list. */
export const smartAccountCapabilities = (allowed: readonly string[]) => ({
  atomic: { status: 'supported' },
  ...(allowed.length ? { paymasterService: { supported: true } } : {}),
})

/**
 * EIP-5792: a capability the wallet does not support (it supports none beyond atomic batches,
 * which every batch is, and a batch's paymaster service) is refused unless marked optional, at the
 * batch's level or a call's.
 */
export function assertCapabilities(at: string, capabilities: unknown) {
  if (capabilities === undefined) return
  if (!isRecord(capabilities)) throw invalid(`${at}: capabilities must be an object.`)
  const required = Object.entries(capabilities).filter(
    ([, capability]) => !(isRecord(capability) && capability.optional === true),
  )
  if (required.length > 0)
    throw new ProviderRpcError(
      unsupportedCapability,
      `${at}: the wallet does not support the capabilities ${required.map(([name]) => name).join(', ')}.`,
    )
}
