import { expect, test } from 'vitest'
import { parseOrigin } from './origins'
import { InsecureOriginError, InvalidOriginError } from './projectErrors'

test.each([
  ['https://example.com', 'https://example.com'],
  ['https://example.com/', 'https://example.com'],
  ['http://localhost:5173', 'http://localhost:5173'],
  ['http://127.0.0.1:5173/', 'http://127.0.0.1:5173'],
  ['http://[::1]:3000', 'http://[::1]:3000'],
])('behavior: %s is accepted as %s', (input, origin) => {
  expect(parseOrigin(input)).toBe(origin)
})

test.each([
  ['https://example.com//', 'write it in canonical form, https://example.com'],
  ['https://example.com/app', 'a path, query or fragment is not allowed'],
  ['https://example.com?', 'a path, query or fragment is not allowed'],
  ['https://example.com#', 'a path, query or fragment is not allowed'],
  ['https://user@example.com', 'credentials are not allowed'],
  ['https://*.example.com', 'wildcards are not allowed'],
  ['*', 'wildcards are not allowed'],
  ['null', 'not a URL'],
  ['', 'not a URL'],
  ['file:///etc/passwd', 'the scheme must be http or https'],
  ['https://example.com:443', 'write it in canonical form, https://example.com'],
  ['https://EXAMPLE.com', 'write it in canonical form, https://example.com'],
  [' https://example.com', 'write it in canonical form, https://example.com'],
  ["https://example.com; script-src 'self'", 'not a URL'],
  ['https://example.com\\', 'write it in canonical form, https://example.com'],
])('behavior: %s is refused: %s', (input, reason) => {
  expect(() => parseOrigin(input)).toThrow(InvalidOriginError)
  expect(() => parseOrigin(input)).toThrow(reason)
})

test.each(['http://shop.example', 'http://localhost:5173/', 'http://127.0.0.1:5173'])(
  'behavior: in production mode %s is refused as not https',
  (input) => {
    const origin = new URL(input).origin
    expect(() => parseOrigin(input, { production: true })).toThrow(InsecureOriginError)
    expect(() => parseOrigin(input, { production: true })).toThrow(
      `Origin ${origin} is not https: production mode (NODE_ENV=production or AIRLOCK_PRODUCTION=1) allows https origins only.`,
    )
  },
)

test('behavior: in production mode an https origin is accepted, and malformed ones keep their reason', () => {
  expect(parseOrigin('https://shop.example/', { production: true })).toBe('https://shop.example')
  expect(() => parseOrigin('http://shop.example/app', { production: true })).toThrow(
    InvalidOriginError,
  )
})
