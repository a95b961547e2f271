/**
 * The spec catalogue as the modal shows it: every English text the protocol makes (an Error's
 * message, an alert, a toast) is found, with its values, and said as the shown catalogue says it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type CatalogueTree, localizerOf, specEnglish, specText } from './specText'

/** Each leaf of a tree by its path: a text, or a function of values. */
function leaves(tree: CatalogueTree, path = ''): [string, CatalogueTree][] {
  if (typeof tree !== 'object') return [[path, tree]]
  return Object.entries(tree).flatMap(([key, value]) =>
    leaves(value, path ? `${path}.${key}` : key),
  )
}

/** `english` with each text and each function's output marked, as a translation would differ. */
function marked(tree: CatalogueTree): CatalogueTree {
  if (typeof tree === 'string') return `⟦${tree}⟧`
  if (typeof tree === 'function') return (...values: string[]) => `⟦${tree(...values)}⟧`
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, marked(value)]))
}

describe('localizerOf', () => {
  const localize = localizerOf(specEnglish, marked(specEnglish))

  it('behavior: every text of the spec catalogue becomes its shown form', () => {
    const texts = leaves(specEnglish).filter(([, leaf]) => typeof leaf === 'string')
    expect(texts.length).toBeGreaterThan(40)
    for (const [path, text] of texts) expect(localize(text as string), path).toBe(`⟦${text}⟧`)
  })

  it('behavior: a message with a value is found with any value, and said with it', () => {
    for (const value of ['ada.eth', 'a (b) [c] {d} $1 .*', 'two words']) {
      const english = specEnglish.name.errorRegisteringName(value)
      expect(localize(english)).toBe(`⟦${english}⟧`)
    }
    expect(localize('No connector found for connection: abc')).toBe(
      '⟦No connector found for connection: abc⟧',
    )
    expect(localize('Invalid connection status: pending')).toBe(
      '⟦Invalid connection status: pending⟧',
    )
  })

  it('behavior: any other text is shown as it is, the empty one and a message without its value too', () => {
    expect(localize('Insufficient funds for gas')).toBe('Insufficient funds for gas')
    expect(localize('')).toBe('')
    expect(localize('Error registering name ')).toBe('Error registering name ')
    expect(localize('Signature declined!')).toBe('Signature declined!')
  })
})

describe('specText', () => {
  it('behavior: has a message of the same kind at every path of the protocol’s catalogue', () => {
    const shown = new Map(leaves(specText as unknown as CatalogueTree))
    for (const [path, english] of leaves(specEnglish))
      expect(typeof shown.get(path), path).toBe(typeof english)
  })
})

describe('localizeMessage in another language', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('behavior: in a Japanese frame the spec’s texts, and its messages with a value, are said in Japanese', async () => {
    vi.resetModules()
    vi.stubGlobal('location', new URL('https://modal.example/modal?locale=ja'))
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' })
    const { localizeMessage } = await import('./specText')
    expect(localizeMessage('Signature declined')).toBe('署名が拒否されました')
    expect(localizeMessage('Error registering name alice.airlock.eth')).toBe(
      '名前 alice.airlock.eth の登録中にエラーが発生しました',
    )
    expect(localizeMessage('Insufficient funds for gas')).toBe('Insufficient funds for gas')
  })
})
