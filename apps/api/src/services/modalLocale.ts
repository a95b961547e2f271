/**
 * The modal page's locale, chosen as the frame will choose it (protocol `resolveLocale`): the
 * site's `locale` in the page's query, else the browser's languages (`Accept-Language`, the same
 * list as `navigator.languages`), else English. The page preloads that locale's catalogue chunk
 * (the build's `locale-chunks.json`, apps/modal/localeChunks.ts) so the frame's first script
 * finds it fetched, a round trip sooner. English has none: its words are in the views.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Locale, resolveLocale } from '@airlock/protocol'

/**
 * The languages of an `Accept-Language` header, most wanted first (`q=0` ones dropped).
 * @example acceptedLanguages('fr-CA,fr;q=0.9,en;q=0.8') // ['fr-CA', 'fr', 'en']
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim())
      const q = parameters.find((parameter) => parameter.startsWith('q='))
      return { tag, weight: q === undefined ? 1 : Number(q.slice(2)), index }
    })
    .filter(({ tag, weight }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag)
}

/** The frame's locale for a page asked with `site` (the query's) and `acceptLanguage`. */
export const modalLocale = (site: string | undefined, acceptLanguage: string | undefined): Locale =>
  resolveLocale(site, acceptedLanguages(acceptLanguage))

/**
 * The `<link rel="modulepreload">` of `locale`'s catalogue chunk in the build at `modalDist`;
 * empty for English, and for a build without the list or the locale (the frame still loads it,
 * a round trip later).
 */
export async function localePreloadLink(modalDist: string, locale: Locale): Promise<string> {
  if (locale === 'en') return ''
  let chunks: Record<string, unknown>
  try {
    chunks = JSON.parse(await readFile(join(modalDist, 'locale-chunks.json'), 'utf8'))
  } catch {
    return ''
  }
  const file = chunks[locale]
  if (typeof file !== 'string' || !/^assets\/[\w.-]+\.js$/.test(file)) return ''
  return `<link rel="modulepreload" crossorigin href="/${file}">`
}
