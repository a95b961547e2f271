/**
 * EIP-5792's `wallet_getCallsStatus` and `wallet_showCallsStatus` for the smart account
 * (smartAccountSigner.ts): the id carries the batch's chain and user operation hash under this
 * account's tag (batchId.ts), so a status is answered after a reload, from the bundler's receipt
 * (100 pending, 200 confirmed, 500 reverted: the batch is one operation, all or nothing).
 */
import {
  evmChainId,
  type NetworkConfig,
  ProviderRpcError,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
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
  /** Shows a batch's status to the visitor; without it, `wallet_showCallsStatus` is 4200. */
  showCallsStatus?: ((id: string, status: () => Promise<unknown>) => Promise<void>) | undefined
}

export function smartAccountCallsStatus(options: SmartAccountCallsStatusOptions) {
  const { ids } = options

  async function callsStatus(params: RequestArguments['params']) {
    const [id] = positional('wallet_getCallsStatus', params, ['id'])
    // The id carries the batch (batchId.ts): this account's own, else 5730.
    const { kind, chainId, hashes } = ids.batchOf(id)
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
      const { success, receipt } = await bundler.getUserOperationReceipt({ hash })
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
    ids.batchOf(id)
    await options.showCallsStatus(id as string, () => callsStatus([id]))
    return null
  }

  return { callsStatus, showCallsStatus }
}
