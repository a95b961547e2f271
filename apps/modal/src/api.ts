/** The modal's one fetch helper for its own API (spec §7): JSON in and out, and a non-OK
 * status throws 'HTTP status code: {status}'. */

export class HttpError extends Error {
  override name = 'HttpError'
  constructor(readonly status: number) {
    super(`HTTP status code: ${status}`)
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export async function apiFetch<result>(
  method: Method,
  path: string,
  options: { query?: Record<string, string>; body?: unknown } = {},
): Promise<result | undefined> {
  const url = new URL(path, location.origin)
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value)
  const init: RequestInit = { method }
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body)
    init.headers = { 'content-type': 'application/json' }
  }
  const response = await fetch(url, init)
  if (!response.ok) throw new HttpError(response.status)
  if (response.status === 204) return undefined
  return (await response.json()) as result
}
