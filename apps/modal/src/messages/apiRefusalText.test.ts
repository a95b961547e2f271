/**
 * The API's refusals of a swap or a purchase in the visitor's language: English keeps the API's
 * words (they name the limit, the network, the token), another locale gets what the code means.
 */
import { apiErrorCodes } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRefusalText, refusalTextIn } from './apiRefusalText'

const words = 'Uniswap did not answer within 8 s. Try again shortly.'

describe('refusalTextIn', () => {
  it('behavior: in English the API’s own words are shown, particulars and all', () => {
    expect(refusalTextIn('en', 'swapProviderTimeout', words)).toBe(words)
  })

  it('behavior: in another language a known code is said as the modal’s message for it', () => {
    expect(refusalTextIn('ja', 'swapProviderTimeout', words)).toBe(
      apiRefusalText.swapProviderTimeout,
    )
    expect(refusalTextIn('ar', 'onrampInvalidAmount', 'The amount is at most 7,500 USD.')).toBe(
      apiRefusalText.onrampInvalidAmount,
    )
  })

  it('behavior: a code without words here, or none, keeps the API’s words', () => {
    expect(refusalTextIn('ja', 'rateLimited', words)).toBe(words)
    expect(refusalTextIn('ja', undefined, words)).toBe(words)
    expect(refusalTextIn('ja', 'toString', words)).toBe(words)
  })
})

describe('apiRefusalText', () => {
  it('behavior: says every swap and purchase refusal a visitor can meet, and only codes the API has', () => {
    const visitorFacing = apiErrorCodes.filter(
      (code) => /^(swap|unsupportedSwap|onramp)/.test(code) && !/Webhook|OrderUnknown/.test(code),
    )
    expect(Object.keys(apiRefusalText).sort()).toEqual([...visitorFacing].sort())
  })
})

describe('refusalText in a Japanese frame', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('behavior: a swap provider’s timeout is said in Japanese, whatever the API’s English says', async () => {
    vi.resetModules()
    vi.stubGlobal('location', new URL('https://modal.example/modal?locale=ja'))
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' })
    const { refusalText } = await import('./apiRefusalText')
    expect(refusalText('swapProviderTimeout', words)).toBe(
      'スワッププロバイダーが時間内に応答しませんでした。しばらくしてからもう一度お試しください。',
    )
  })
})
