/**
 * Where each locale's catalogue comes from: a chunk of its own, fetched only by a visitor who
 * reads that language (English, the source, is inline in each view's message module). The
 * `?compiled` import is compiled to Lingui's message form at build (compileMessages.ts); in
 * tests Lingui compiles the raw ICU messages as they are read.
 */
import type { Locale } from '@airlock/protocol'

/** A catalogue as loaded: message id → the message (compiled at build, ICU source in tests). */
export type Catalogue = Record<string, unknown>

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('../locales/es.json?compiled'),
  fr: () => import('../locales/fr.json?compiled'),
  de: () => import('../locales/de.json?compiled'),
  'pt-BR': () => import('../locales/pt-BR.json?compiled'),
  ja: () => import('../locales/ja.json?compiled'),
  ko: () => import('../locales/ko.json?compiled'),
  'zh-CN': () => import('../locales/zh-CN.json?compiled'),
  ar: () => import('../locales/ar.json?compiled'),
}

/**
 * The catalogue of a locale; English's is empty (each message carries its English). A catalogue
 * that fails to load leaves the visitor with English rather than no modal.
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return {}
  try {
    return (await loaders[locale]()).default
  } catch {
    return {}
  }
}
