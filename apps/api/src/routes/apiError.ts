/** The JSON error body every API route answers with: `{ error: { code, message } }`. */

import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'

export type ApiErrorCode =
  | 'invalidRequest'
  | 'invalidProjectId'
  | 'invalidAppConfiguration'
  | 'crossOriginRequest'
  | 'originRequired'
  | 'payloadTooLarge'
  | 'notFound'
  | 'internalError'
  | 'unsupportedChain'
  | 'accountDataUnavailable'
  | 'imageUnavailable'
  | 'rateLimited'
  | 'unauthorized'
  | 'statsDisabled'

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

/** An error answer that nobody caches, neither we nor the browser. */
export function uncachedApiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
): Response {
  c.header('Cache-Control', 'no-store')
  return apiError(c, status, code, message)
}

/** `chainId: is required; entries: must be …` — the query parameters at fault, for the caller. */
export function describeQueryIssues(error: ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).slice(0, 1).join('.') || 'query'}: ${issue.message}`)
    .join('; ')
}

/** `body.eventId: Invalid UUID; body.timestamp: …` — the fields at fault, for the caller. */
export function describeIssues(error: ZodError, where: 'query' | 'body'): string {
  return error.issues
    .map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ')
}
