/**
 * Locale checks (issue 41): a pseudo-locale made from the English source catalogue, served in
 * place of a real locale's catalogue chunk, and a scan of the words a view shows. Under the
 * pseudo-locale every message is wrapped in ⟦ ⟧, so a visible text without the marks that is
 * made of the catalogue's English words was written outside the catalogue.
 */
import { readFileSync } from 'node:fs'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Page } from '@playwright/test'
import { englishCatalogue } from '../../apps/modal/src/i18n/englishCatalogue'

/** A locale's catalogue as shipped: message id → ICU message. */
export function catalogueOf(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../apps/modal/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  )
}

/** A compiled message: text, and placeholders `[name]` or `[name, 'plural' | 'select', cases]`. */
type Part = string | [string] | [string, string, Record<string, Part[]>, ...unknown[]]

/** A compiled message with each case of its plurals and selects in the pseudo-locale's marks. */
function pseudoMessage(parts: Part[]): Part[] {
  return parts.map((part) =>
    typeof part === 'string' || !['plural', 'select', 'selectordinal'].includes(String(part[1]))
      ? part
      : ([
          part[0],
          part[1],
          Object.fromEntries(
            // Lingui keeps keys such as `offset` beside the cases, undefined when not given.
            Object.entries(part[2] as Record<string, Part[] | undefined>).map(([key, value]) => [
              key,
              value === undefined ? value : pseudoMessage(value),
            ]),
          ),
          ...part.slice(3),
        ] as Part),
  )
}

/**
 * The pseudo-locale's catalogue, compiled: each English message as `⟦…⟧`. `leaveOut` ids are
 * left out, so they show in English (a missing translation's fallback).
 */
export function pseudoCatalogue(leaveOut: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(englishCatalogue())
      .filter(([id]) => !leaveOut.includes(id))
      .map(([id, source]) => [id, ['⟦', ...pseudoMessage(compileMessage(source) as Part[]), '⟧']]),
  )
}

/**
 * Serves `catalogue` as the catalogue chunk of `locale` (the build names it `assets/<locale>-<hash>.js`),
 * for the frames the page loads from now on.
 */
export async function serveCatalogue(
  page: Page,
  locale: string,
  catalogue: Record<string, unknown>,
) {
  await page.context().route(new RegExp(`/assets/${locale}-[\\w-]+\\.js$`), (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export default ${JSON.stringify(catalogue)}`,
    }),
  )
}

/** What the English catalogue says, in lower case: its words (4 letters or more), and its
 * whole messages of letters without placeholders ("max", "to", "fee" too). */
export function catalogueWords(): { words: Set<string>; messages: Set<string> } {
  const english = Object.values(englishCatalogue())
  const words = english
    .join(' ')
    .replace(/\{[^{}]*\}/g, ' ')
    .toLowerCase()
    .match(/[a-z]{4,}/g)
  const messages = english
    .filter((text) => /\p{L}/u.test(text) && !/[{}]/.test(text))
    .map((text) => text.toLowerCase())
  return { words: new Set(words ?? []), messages: new Set(messages) }
}

/**
 * The texts the modal shows now: its visible text nodes, and the names, placeholders and titles
 * of its visible elements.
 */
export async function shownTexts(page: Page): Promise<string[]> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/modal?'))
  if (!frame) throw new Error('No modal frame on the page')
  return frame.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      const parent = node.parentElement
      if (text && parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        texts.push(text)
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [placeholder], [title], img[alt]',
    )) {
      if (!element.checkVisibility()) continue
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim()
        if (value) texts.push(value)
      }
    }
    return texts
  })
}

/**
 * The shown texts written outside the catalogue, without the pseudo-locale's marks: one that is
 * a whole catalogue message, however short (only data's exact strings excuse it: "Connect
 * Wallet" is no wallet's name), or one made of the catalogue's words except `data` (names of
 * wallets, networks, tokens, brands the page shows as they are).
 */
export function outsideCatalogue(
  texts: readonly string[],
  catalogue: ReturnType<typeof catalogueWords>,
  data: readonly (string | RegExp)[],
) {
  return texts.filter(
    (text) =>
      !/[⟦⟧]/.test(text) &&
      !data.includes(text) &&
      (catalogue.messages.has(text.toLowerCase()) ||
        (!data.some((item) => typeof item !== 'string' && item.test(text)) &&
          (text.toLowerCase().match(/[a-z]{4,}/g) ?? []).some((word) =>
            catalogue.words.has(word),
          ))),
  )
}
