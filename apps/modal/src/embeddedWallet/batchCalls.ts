/**
 * The calls of an EIP-5792 `wallet_sendCalls` batch, every field checked: the version, the chain
 * (the active network's), `from` (this account, when given), 1 to 16 calls of an address, a hex
 * value and hex data; the capabilities the provider reading them does not support are refused
 * (5700) unless optional, and `atomicRequired` where its batches are not atomic (5760).
 * The EOA's batches (eoaBatch.ts) and the smart account's (smartAccountSigner.ts, atomic, with
 * the paymaster service it supports) are read here.
 */
import {
  errorCodes,
  type NetworkConfig,
  ProviderRpcError,
  parseCaipNetworkId,
} from '@airlock/protocol'
import { getAddress, type Hex, isAddress, isHex } from 'viem'
import type { ApprovalCall } from './evmSigner'
import { assertCapabilities } from './sendCallsCapabilities'
import { invalid, isRecord, shown } from './signerInput'

/** The most calls one batch may make. */
export const maxBatchCalls = 16

/** EIP-5792's code for `atomicRequired: true` to a wallet whose batches are not atomic. */
export const atomicityNotSupported = 5760

export type BatchReading = {
  network: NetworkConfig
  assertOwnAddress(method: string, value: unknown): void
  /** Whether the account's batches are atomic; if not, `atomicRequired: true` is 5760. */
  atomic: boolean
  /** The batch's capabilities less those the account supports; by default, all of them. */
  unsupported?: (capabilities: unknown) => unknown
}

/**
 * @example
 * const calls = readBatchCalls({ version: '2.0.0', chainId: '0x1', atomicRequired: false, calls }, { network, assertOwnAddress, atomic: false })
 */
export function readBatchCalls(
  batch: unknown,
  { network, assertOwnAddress, atomic, unsupported = (capabilities) => capabilities }: BatchReading,
): ApprovalCall[] {
  const method = 'wallet_sendCalls'
  if (!isRecord(batch)) throw invalid(`${method} takes [{ version, chainId, calls }].`)
  if (batch.version !== undefined && typeof batch.version !== 'string')
    throw invalid(`${method}: version must be a string such as "2.0.0".`)
  if (typeof batch.chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(batch.chainId))
    throw invalid(
      `${method}: chainId must be a hex chain id such as 0x1, not ${shown(batch.chainId)}.`,
    )
  const chainId = BigInt(batch.chainId)
  const networkChainId = BigInt(parseCaipNetworkId(network.caipNetworkId).reference)
  if (chainId !== networkChainId)
    throw new ProviderRpcError(
      errorCodes.unrecognizedChain,
      `${method}: chainId ${chainId} is not the active network's (${networkChainId}, ${network.name}).`,
    )
  if (batch.from !== undefined) assertOwnAddress(method, batch.from)
  if (batch.atomicRequired !== undefined && typeof batch.atomicRequired !== 'boolean')
    throw invalid(`${method}: atomicRequired must be true or false.`)
  if (batch.atomicRequired === true && !atomic)
    throw new ProviderRpcError(
      atomicityNotSupported,
      `${method}: this account can't make calls atomically (all or none); send them with atomicRequired: false, one transaction each.`,
    )
  assertCapabilities(method, unsupported(batch.capabilities))
  const { calls } = batch
  if (!Array.isArray(calls) || calls.length === 0)
    throw invalid(`${method}: calls must be a non-empty list of { to, value, data }.`)
  if (calls.length > maxBatchCalls)
    throw invalid(`${method}: a batch makes at most ${maxBatchCalls} calls, not ${calls.length}.`)
  return calls.map((call, index) => {
    const at = `${method}: calls[${index}]`
    if (!isRecord(call)) throw invalid(`${at} must be { to, value, data }.`)
    if (typeof call.to !== 'string' || !isAddress(call.to))
      throw invalid(`${at}.to ${shown(call.to)} is not an address.`)
    const value = call.value ?? '0x0'
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
      throw invalid(`${at}.value must be a hex quantity such as 0x1, not ${shown(call.value)}.`)
    const data = call.data ?? undefined
    if (data !== undefined && (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0))
      throw invalid(`${at}.data must be 0x-prefixed hex bytes, not ${shown(data)}.`)
    assertCapabilities(at, call.capabilities)
    const to = getAddress(call.to)
    const bytes = data && data !== '0x' ? (data.toLowerCase() as Hex) : undefined
    return { to, value: BigInt(value), ...(bytes ? { data: bytes } : {}) }
  })
}
