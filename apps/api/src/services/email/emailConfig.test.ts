import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { developmentServerKey, readEmailConfig } from './emailConfig'

describe('readEmailConfig', () => {
  test('behavior: nothing set: no mail server, the default sender, the development key', () => {
    expect(readEmailConfig({})).toEqual({
      smtpUrl: undefined,
      mailFrom: 'Airlock <login@localhost>',
      serverKey: developmentServerKey,
      serverKeySet: false,
    })
  })

  test('behavior: a server key in hex or base64, and an SMTP URL, are taken', () => {
    const hex = readEmailConfig({ AIRLOCK_SERVER_KEY: '0f'.repeat(32), SMTP_URL: 'smtp://mail:25' })
    expect(hex).toMatchObject({ smtpUrl: 'smtp://mail:25', serverKeySet: true })
    expect(Buffer.from(hex.serverKey).toString('hex')).toBe('0f'.repeat(32))
    const base64 = Buffer.alloc(48, 9).toString('base64')
    expect(readEmailConfig({ AIRLOCK_SERVER_KEY: base64 }).serverKey).toEqual(Buffer.alloc(48, 9))
  })

  test.each([
    [
      { SMTP_URL: 'https://mail.example.com' },
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587.',
    ],
    [
      { AIRLOCK_SERVER_KEY: 'abcd' },
      'AIRLOCK_SERVER_KEY must be at least 32 random bytes, hex or base64 (openssl rand -hex 32).',
    ],
  ])('error: %o is refused, saying what is wrong and never repeating the key', (env, message) => {
    expect(() => readEmailConfig(env)).toThrow(new ConfigError(message))
  })
})
