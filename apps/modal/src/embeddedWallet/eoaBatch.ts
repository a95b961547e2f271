/**
 * EIP-5792 for the embedded wallet's EOA (issue 35 point 5): an EOA can't make calls atomically,
 * so a `wallet_sendCalls` batch (`atomicRequired: false`) is approved once, as the smart
 * account's is (kind 'calls'), then sent as transactions in order, on consecutive nonces, each
 * with the gas and fees evmSigner sets for one transaction (its fee rules: `prepare`). The id
 * carries the chain and the transactions' hashes (batchId.ts), and `wallet_getCallsStatus`
 * follows every receipt: 100 while one is pending, 200 all confirmed, 500 none landed
 * successfully, 600 some did.
 *
 * Each call's gas is set before the visitor is asked: its own estimate, and its gas when the calls
 * run in sequence (batchGas.ts, `eth_simulateV1`), so a call that only works after an earlier one
 * of the batch (approve, then swap or transferFrom) gets the gas it needs there, not the fallback
 * of a call that reverts. One that reverts even in sequence keeps the fallback, and the approval
 * screen's simulation (of the calls in sequence too) shows the revert. Not atomic: a later call
 * that fails on chain leaves the earlier ones landed (600); the smart account's batches are.
 */
import {
  evmChainId,
  type NetworkConfig,
  ProviderRpcError,
  parseCaipNetworkId,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import {
  type Hex,
  type PrivateKeyAccount,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import { afterApproval, type ReportFailure } from './afterApproval'
import { readBatchCalls } from './batchCalls'
import { sequencedGas, sequencedGasOf } from './batchGas'
import { type BatchIds, batchIds, unknownBundleId } from './batchId'
import { type FeeEstimate, setFees } from './evmFees'
import type { ApprovalRequest, EvmClients, SendRequest } from './evmSigner'
import type { CheckedTransaction } from './evmTransaction'
import { positional } from './requestDispatcher'
import { shown } from './signerInput'

/** What the EOA's provider (evmSigner.ts) lends its batches: its clients, fee rules and turn. */
export type EoaBatchOptions = {
  account: PrivateKeyAccount
  /** The site's EVM networks. */
  networks: readonly NetworkConfig[]
  /** The network a request goes to now. */
  active(): NetworkConfig
  assertOwnAddress(method: string, value: unknown): void
  clientsOf(network: NetworkConfig): EvmClients
  /** The wallet's gas and fee estimate of one transaction (evmSigner's); `reverts` when alone it does. */
  feeEstimate(
    chain: EvmClients['chain'],
    wallet: EvmClients['wallet'],
    transaction: CheckedTransaction,
  ): Promise<FeeEstimate & { reverts?: true }>
  /** Runs a send after the last one reached the RPC, so nonces follow each other. */
  inTurn<result>(send: () => Promise<result>): Promise<result>
  /** Asks the visitor; rejects 4001 on a no. */
  approved(request: ApprovalRequest): Promise<void>
  onFailedAfterApproval?: ReportFailure | undefined
  /** Shows a batch's status to the visitor (`wallet_showCallsStatus`); without it, 4200. */
  showCallsStatus?: ((id: string, status: () => Promise<unknown>) => Promise<void>) | undefined
  /** An RPC's error as the site reads it (evmSigner's `providerErrorOf`). */
  providerErrorOf(error: unknown, network: NetworkConfig): Error
}

/** A receipt as EIP-5792's `wallet_getCallsStatus` lists it. */
export function callsReceiptOf(receipt: TransactionReceipt) {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: `0x${receipt.blockNumber.toString(16)}`,
    gasUsed: `0x${receipt.gasUsed.toString(16)}`,
    transactionHash: receipt.transactionHash,
  }
}

/** The EOA's `wallet_sendCalls` and `wallet_getCallsStatus`. */
export function eoaBatch(options: EoaBatchOptions) {
  const { account, onFailedAfterApproval, providerErrorOf } = options
  const from = account.address
  let ids: Promise<BatchIds> | undefined
  const idsOf = () => {
    ids ??= batchIds(account, from)
    return ids
  }

  /**
   * One call's transaction with the gas and fees evmSigner would send it with, and its max fee.
   * `usedInSequence` is the gas it used after the batch's earlier calls, when known: with its
   * headroom it stands in for an estimate that reverted alone, or one lower than that use.
   */
  async function prepare(
    network: NetworkConfig,
    transaction: CheckedTransaction,
    usedInSequence: bigint | undefined,
  ) {
    const { chain, wallet } = options.clientsOf(network)
    const own = await options.feeEstimate(chain, wallet, transaction).catch((error: unknown) => {
      throw providerErrorOf(error, network)
    })
    const { reverts, ...estimate } = own
    const gas =
      usedInSequence !== undefined && (reverts || usedInSequence > estimate.gas)
        ? sequencedGasOf(usedInSequence)
        : estimate.gas
    const { maxFee, ...fees } = setFees('wallet_sendCalls', transaction, { ...estimate, gas })
    return { transaction: { ...transaction, ...fees }, maxFee }
  }

  /**
   * Sends in one turn, so no other send takes a nonce between the batch's. A failure after the
   * first was sent ends the batch there (the visitor is told): the hashes of those sent.
   */
  function sendInOrder(network: NetworkConfig, transactions: CheckedTransaction[]) {
    return afterApproval(onFailedAfterApproval, () =>
      options.inTurn(async () => {
        const { chain, wallet } = options.clientsOf(network)
        const hashes: Hex[] = []
        try {
          let nonce = await chain.getTransactionCount({ address: from, blockTag: 'pending' })
          for (const transaction of transactions)
            hashes.push(
              await wallet.sendTransaction({ ...transaction, nonce: nonce++ } as SendRequest),
            )
        } catch (error) {
          if (hashes.length === 0) throw providerErrorOf(error, network)
          onFailedAfterApproval?.(providerErrorOf(error, network))
        }
        return hashes
      }),
    )
  }

  async function sendCalls(params: RequestArguments['params']) {
    const [batch] = positional('wallet_sendCalls', params, ['{ version, chainId, calls }'])
    const network = options.active()
    const calls = readBatchCalls(batch, {
      network,
      assertOwnAddress: options.assertOwnAddress,
      atomic: false,
    })
    // A later call may need an earlier one's effects: the gas it uses in sequence (batchGas.ts).
    const inSequence =
      calls.length > 1
        ? await sequencedGas(options.clientsOf(network).chain, from, calls)
        : undefined
    const sends = await Promise.all(
      calls.map(({ to, value, data }, index) =>
        prepare(network, { to, value, ...(data ? { data } : {}) }, inSequence?.[index]),
      ),
    )
    const maxFee = sends.reduce((sum, send) => sum + send.maxFee, 0n)
    await options.approved({
      kind: 'calls',
      network: network.caipNetworkId,
      from,
      calls,
      fee: { maxFee },
    })
    const batchIdsOf = await idsOf()
    const hashes = await sendInOrder(
      network,
      sends.map(({ transaction }) => transaction),
    )
    // A call never sent (one before it failed to send) has no hash: zero, which never lands.
    const all = calls.map((_, index) => hashes[index] ?? neverSent)
    const chainId = BigInt(parseCaipNetworkId(network.caipNetworkId).reference)
    return { id: batchIdsOf.idOf({ kind: 'transactions', chainId, hashes: all }) }
  }

  async function callsStatus(params: RequestArguments['params']) {
    const [id] = positional('wallet_getCallsStatus', params, ['id'])
    const { kind, chainId, hashes } = (await idsOf()).batchOf(id)
    const network = options.networks.find(
      ({ caipNetworkId }) => caipNetworkId === `eip155:${chainId}`,
    )
    if (kind !== 'transactions' || !network)
      throw new ProviderRpcError(
        unknownBundleId,
        `Unknown bundle id ${shown(id)}: this account sent no such batch on the site's networks.`,
      )
    const { chain } = options.clientsOf(network)
    const receipts = await Promise.all(
      hashes.map((hash) =>
        hash === neverSent
          ? null
          : chain.getTransactionReceipt({ hash }).catch((error: unknown) => {
              if (error instanceof TransactionReceiptNotFoundError) return undefined
              throw providerErrorOf(error, network)
            }),
      ),
    )
    const landed = receipts.filter((receipt) => receipt) as TransactionReceipt[]
    const succeeded = landed.filter(({ status }) => status === 'success').length
    const status = receipts.includes(undefined)
      ? 100
      : succeeded === hashes.length
        ? 200
        : succeeded === 0
          ? 500
          : 600
    return {
      version: '2.0.0',
      id: id as string,
      chainId: evmChainId(network.caipNetworkId),
      atomic: false,
      status,
      ...(landed.length > 0 ? { receipts: landed.map(callsReceiptOf) } : {}),
    }
  }

  /** EIP-5792's `wallet_showCallsStatus`: this account's batch (else 5730), in CallsStatus. */
  async function showCallsStatus(params: RequestArguments['params']) {
    const [id] = positional('wallet_showCallsStatus', params, ['id'])
    if (!options.showCallsStatus)
      throw new UnsupportedMethodError({ message: 'The wallet can show no status here.' })
    const ids = await idsOf()
    ids.batchOf(id) // 5730 for an id this account did not send, before anything is shown
    await options.showCallsStatus(id as string, () => callsStatus([id]))
    return null
  }

  return { sendCalls, callsStatus, showCallsStatus }
}

const neverSent = `0x${'00'.repeat(32)}` as Hex
