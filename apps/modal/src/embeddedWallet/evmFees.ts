/**
 * The network fee of an `eth_sendTransaction`, set before the visitor is asked: the site's gas
 * and fee fields checked against the wallet's own estimate (at most `feeCapMultiple` times it,
 * else refused), the ones it left out filled from the estimate, and the maximum fee the
 * transaction can cost, which the approval shows and the send keeps to.
 */
import { formatGwei } from 'viem'
import type { CheckedTransaction } from './evmTransaction'
import { invalid } from './signerInput'

/**
 * How many times the wallet's own estimate a site's gas limit or fee per gas may be. Above it, the
 * request is refused: a fee the visitor didn't choose is never paid silently.
 */
export const feeCapMultiple = 3n

/** The wallet's estimate on the network now: the gas the call needs and the fee per gas. */
export type FeeEstimate = { gas: bigint } & (
  | { gasPrice: bigint }
  | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
)

/** The gas and fees a transaction is sent with, and the most its fee can be (gas × fee per gas). */
export type SetFees = { gas: bigint; maxFee: bigint } & (
  | { gasPrice: bigint }
  | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
)

/**
 * The gas and fees to send `transaction` with: the site's where it gave them (each at most
 * `feeCapMultiple` × the estimate; the fees per gas against the estimate's fee per gas), the
 * estimate's elsewhere.
 *
 * @throws InvalidParamsError (-32602) naming the field, its value and the cap.
 * @example
 * setFees('eth_sendTransaction', { to, value: 0n, gasPrice: 10n ** 15n }, { gas: 21_000n, gasPrice: 10n ** 9n })
 * // throws: gasPrice 1000000 gwei is more than 3 gwei, 3× the network's fee now (1 gwei)…
 */
export function setFees(
  method: string,
  transaction: CheckedTransaction,
  estimate: FeeEstimate,
): SetFees {
  const perGas = 'gasPrice' in estimate ? estimate.gasPrice : estimate.maxFeePerGas
  const site = transaction as Partial<
    Record<'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas', bigint>
  >

  if (transaction.gas !== undefined && transaction.gas > feeCapMultiple * estimate.gas)
    throw invalid(
      `${method}: gas ${transaction.gas} is more than ${feeCapMultiple * estimate.gas}, ${feeCapMultiple}× the wallet's estimate (${estimate.gas}); leave it out and the wallet sets it.`,
    )
  for (const name of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const given = site[name]
    if (given !== undefined && given > feeCapMultiple * perGas)
      throw invalid(
        `${method}: ${name} ${formatGwei(given)} gwei is more than ${formatGwei(feeCapMultiple * perGas)} gwei, ${feeCapMultiple}× the network's fee now (${formatGwei(perGas)} gwei); leave it out and the wallet sets it.`,
      )
  }

  const gas = transaction.gas ?? estimate.gas
  if (site.gasPrice !== undefined || 'gasPrice' in estimate) {
    const gasPrice = site.gasPrice ?? perGas
    return { gas, gasPrice, maxFee: gas * gasPrice }
  }
  // The priority fee the site gave goes on top of the estimate's base part, within the cap.
  const withSitePriority =
    site.maxPriorityFeePerGas !== undefined
      ? perGas - estimate.maxPriorityFeePerGas + site.maxPriorityFeePerGas
      : perGas
  const maxFeePerGas =
    site.maxFeePerGas ??
    (withSitePriority < feeCapMultiple * perGas ? withSitePriority : feeCapMultiple * perGas)
  const maxPriorityFeePerGas =
    site.maxPriorityFeePerGas ??
    (estimate.maxPriorityFeePerGas < maxFeePerGas ? estimate.maxPriorityFeePerGas : maxFeePerGas)
  return { gas, maxFeePerGas, maxPriorityFeePerGas, maxFee: gas * maxFeePerGas }
}

/**
 * A site's `nonce`, when it gave one, must be the account's next (`next`: its pending
 * transaction count on the chain). Any other is refused, not replaced: a site that picks the
 * nonce could replace or stall the visitor's own pending transactions.
 *
 * @throws InvalidParamsError (-32602) naming both.
 */
export function assertNextNonce(method: string, nonce: number | undefined, next: number) {
  if (nonce !== undefined && nonce !== next)
    throw invalid(
      `${method}: nonce ${nonce} is not the account's next one (${next}); leave it out and the wallet sets it.`,
    )
}
