// The modal page's locale as the frame will choose it, from the site's query and the browser's
// Accept-Language, and the preload link of its catalogue chunk from the build's list.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { acceptedLanguages, localePreloadLink, modalLocale } from './modalLocale'

describe('acceptedLanguages', () => {
  test('behavior: the header’s languages, most wanted first, refused ones (q=0) dropped', () => {
    expect(acceptedLanguages('fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['fr-CA', 'fr', 'en'])
    expect(acceptedLanguages('en;q=0.5, ja')).toEqual(['ja', 'en'])
    expect(acceptedLanguages('de;q=0, es')).toEqual(['es'])
  })

  test('error: no header, a wildcard or malformed tags give no language', () => {
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages('')).toEqual([])
    expect(acceptedLanguages('*')).toEqual([])
    expect(acceptedLanguages('<script>, ../../x, ja"')).toEqual([])
  })
})

describe('modalLocale', () => {
  test('behavior: the site’s locale wins, else the browser’s first Airlock speaks, else English', () => {
    expect(modalLocale('ja', 'fr-CA,fr;q=0.9')).toBe('ja')
    expect(modalLocale(undefined, 'tlh,fr-CA;q=0.9')).toBe('fr')
    expect(modalLocale(undefined, undefined)).toBe('en')
    // A site that asked for a language Airlock lacks gets English, not the browser's guess.
    expect(modalLocale('xx-Unknown', 'de')).toBe('en')
  })
})

describe('localePreloadLink', () => {
  let dist: string | undefined
  afterEach(() => (dist ? rm(dist, { recursive: true, force: true }) : undefined))

  async function buildWith(chunks: string) {
    dist = await mkdtemp(join(tmpdir(), 'airlock-locale-chunks-'))
    await writeFile(join(dist, 'locale-chunks.json'), chunks)
    return dist
  }

  test('behavior: a locale’s chunk from the build’s list, as a module preload', async () => {
    const modalDist = await buildWith('{ "ja": "assets/ja-fguvYnQc.js" }')
    expect(await localePreloadLink(modalDist, 'ja')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/ja-fguvYnQc.js">',
    )
  })

  test('behavior: English, a locale the list lacks, a build without the list or a list not of chunk paths give none', async () => {
    const modalDist = await buildWith('{ "ja": "assets/ja-fguvYnQc.js", "ko": "\\"><script>" }')
    expect(await localePreloadLink(modalDist, 'en')).toBe('')
    expect(await localePreloadLink(modalDist, 'fr')).toBe('')
    expect(await localePreloadLink(modalDist, 'ko')).toBe('')
    expect(await localePreloadLink(join(modalDist, 'nowhere'), 'ja')).toBe('')
    await writeFile(join(modalDist, 'locale-chunks.json'), 'not json')
    expect(await localePreloadLink(modalDist, 'ja')).toBe('')
  })
})
