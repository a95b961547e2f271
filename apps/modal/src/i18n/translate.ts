/**
 * Translation through Lingui: a message's id is looked up in the frame locale's catalogue
 * (loaded before anything renders: this module awaits it, and every message module imports
 * it); a message the catalogue lacks shows its English, never its id. Both Lingui instances are
 * made once for the document and never change, as the locale doesn't.
 */
import { type Messages, setupI18n } from '@lingui/core'
import { type Catalogue, loadCatalogue } from './catalogues'
import { frameLocale } from './frameLocale'

/** A message as the build leaves it: Lingui's compiled form, or ICU source (tests, dev). */
export type CompiledMessage = string | readonly unknown[]

/** The values of a message's placeholders. */
export type MessageValues = Record<string, string | number>

const catalogue: Catalogue = await loadCatalogue(frameLocale)
const translations = setupI18n({
  locale: frameLocale,
  messages: { [frameLocale]: catalogue as Messages },
})
const english = setupI18n({ locale: 'en', messages: { en: {} } })

/**
 * A message in the frame's locale: its translation when the catalogue has one, else `source`,
 * the English (a plain string with no placeholders needs no compiling).
 * @example translate('send.resolvingName', ['Looking up ', ['name'], '…'], { name: 'vitalik.eth' })
 */
export function translate(id: string, source: CompiledMessage, values?: MessageValues): string {
  if (Object.hasOwn(catalogue, id)) return translations._(id, values)
  const message = typeof source === 'string' && !/[{}]/.test(source) ? [source] : source
  // Lingui interpolates a compiled message given in place of the source (its type says string).
  return english._({ id, message: message as unknown as string, values: values ?? {} })
}
