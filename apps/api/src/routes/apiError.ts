/**
 * The JSON error body every API route answers with: `{ error: { code, message } }`, its shape
 * and codes the protocol's (`apiError.ts`), so the modal parses what the API sends.
 */

import type { ApiErrorBody, ApiErrorCode } from '@airlock/protocol'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'

// The protocol's schemas are zod/mini, which loads no messages of its own ('Invalid input' for
// everything); the API answers with zod's English ones, the same for its own schemas and those.
z.config(z.locales.en())

/** A failed parse of a zod or zod/mini schema (the protocol's schemas are zod/mini). */
export type SchemaError = { issues: readonly z.core.$ZodIssue[] }

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  /** What a client may act on beside the words (`triesLeft` of a wrong code). */
  extra: Omit<ApiErrorBody['error'], 'code' | 'message'> = {},
): Response {
  const body: ApiErrorBody = { error: { code, message, ...extra } }
  return c.json(body, status)
}

/**
 * Ends the request with the error answer, from a check a handler makes on its way (a chain
 * without swaps, a bad amount): Hono answers an `HTTPException` with its response, so the
 * handler reads straight on instead of returning `X | Response`.
 */
export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
): never {
  throw new HTTPException(status, { res: apiError(c, status, code, message) })
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
export function describeQueryIssues(error: SchemaError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).slice(0, 1).join('.') || 'query'}: ${issue.message}`)
    .join('; ')
}

/** A zod or zod/mini schema, as the validators call it. */
export type RequestSchema<output> = {
  safeParse(
    value: unknown,
  ): { success: true; data: output } | { success: false; error: SchemaError }
}

/** `body.eventId: Invalid UUID; body.timestamp: …` — the fields at fault, for the caller. */
export function describeIssues(error: SchemaError, where: 'query' | 'body'): string {
  return error.issues
    .map((issue) => `${[where, ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ')
}
