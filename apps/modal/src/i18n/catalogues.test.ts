/**
 * Every locale's catalogue against the English source catalogue (issue 41): no message missing,
 * none unknown, each one valid ICU with the same placeholders as its English, so a translation
 * can neither drop a value (an amount, a name) nor ask for one nobody gives.
 */
import { readFileSync } from 'node:fs'
import { locales } from '@airlock/protocol'
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, test } from 'vitest'
import { englishCatalogue } from './englishCatalogue'

const english = englishCatalogue()

function catalogueOf(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../locales/${locale}.json`, import.meta.url), 'utf8'))
}

/** The names of a compiled message's placeholders, plural and select cases included. */
function placeholders(parts: unknown): string[] {
  if (!Array.isArray(parts)) return []
  return parts.flatMap((part) => {
    if (!Array.isArray(part)) return []
    const [name, , cases] = part as [string, string?, Record<string, unknown>?]
    return [name, ...Object.values(cases ?? {}).flatMap(placeholders)]
  })
}

const namesOf = (message: string) => [...new Set(placeholders(compileMessage(message)))].sort()

/** What a catalogue lacks of English, and what it has that English doesn't. */
function unmatchedIds(catalogue: Record<string, string>) {
  return {
    missing: Object.keys(english).filter((id) => !Object.hasOwn(catalogue, id)),
    unknown: Object.keys(catalogue).filter((id) => !Object.hasOwn(english, id)),
  }
}

/** A catalogue's messages that are empty, not ICU, or with other placeholders than English. */
function wrongMessages(catalogue: Record<string, string>): string[] {
  return Object.entries(catalogue).flatMap(([id, message]) => {
    if (typeof message !== 'string' || !message.trim()) return [`${id}: empty`]
    const source = english[id]
    if (source === undefined) return []
    try {
      const expected = namesOf(source)
      const found = namesOf(message)
      return JSON.stringify(found) === JSON.stringify(expected)
        ? []
        : [`${id}: placeholders ${found.join(',')} instead of ${expected.join(',')}`]
    } catch (error) {
      return [`${id}: ${(error as Error).message}`]
    }
  })
}

describe.each(locales.filter((locale) => locale !== 'en'))('the %s catalogue', (locale) => {
  const catalogue = catalogueOf(locale)

  test('behavior: has every English message, and no message English lacks', () => {
    expect(unmatchedIds(catalogue)).toEqual({ missing: [], unknown: [] })
  })

  test('behavior: each message is valid ICU, not empty, with its English placeholders', () => {
    expect(wrongMessages(catalogue)).toEqual([])
  })
})

test('behavior: the checks catch a missing message, an unknown one, a dropped placeholder and bad ICU', () => {
  const [withValue] = Object.entries(english).find(([, message]) => namesOf(message).length)!
  const [plain] = Object.entries(english).find(([id]) => id !== withValue)!
  const planted = {
    ...english,
    [withValue]: 'Sans valeur',
    [plain]: 'Cassé {valeur',
    'no.such': 'x',
  }
  delete (planted as Record<string, string>)[Object.keys(english).at(-1)!]
  expect(unmatchedIds(planted)).toEqual({
    missing: [Object.keys(english).at(-1)],
    unknown: ['no.such'],
  })
  const wrong = wrongMessages(planted)
  expect(wrong.some((line) => line.startsWith(`${withValue}: placeholders  instead of`))).toBe(true)
  expect(wrong.some((line) => line.startsWith(`${plain}: `))).toBe(true)
})
