/** The JSON error body every API route answers with: `{ error: { code, message } }`. */

import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type ApiErrorCode =
  | 'invalidRequest'
  | 'invalidProjectId'
  | 'invalidAppConfiguration'
  | 'crossOriginRequest'
  | 'payloadTooLarge'
  | 'notFound'
  | 'internalError'
  | 'unsupportedChain'
  | 'accountDataUnavailable'

export type ApiErrorBody = { error: { code: ApiErrorCode; message: string } }

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
): Response {
  const body: ApiErrorBody = { error: { code, message } }
  return c.json(body, status)
}
