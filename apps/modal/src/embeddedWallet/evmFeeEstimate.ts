/**
 * The wallet's own gas and fee estimate for an `eth_sendTransaction`, which the site's fields are
 * capped against (evmFees.ts) and the approval's maximum fee is made of. A call whose gas
 * estimate reverts still reaches the approval, as in MetaMask: its gas is then the site's `gas`,
 * or a fallback share of the block's gas limit, and the simulation on the screen shows the revert
 * with its reason (Approve asks twice). Any other failure (the RPC down, too little to pay for
 * the fee…) fails the request as before.
 */
import {
  type Account,
  type Chain,
  Eip1559FeesNotSupportedError,
  ExecutionRevertedError,
  type PublicClient,
  type Transport,
  BaseError as ViemError,
  type WalletClient,
} from 'viem'
import type { FeeEstimate } from './evmFees'
import type { CheckedTransaction } from './evmTransaction'

/**
 * The gas limit of a call whose estimate reverts and that named no `gas`, in percent of the
 * latest block's gas limit: MetaMask's fallback (its transaction controller's
 * `GAS_ESTIMATE_FALLBACK_BLOCK_PERCENT`). High enough for the call to run to its revert on chain,
 * so the fee shown is what it may cost.
 */
export const revertedGasFallbackPercent = 35n

type SignerWallet = WalletClient<Transport, Chain, Account>
// viem's request type, which infers the fee kind from a literal: a CheckedTransaction has one
// kind (a union), which it can't infer from, so it is passed as it.
type PrepareRequest = Parameters<SignerWallet['prepareTransactionRequest']>[0]

/**
 * The wallet's own gas and fee estimate for `transaction` on its network, of the fee kind the
 * site chose (legacy `gasPrice`, else EIP-1559 where the network has it). The gas is estimated
 * without the site's gas and fees; when that estimate reverts, `reverts` is set and the gas is
 * the fallback (`revertedGasFallback`).
 */
export async function feeEstimate(
  chain: PublicClient<Transport, Chain>,
  wallet: SignerWallet,
  transaction: CheckedTransaction,
): Promise<FeeEstimate & { reverts?: true }> {
  const { to, value, data, accessList } = transaction
  const legacy =
    'gasPrice' in transaction || transaction.type === 'legacy' || transaction.type === 'eip2930'
  const eip1559 =
    transaction.type === 'eip1559' ||
    'maxFeePerGas' in transaction ||
    'maxPriorityFeePerGas' in transaction
  const [gas, fees] = await Promise.all([
    wallet
      .prepareTransactionRequest({
        to,
        value,
        ...(data ? { data } : {}),
        ...(accessList ? { accessList } : {}),
        parameters: ['gas'],
      } as PrepareRequest)
      .then(
        ({ gas }) => ({ gas }),
        async (error: unknown) => {
          if (!isRevert(error)) throw error
          return { gas: await revertedGasFallback(chain, transaction), reverts: true as const }
        },
      ),
    legacy
      ? chain.estimateFeesPerGas({ type: 'legacy' })
      : chain.estimateFeesPerGas({ type: 'eip1559' }).catch((error: unknown) => {
          // A network without EIP-1559: its gas price, unless the site asked for EIP-1559 fees.
          if (eip1559 || !(error instanceof Eip1559FeesNotSupportedError)) throw error
          return chain.estimateFeesPerGas({ type: 'legacy' })
        }),
  ])
  return fees.gasPrice !== undefined
    ? { ...gas, gasPrice: fees.gasPrice }
    : {
        ...gas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      }
}

/**
 * The gas of a call whose estimate reverts: the site's own `gas` when it gave one (then within
 * the cap by construction), else `revertedGasFallbackPercent` of the latest block's gas limit.
 */
export async function revertedGasFallback(
  chain: PublicClient,
  transaction: Pick<CheckedTransaction, 'gas'>,
): Promise<bigint> {
  if (transaction.gas !== undefined) return transaction.gas
  const { gasLimit } = await chain.getBlock({ blockTag: 'latest' })
  return (gasLimit * revertedGasFallbackPercent) / 100n
}

/** Whether the node said the call reverts (EVM execution reverted, code 3), not another failure. */
export function isRevert(error: unknown): boolean {
  return (
    error instanceof ViemError &&
    error.walk((cause) => cause instanceof ExecutionRevertedError) !== null
  )
}
