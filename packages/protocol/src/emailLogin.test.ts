import { describe, expect, test } from 'vitest'
import {
  emailCodeLength,
  emailLimits,
  emailSignInRequestSchema,
  isEmailAddress,
  isEmailCode,
} from './emailLogin'

describe('isEmailAddress', () => {
  test('behavior: dot-atom local parts with RFC 5322’s symbols and any script’s letters are addresses', () => {
    for (const address of [
      'ada@example.com',
      'ada.lovelace@example.co.uk',
      "o'brien+login@mail.example.org",
      'a!#$%&*/=?^_`{|}~-z@example.com',
      'josé@example.com',
      '用户@example.com',
      `${'a'.repeat(emailLimits.localPartChars)}@example.com`,
    ])
      expect(isEmailAddress(address), address).toBe(true)
  })

  test('error: consecutive, leading or trailing dots, control characters and other punctuation are not', () => {
    for (const address of [
      'ada..lovelace@example.com',
      '.ada@example.com',
      'ada.@example.com',
      'ada\u007f@example.com',
      'ada\u0000@example.com',
      'ada\u0001@example.com',
      'ada\u0085@example.com',
      'ada\u200b@example.com',
      'ada lovelace@example.com',
      '"ada"@example.com',
      'ada<b>@example.com',
      'ada(comment)@example.com',
      'a,b@example.com',
      'a;b@example.com',
      'a:b@example.com',
      'a\\b@example.com',
      'a[b]@example.com',
      'a@b@example.com',
      '@example.com',
      'ada@',
      'ada@localhost',
      'ada@example..com',
      'ada@-example.com',
      'ada@example.c0m',
      `${'a'.repeat(emailLimits.localPartChars + 1)}@example.com`,
      `ada@${'a'.repeat(250)}.com`,
      42,
      undefined,
    ])
      expect(isEmailAddress(address), JSON.stringify(address)).toBe(false)
  })
})

describe('isEmailCode', () => {
  test('behavior: a code is exactly its length of digits, leading zeros kept', () => {
    expect(emailCodeLength).toBe(6)
    expect(isEmailCode('012345')).toBe(true)
    for (const code of ['12345', '1234567', '12a456', ' 123456', '１２３４５６', ''])
      expect(isEmailCode(code), code).toBe(false)
  })

  test('error: the sign-in schema refuses a code of another form, saying its length', () => {
    const parsed = emailSignInRequestSchema.safeParse({
      email: 'ada@example.com',
      code: '12345',
      hostOrigin: 'https://shop.example',
    })
    expect(parsed.error?.issues[0]?.message).toBe('The code is 6 digits.')
  })
})
