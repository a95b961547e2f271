/**
 * JSON over HTTP for the hosted services behind account data (indexer APIs, price feeds): a
 * timeout on every call, and every failure (network, status, body that is not the documented
 * shape) as one error class, so callers decide once what a failure means.
 */

import type { z } from 'zod'

/** A hosted service did not answer as documented. `status` is set for an HTTP error status. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export type FetchJsonOptions<schema extends z.ZodType> = {
  /** For messages: 'Alchemy', 'CoinGecko'. Never the URL, which may hold an API key. */
  service: string
  schema: schema
  init?: RequestInit
  timeoutMs?: number
}

/**
 * GETs (or `init`s) `url` and parses the JSON body with `schema`.
 *
 * @throws {UpstreamError} on a network error, a timeout, a non-2xx status, or a body that is
 * not JSON or does not match.
 */
export async function fetchJson<schema extends z.ZodType>(
  url: string,
  { service, schema, init = {}, timeoutMs = 10_000 }: FetchJsonOptions<schema>,
): Promise<z.output<schema>> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : 'unreachable'
    throw new UpstreamError(`${service} ${reason}`, undefined)
  }
  if (!response.ok) {
    // Drain the (small) error body so the connection can be reused.
    await response.text().catch(() => undefined)
    throw new UpstreamError(`${service} answered HTTP ${response.status}`, response.status)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new UpstreamError(`${service} answered a body that is not JSON`, response.status)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new UpstreamError(
      `${service} answered an unexpected shape: ${parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`)
        .join('; ')}`,
      response.status,
    )
  return parsed.data
}
