/**
 * Where the visitor buys from (issue 36): the country the providers quote and check out for, from
 * the browser's language (`navigator.language`: 'de-DE' → DE; a language alone, 'fr', → its usual
 * region) until the visitor picks another, and the fiat currency that goes with it. The countries
 * offered are those whose currency the onramps commonly take; elsewhere the default (US) stands.
 */
import { onrampDefaultCountry } from '@airlock/protocol'

/** The countries the picker offers, each with its currency. */
export const onrampCountryCurrencies: Readonly<Record<string, string>> = {
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  GB: 'GBP',
  IE: 'EUR',
  FR: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  BE: 'EUR',
  NL: 'EUR',
  LU: 'EUR',
  ES: 'EUR',
  PT: 'EUR',
  IT: 'EUR',
  FI: 'EUR',
  EE: 'EUR',
  LT: 'EUR',
  LV: 'EUR',
  GR: 'EUR',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  TR: 'TRY',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
  SG: 'SGD',
  HK: 'HKD',
  IN: 'INR',
  ZA: 'ZAR',
}

/**
 * The country of a language tag when the picker offers it, else undefined.
 *
 * @example
 * countryOfLanguage('de-DE') // 'DE'
 * countryOfLanguage('fr') // 'FR'
 * countryOfLanguage('xx-QQ') // undefined
 */
export function countryOfLanguage(language: string | undefined): string | undefined {
  if (!language) return undefined
  let region: string | undefined
  try {
    region = new Intl.Locale(language).maximize().region
  } catch {
    return undefined
  }
  return region !== undefined && region in onrampCountryCurrencies ? region : undefined
}

/** The country Buy starts with: the browser language's, else the default (US). */
export function localeCountry(language: string | undefined): string {
  return countryOfLanguage(language) ?? onrampDefaultCountry
}

/** A country's name in the visitor's language, or its code when the browser has none. */
export function countryName(code: string, language: string | undefined): string {
  try {
    return (
      new Intl.DisplayNames(language ? [language, 'en'] : ['en'], { type: 'region' }).of(code) ??
      code
    )
  } catch {
    return code
  }
}
