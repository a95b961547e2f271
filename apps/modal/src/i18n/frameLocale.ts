/**
 * The frame's locale, fixed for the life of the document: the site's `locale` (the SDK puts it
 * in the frame's URL) when given, else the browser's languages, else English (protocol
 * `resolveLocale`). Outside a browser (unit tests in Node) it is English.
 */
import { isRightToLeft, type Locale, resolveLocale } from '@airlock/protocol'

function readFrameLocale(): Locale {
  if (typeof location === 'undefined' || typeof navigator === 'undefined') return 'en'
  const site = new URLSearchParams(location.search).get('locale') ?? undefined
  return resolveLocale(site, navigator.languages ?? [navigator.language])
}

export const frameLocale: Locale = readFrameLocale()

/** The text direction of the frame's locale. */
export const frameDirection: 'ltr' | 'rtl' = isRightToLeft(frameLocale) ? 'rtl' : 'ltr'
