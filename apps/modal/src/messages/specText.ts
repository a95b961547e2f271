/**
 * The spec's catalogue (§8, from @airlock/protocol) as the modal SHOWS it: translated at
 * display. The protocol's constants stay English, as errors sent to the site are; the modal turns
 * one it is about to show into the visitor's language with `localizeMessage`.
 */
import {
  alerts,
  connectionErrors,
  nameErrors,
  siwxErrors,
  toastMessages,
  transactionErrors,
  unknownError,
} from '@airlock/protocol'
import { defineMessages, message } from '../i18n/defineMessages'

export const specText = defineMessages('spec', {
  toast: toastMessages,
  alerts,
  connection: {
    ...connectionErrors,
    noConnectorForConnection: message('No connector found for connection: {id}', 'id'),
    invalidConnectionStatus: message('Invalid connection status: {status}', 'status'),
  },
  name: {
    ...nameErrors,
    errorRegisteringName: message('Error registering name {name}', 'name'),
  },
  siwx: siwxErrors,
  transaction: transactionErrors,
  unknownError,
})

/** A catalogue as a tree: texts, functions of a message's values, and groups of them. */
export type CatalogueTree =
  | string
  | ((...values: string[]) => string)
  | { readonly [key: string]: CatalogueTree }

/** The spec catalogue's English as the protocol makes it (what an Error's message carries). */
export const specEnglish = {
  toast: toastMessages,
  alerts,
  connection: connectionErrors,
  name: nameErrors,
  siwx: siwxErrors,
  transaction: transactionErrors,
  unknownError,
} satisfies CatalogueTree

const escapeForPattern = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')

/**
 * How to turn a text of `english` into the same message of `shown`, by the path both trees
 * give it: a text is looked up whole; a function's output is matched as a pattern (each value
 * any text), the values it matched given to `shown`'s function. A text of neither stays as it is.
 */
export function localizerOf(english: CatalogueTree, shown: CatalogueTree) {
  const texts = new Map<string, string>()
  const patterns: [RegExp, (...values: string[]) => string][] = []
  const walk = (from: CatalogueTree, to: CatalogueTree | undefined) => {
    if (typeof from === 'string') {
      if (typeof to === 'string' && from !== '') texts.set(from, to)
    } else if (typeof from === 'function') {
      if (typeof to !== 'function') return
      // The English made with markers for values, then each marker read as "any text".
      const markers = Array.from({ length: from.length }, (_, index) => `\ue000${index}\ue001`)
      const source = escapeForPattern(from(...markers)).replace(/\ue000\d+\ue001/g, '(.+)')
      patterns.push([new RegExp(`^${source}$`), to])
    } else
      for (const [key, value] of Object.entries(from))
        walk(value, typeof to === 'object' ? to[key] : undefined)
  }
  walk(english, shown)
  return (text: string): string => {
    const whole = texts.get(text)
    if (whole !== undefined) return whole
    for (const [pattern, say] of patterns) {
      const values = pattern.exec(text)?.slice(1)
      if (values) return say(...values)
    }
    return text
  }
}

/**
 * A text about to be shown, in the frame's locale: a spec message's English (an Error's message,
 * an alert, a toast) becomes its translation; any other text is shown as it is.
 * @example localizeMessage('Signature declined') // 'Firma rechazada' in Spanish
 */
export const localizeMessage = localizerOf(specEnglish, specText as unknown as CatalogueTree)
