/**
 * EIP-5792's `wallet_getCallsStatus` and `wallet_showCallsStatus` for the smart account
 * (smartAccountSigner.ts): the id carries the batch's chain and user operation hash under this
 * account's tag (batchId.ts), so a status is answered after a reload, from the bundler's receipt
 * (100 pending, 200 confirmed, 500 reverted: the batch is one operation, all or nothing). An
 * operation the visitor sped up or cancelled (sentOperations.ts) answers for what landed with its
 * nonce: the speed-up's receipt, or 400 for a cancelled one (not included, and never will be).
 */
import {
  evmChainId,
  type NetworkConfig,
  ProviderRpcError,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import type { Hex } from 'viem'
import { type BundlerClient, UserOperationReceiptNotFoundError } from 'viem/account-abstraction'
import { type BatchIds, unknownBundleId } from './batchId'
import { callsReceiptOf } from './eoaBatch'
import { positional } from './requestDispatcher'
import { shown } from './signerInput'

export type SmartAccountCallsStatusOptions = {
  ids: BatchIds
  networks: readonly NetworkConfig[]
  bundlerOf(network: NetworkConfig): Promise<BundlerClient>
  /** A bundler's error as the site reads it (smartAccountSigner's `userOperationError`). */
  errorOf(error: unknown, network: NetworkConfig): Error
  /** The operation that landed with a sent one's nonce in its place (sentOperations.ts). */
  landedInstead?(
    network: NetworkConfig,
    sent: { hash: Hex; nonce: bigint; fromBlock: bigint },
  ): Promise<{ hash: Hex; cancelled: boolean } | undefined>
  /** How the visitor may speed up or cancel a batch sent from this frame, if it was. */
  replaceOf?(network: NetworkConfig, hash: Hex): ReplaceOf | undefined
  /** Shows a batch's status to the visitor; without it, `wallet_showCallsStatus` is 4200. */
  showCallsStatus?:
    | ((id: string, status: () => Promise<unknown>, replace?: ReplaceOf) => Promise<void>)
    | undefined
}

/** Speeds up or cancels a pending batch (smartAccountSigner's `ReplacePending`). */
type ReplaceOf = (how: 'speedUp' | 'cancel') => Promise<void>

export function smartAccountCallsStatus(options: SmartAccountCallsStatusOptions) {
  const { ids } = options

  async function callsStatus(params: RequestArguments['params']) {
    const [id] = positional('wallet_getCallsStatus', params, ['id'])
    // The id carries the batch (batchId.ts): this account's own, else 5730.
    const { kind, chainId, hashes, sent } = ids.batchOf(id)
    const network = options.networks.find(
      ({ caipNetworkId }) => caipNetworkId === `eip155:${chainId}`,
    )
    const [hash] = hashes
    if (kind !== 'userOperation' || !network || !hash || hashes.length !== 1)
      throw new ProviderRpcError(
        unknownBundleId,
        `Unknown bundle id ${shown(id)}: this account sent no such batch on the site's networks.`,
      )
    const bundler = await options.bundlerOf(network)
    const base = {
      version: '2.0.0',
      id: id as string,
      chainId: evmChainId(network.caipNetworkId),
      atomic: true,
    }
    try {
      const landed = await bundler.getUserOperationReceipt({ hash }).catch(async (error) => {
        // Not included: a replacement may have been, with its nonce.
        if (!(error instanceof UserOperationReceiptNotFoundError) || !sent) throw error
        const instead = await options.landedInstead?.(network, { hash, ...sent })
        if (!instead) throw error
        return instead.cancelled
          ? undefined
          : bundler.getUserOperationReceipt({ hash: instead.hash })
      })
      // EIP-5792's 400: not included on chain, and never will be (the visitor cancelled it).
      if (!landed) return { ...base, status: 400 }
      const { success, receipt } = landed
      return {
        ...base,
        // EIP-5792: 200 confirmed, 500 reverted on chain (the batch is atomic: all or nothing).
        status: success ? 200 : 500,
        // The operation's outcome, not its bundle's (which succeeds when the operation reverts).
        receipts: [{ ...callsReceiptOf(receipt), status: success ? '0x1' : '0x0' }],
      }
    } catch (error) {
      if (error instanceof UserOperationReceiptNotFoundError) return { ...base, status: 100 }
      throw options.errorOf(error, network)
    }
  }

  /** This account's batch (else 5730, nothing shown), in the modal's CallsStatus. */
  async function showCallsStatus(params: RequestArguments['params']) {
    const [id] = positional('wallet_showCallsStatus', params, ['id'])
    if (!options.showCallsStatus)
      throw new UnsupportedMethodError({ message: 'The wallet can show no status here.' })
    const { chainId, hashes } = ids.batchOf(id)
    const network = options.networks.find(
      ({ caipNetworkId }) => caipNetworkId === `eip155:${chainId}`,
    )
    const replace = network && hashes[0] ? options.replaceOf?.(network, hashes[0]) : undefined
    await options.showCallsStatus(id as string, () => callsStatus([id]), replace)
    return null
  }

  return { callsStatus, showCallsStatus }
}
