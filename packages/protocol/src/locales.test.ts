import { describe, expect, test } from 'vitest'
import { isRightToLeft, matchLocale, resolveLocale } from './locales'

describe('matchLocale', () => {
  test.each([
    ['ja', 'ja'],
    ['JA-jp', 'ja'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['de-AT', 'de'],
    ['ar-EG', 'ar'],
    ['en-GB', 'en'],
  ])('behavior: %s is spoken as %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale)
  })

  test.each(['xx', 'klingon', '', '-'])('behavior: %j is not spoken', (tag) => {
    expect(matchLocale(tag)).toBeUndefined()
  })
})

describe('resolveLocale', () => {
  test("behavior: the site's locale wins over the browser's", () => {
    expect(resolveLocale('ja', ['fr-FR', 'en'])).toBe('ja')
  })

  test("behavior: a site locale Airlock does not speak is English, not the browser's guess", () => {
    expect(resolveLocale('xx-YY', ['fr-FR'])).toBe('en')
  })

  test('behavior: without a site locale, the first browser language Airlock speaks', () => {
    expect(resolveLocale(undefined, ['sw', 'ko-KR', 'en'])).toBe('ko')
    expect(resolveLocale('', ['de-CH'])).toBe('de')
  })

  test('behavior: nothing spoken is English', () => {
    expect(resolveLocale(undefined, [])).toBe('en')
    expect(resolveLocale(undefined, ['sw', 'tlh'])).toBe('en')
  })
})

test('behavior: Arabic is written right to left, the others left to right', () => {
  expect(isRightToLeft('ar')).toBe(true)
  expect(isRightToLeft('ja')).toBe(false)
  expect(isRightToLeft('en')).toBe(false)
})
