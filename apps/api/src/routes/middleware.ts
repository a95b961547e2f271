/**
 * Middleware the JSON routes share: a body limit that answers in the API's error shape, and
 * `Cache-Control: no-store` for answers (and refusals) nobody may keep: sessions, nonces, codes,
 * shares and keys.
 */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiError } from './apiError'

/** Refuses a body over `maxBytes` with 413 `payloadTooLarge`. */
export const jsonBodyLimit = (maxBytes: number): MiddlewareHandler =>
  bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      apiError(c, 413, 'payloadTooLarge', `The request body exceeds ${maxBytes} bytes`),
  })

/** Marks the answer `Cache-Control: no-store`, whatever the route answered. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
}
