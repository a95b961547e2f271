/**
 * A balance change as the approval screen shows it: signed with a true minus or a plus, the
 * integer part in groups of three, the fraction whole (this is where the visitor checks it).
 */
import { formatUnits } from 'viem'

/**
 * @example
 * signedAmount(-500000000000000000n, 18, 'ETH') // '−0.5 ETH'
 * signedAmount(1000000000n, 6, 'aUSD') // '+1,000 aUSD'
 */
export function signedAmount(diff: bigint, decimals: number, symbol: string): string {
  const sign = diff < 0n ? '−' : '+'
  const [whole = '0', fraction] = formatUnits(diff < 0n ? -diff : diff, decimals).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''} ${symbol}`.trimEnd()
}
