/**
 * The API's refusals of a swap or a purchase, as the visitor reads them. The API says each in
 * English with its particulars (the limit, the network, the token); in another language the
 * modal says what its code means instead (`refusalText`). Codes it has no words for keep the
 * API's.
 */
import type { Locale } from '@airlock/protocol'
import { defineMessages } from '../i18n/defineMessages'
import { frameLocale } from '../i18n/frameLocale'

export const apiRefusalText = defineMessages('apiRefusal', {
  swapsDisabled: 'Swaps are not enabled for this project.',
  unsupportedSwapNetwork: 'Swaps do not work on this network.',
  swapAmountInvalid: 'This amount cannot be swapped.',
  swapQuoteExpired: 'The quote expired before the swap was confirmed. Get a new quote.',
  swapSlippageInvalid: 'This slippage tolerance cannot be used.',
  swapPriceMoved:
    'The price moved beyond your slippage tolerance: the swap would give less than the minimum you confirmed. Get a new quote.',
  swapRefused: 'The swap provider refused this swap.',
  swapTokenNotContract: 'This is not a token on this network.',
  swapProviderUnavailable: 'The swap provider is unavailable right now. Try again shortly.',
  swapProviderTimeout: 'The swap provider did not answer in time. Try again shortly.',
  onrampNotConfigured: 'Buying crypto is not offered here.',
  onrampDisabled: 'Buying crypto is not enabled for this project.',
  onrampInvalidAmount: 'This amount cannot be bought here. Try another amount.',
  onrampUnsupportedNetwork: 'Buying crypto is not offered on this network.',
  onrampProviderUnavailable: 'The provider is unavailable right now. Try again shortly.',
  onrampProviderTimeout: 'The provider did not answer in time. Try again shortly.',
})

type RefusalCode = keyof typeof apiRefusalText

/**
 * What a refusal of the API (`code`, and its English `words`) says in `locale`: English keeps the
 * API's words, particulars and all; another locale gets the code's message, or the API's words
 * for a code without one.
 * @example refusalTextIn('ja', 'swapProviderTimeout', 'Uniswap did not answer within 8 s.')
 */
export function refusalTextIn(locale: Locale, code: string | undefined, words: string): string {
  if (locale === 'en' || code === undefined || !Object.hasOwn(apiRefusalText, code)) return words
  return apiRefusalText[code as RefusalCode]
}

/** {@link refusalTextIn} in the frame's locale. */
export const refusalText = (code: string | undefined, words: string) =>
  refusalTextIn(frameLocale, code, words)
