import { expect, test } from 'vitest'
import { isLoopbackUrl } from './loopback'

test.each([
  'http://127.0.0.1:8545',
  'http://127.1',
  'http://0x7f000001',
  'http://localhost:5173',
  'ws://LOCALHOST.:8789',
  'https://dev.localhost',
  'http://[::1]:8545',
  'http://[0:0:0:0:0:0:0:1]',
  'http://[::ffff:127.0.0.1]',
  'http://0.0.0.0:8787',
  'http://[::]',
])('behavior: %s is loopback', (url) => {
  expect(isLoopbackUrl(url)).toBe(true)
})

test.each([
  'https://eth.merkle.io',
  'wss://relay.walletconnect.org',
  'https://localhost.example.com',
  'http://128.0.0.1',
  'http://[2001:db8::1]',
  'not a url',
])('behavior: %s is not loopback', (url) => {
  expect(isLoopbackUrl(url)).toBe(false)
})
