/** How Buy shows fiat amounts: a payment method's limits in words, with cents and separators. */
import { formatFiatAmount } from '@airlock/protocol'
import { onRampText } from '../messages/onRampText'

/**
 * A payment method's limits in words: 'From 10.00 to 7,500.00 USD', rounded inwards to cents as
 * the amount messages round them.
 */
export function onrampLimitsText(limits: { min: string; max: string }, currency: string): string {
  return onRampText.limits(fiatText(limits.min, 'up'), fiatText(limits.max, 'down'), currency)
}

/** '7500' → '7,500.00'; text that is not a plain decimal is shown as it is. */
const fiatText = (value: string, rounding: 'up' | 'down'): string =>
  formatFiatAmount(value, { rounding }) ?? value
