/** How Send and Swap show a network fee: in the native coin, up to 8 decimals (`0.000021 ETH`). */
import type { NetworkConfig } from '@airlock/protocol'
import { formatUnits } from 'viem/utils'

/**
 * @example
 * networkFeeText(150_000n * 2_000_000_000n, ether) // '0.0003 ETH'
 * networkFeeText(1n, ether) // '<0.00000001 ETH'
 */
export function networkFeeText(amount: bigint, currency: NetworkConfig['nativeCurrency']): string {
  const [integer, fraction = ''] = formatUnits(amount, currency.decimals).split('.')
  const shown = `${integer}.${fraction.slice(0, 8)}`.replace(/\.?0*$/, '')
  return `${shown === '0' && amount > 0n ? '<0.00000001' : shown} ${currency.symbol}`
}
