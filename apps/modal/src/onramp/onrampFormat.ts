/** How Buy shows fiat amounts: a payment method's limits in words, with cents and separators. */
import { onRampText } from '../views/OnRamp/onRampText'

/**
 * A payment method's limits in words: 'From 10.00 to 7,500.00 USD', rounded inwards to cents as
 * the amount messages round them.
 */
export function onrampLimitsText(limits: { min: string; max: string }, currency: string): string {
  return onRampText.limits(fiatText(limits.min, 'up'), fiatText(limits.max, 'down'), currency)
}

/** '7500' → '7,500.00'; text that is not a plain decimal is shown as it is. */
function fiatText(value: string, rounding: 'up' | 'down'): string {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || value.trim() === '' || value.trim() === '.') return value
  const fraction = match[2] ?? ''
  let cents = BigInt(`${match[1] || '0'}${fraction.slice(0, 2).padEnd(2, '0')}`)
  if (rounding === 'up' && /[1-9]/.test(fraction.slice(2))) cents += 1n
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`
}
