import { describe, expect, test } from 'vitest'
import { filterSocialsForTelegram, telegramPlatformOf } from './telegramLogin'
import { type SocialProvider, socialProviders } from './validation'

describe('telegramPlatformOf', () => {
  test.each([
    ['ios', 'ios'],
    ['android', 'android'],
    ['android_x', 'android'],
    ['macos', 'mac'],
    ['tdesktop', 'other'],
    ['weba', 'other'],
    ['unknown', 'other'],
    [undefined, undefined],
  ] as const)('behavior: %s is %s', (platform, expected) => {
    expect(telegramPlatformOf(platform)).toBe(expected)
  })
})

describe('filterSocialsForTelegram', () => {
  test.each([
    ['ios', ['x', 'discord', 'farcaster', 'github', 'apple', 'facebook']],
    ['mac', ['google', 'discord', 'farcaster', 'github', 'apple', 'facebook']],
    ['android', ['google', 'discord', 'farcaster', 'github', 'apple']],
    ['other', [...socialProviders]],
  ] as const)('behavior: on %s keeps %j', (platform, expected) => {
    expect(filterSocialsForTelegram(socialProviders, platform)).toEqual(expected)
  })

  test('behavior: keeps the configured order and does not add missing providers', () => {
    const configured: SocialProvider[] = ['github', 'x', 'google']
    expect(filterSocialsForTelegram(configured, 'ios')).toEqual(['github', 'x'])
    expect(filterSocialsForTelegram([], 'android')).toEqual([])
  })
})
