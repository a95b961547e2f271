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
import { defineMessages, message, sourceCatalogue } from '../i18n/defineMessages'

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

type Shown = string | ((...values: string[]) => string) | { readonly [key: string]: Shown }

/** A spec message as the modal shows it, by id (`spec.toast.signatureDeclined`). */
function shownMessage(id: string): Shown | undefined {
  return id
    .split('.')
    .slice(1)
    .reduce<Shown | undefined>(
      (group, key) => (typeof group === 'object' ? group[key] : undefined),
      specText as unknown as Shown,
    )
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/**
 * Each spec message's English, as a pattern of the whole text (a placeholder matches any text),
 * with how to say what it matched in the frame's locale.
 */
const localizations = Object.entries(sourceCatalogue(specText)).map(([id, english]) => {
  const shown = shownMessage(id)
  const pattern = new RegExp(`^${escapeForPattern(english).replace(/\\?\{\w+\\?\}/g, '(.+)')}$`)
  return (text: string): string | undefined => {
    const values = pattern.exec(text)?.slice(1)
    if (!values) return undefined
    return typeof shown === 'function'
      ? shown(...values)
      : typeof shown === 'string'
        ? shown
        : undefined
  }
})

/**
 * A text about to be shown, in the frame's locale: a spec message's English (an Error's message,
 * an alert, a toast) becomes its translation; any other text is shown as it is.
 * @example localizeMessage('Signature declined') // 'Firma rechazada' in Spanish
 */
export function localizeMessage(text: string): string {
  for (const localize of localizations) {
    const localized = localize(text)
    if (localized !== undefined) return localized
  }
  return text
}
