import { expect, test } from 'vitest'
import { apiErrorBodySchema } from './apiError'

test('behavior: an error body with a known code reads as it was sent', () => {
  const body = { error: { code: 'rateLimited', message: 'Rate Limited' } }
  expect(apiErrorBodySchema.parse(body)).toEqual(body)
})

test.each([
  [
    'a code the API never sends',
    { error: { code: 'teapot', message: 'short and stout' } },
    'error.code',
  ],
  ['no message', { error: { code: 'notFound' } }, 'error.message'],
  ['no error at all', { message: 'Not Found' }, 'error'],
])('behavior: %s is not an error body (%s)', (_, body, path) => {
  const result = apiErrorBodySchema.safeParse(body)
  expect(result.error?.issues[0]?.path.join('.')).toBe(path)
})
