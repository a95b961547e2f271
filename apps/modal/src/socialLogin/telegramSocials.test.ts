import { expect, test } from 'vitest'
import { telegramSocials } from './telegramSocials'

const configured = ['google', 'x', 'github', 'facebook'] as const

test('behavior: outside Telegram every configured social is offered, in order', () => {
  expect(telegramSocials([...configured], undefined)).toEqual(configured)
})

test("behavior: inside Telegram the platform's unusable socials are left out, order kept", () => {
  expect(telegramSocials([...configured], 'ios')).toEqual(['x', 'github', 'facebook'])
  expect(telegramSocials([...configured], 'macos')).toEqual(['google', 'github', 'facebook'])
  expect(telegramSocials([...configured], 'android_x')).toEqual(['google', 'github'])
  expect(telegramSocials([...configured], 'web')).toEqual(configured)
})
