/**
 * The languages the modal speaks, and how a visitor's is chosen: the site's `locale` option when
 * it names one (narrowed to what Airlock has), else the browser's preferences, else English. An
 * unknown locale is not an error: it falls back to English.
 */

/** The modal's locales; `en` is the source catalogue (the spec's strings). */
export const locales = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ko', 'zh-CN', 'ar'] as const
export type Locale = (typeof locales)[number]

/** Locales written right to left: the modal mirrors its layout for them. */
const rightToLeft: readonly Locale[] = ['ar']

/**
 * The supported locale a BCP 47 tag asks for: the same tag, else one of its language (`pt` and
 * `pt-PT` → `pt-BR`, `zh-Hans-SG` → `zh-CN`); undefined when Airlock doesn't speak it.
 * @example matchLocale('de-AT') // 'de'
 */
export function matchLocale(tag: string): Locale | undefined {
  if (typeof tag !== 'string') return undefined
  const wanted = tag.trim().toLowerCase().replace(/_/g, '-')
  const exact = locales.find((locale) => locale.toLowerCase() === wanted)
  if (exact) return exact
  const language = wanted.split('-')[0]
  return locales.find((locale) => locale.toLowerCase().split('-')[0] === language)
}

/**
 * The modal's locale: the site's choice when it gave one (English when Airlock doesn't have it:
 * a site that asked for a language gets English rather than the browser's guess), else the
 * first of the browser's languages Airlock speaks, else English.
 * @example resolveLocale(undefined, ['fr-CA', 'en']) // 'fr'
 */
export function resolveLocale(site: string | undefined, browser: readonly string[]): Locale {
  if (site !== undefined && site !== '') return matchLocale(site) ?? 'en'
  for (const tag of browser) {
    const locale = matchLocale(tag)
    if (locale) return locale
  }
  return 'en'
}

/** Whether a locale is written right to left. */
export function isRightToLeft(locale: Locale): boolean {
  return rightToLeft.includes(locale)
}
