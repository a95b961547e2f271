/**
 * The modal's one HTTP helper for its own API (spec §7): GET, POST, PUT and DELETE with JSON in
 * and out. A non-OK status throws `HttpError` ('HTTP status code: {status}', carrying the status
 * and the parsed error body); a request that outlasts its timeout throws `RequestTimeoutError`.
 * Failures are also told to the client's failure listeners (the alert bar, error reports) unless
 * the caller says `quiet`. Each modal has its own client (`createApiClient`, made by
 * `createModal`), so listeners never outlive it or hear another modal's (or test's) calls. A
 * relay call (`frame`) goes with the frame token, which the client asks for, keeps in its memory
 * and renews (frameToken.ts, loaded with the first such call).
 */
import { type ApiErrorCode, frameTokenHeader, frameTokenRefusals } from '@airlock/protocol'
import type { FrameTarget, FrameTokens } from './frameToken'

/**
 * The API's error code in an error body (`apiErrorBodySchema`'s shape), when it has one. It is
 * only ever compared with the codes the modal acts on, so it is not checked against the whole
 * list (which stays out of the first bundle): a code the modal does not know, from a newer API,
 * matches none of them.
 */
function errorCodeOf(body: unknown): ApiErrorCode | undefined {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null | undefined)
    ?.error
  return typeof error?.code === 'string' && typeof error.message === 'string'
    ? (error.code as ApiErrorCode)
    : undefined
}

export class HttpError extends Error {
  override name = 'HttpError'
  /** The API's error code (`rateLimited`, `invalidProjectId`, …), when the body is its error body. */
  readonly code: ApiErrorCode | undefined

  constructor(
    readonly status: number,
    /** The error body, parsed from JSON; undefined when there was none or it was not JSON. */
    readonly body: unknown,
  ) {
    super(`HTTP status code: ${status}`)
    this.code = errorCodeOf(body)
  }
}

export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError'
  constructor(
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`The request to ${path} took longer than ${timeoutMs} ms.`)
  }
}

/** How long a call may take before it fails with `RequestTimeoutError`. */
export const requestTimeoutMs = 20_000

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type RequestOptions = {
  query?: Record<string, string>
  /** Sent as JSON. */
  body?: unknown
  /** Not told to the failure listeners: the caller deals with every failure itself. */
  quiet?: boolean
  /** Lets the request outlive the page (analytics sent as the visitor leaves). */
  keepalive?: boolean
  /** Sent as `Authorization: Bearer <token>` (a sign-in session's token). */
  bearer?: string
  /**
   * A call of the API's relays for this project and site: sent with the frame token (asked for
   * and renewed by the client), and tried once more with a new one when the API refuses it.
   */
  frame?: FrameTarget
  /** Sent as the `Airlock-Frame-Token` header; the client sets it for a `frame` call. */
  frameToken?: string
  timeoutMs?: number
  signal?: AbortSignal
}

export type ApiFailure = { method: Method; path: string; error: Error }
type FailureListener = (failure: ApiFailure) => void

/**
 * @example
 * const api = createApiClient()
 * const stop = api.onApiFailure(({ error }) => console.warn(error.message))
 * const page = await api.apiFetch<WalletPage>('GET', '/v1/wallets', { query: { projectId } })
 * await api.apiFetch('POST', '/e', { query, body: event, quiet: true })
 */
/** How a call reaches the API: `fetch` on the modal's origin; view tests answer it themselves. */
export type ApiTransport = <result>(
  method: Method,
  path: string,
  options: RequestOptions,
) => Promise<result | undefined>

export function createApiClient(transport: ApiTransport = httpTransport) {
  const failureListeners = new Set<FailureListener>()
  // The frame token's keeper, made with the first relay call.
  let frameTokens: Promise<FrameTokens> | undefined
  const tokens = () =>
    (frameTokens ??= import('./frameToken').then(({ createFrameTokens }) =>
      createFrameTokens(transport),
    ))

  /** A relay call with the frame token; once more with a new token if the API refuses it. */
  async function withFrameToken<result>(
    method: Method,
    path: string,
    { frame, ...options }: RequestOptions & { frame: FrameTarget },
  ): Promise<result | undefined> {
    const keeper = await tokens()
    const token = await keeper.tokenFor(frame)
    try {
      return await transport<result>(method, path, { ...options, frameToken: token })
    } catch (error) {
      if (!refusedFrameToken(error)) throw error
      await keeper.forget(token)
      const renewed = await keeper.tokenFor(frame)
      return transport<result>(method, path, { ...options, frameToken: renewed })
    }
  }

  /** Calls `listener` for every failed call that is not `quiet`; returns the unsubscribe. */
  function onApiFailure(listener: FailureListener): () => void {
    failureListeners.add(listener)
    return () => failureListeners.delete(listener)
  }

  async function apiFetch<result>(
    method: Method,
    path: string,
    options: RequestOptions = {},
  ): Promise<result | undefined> {
    try {
      const { frame } = options
      if (frame) return await withFrameToken<result>(method, path, { ...options, frame })
      return await transport<result>(method, path, options)
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error))
      // The caller's own abort is not a failure.
      if (!options.quiet && failure.name !== 'AbortError')
        for (const listener of failureListeners) listener({ method, path, error: failure })
      throw failure
    }
  }

  return { apiFetch, onApiFailure }
}
export type ApiClient = ReturnType<typeof createApiClient>
/** A call on the modal's API, for code that only makes calls: `api.apiFetch`. */
export type ApiFetch = ApiClient['apiFetch']

/** Whether the API refused a call for its frame credential: a new token may pass. */
const refusedFrameToken = (error: unknown): boolean =>
  error instanceof HttpError &&
  error.status === 401 &&
  (frameTokenRefusals as readonly string[]).includes(error.code ?? '')

/** A call over `fetch`: paths on the modal's own origin (absolute URLs pass through). */
export async function httpTransport<result>(
  method: Method,
  path: string,
  options: RequestOptions,
): Promise<result | undefined> {
  // Absolute URLs pass through; paths are on the modal's own origin.
  const url = new URL(path, globalThis.location?.origin)
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value)
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs
  const timeout = AbortSignal.timeout(timeoutMs)
  const init: RequestInit = {
    method,
    headers: { accept: 'application/json' },
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  }
  if (options.keepalive) init.keepalive = true
  if (options.bearer) init.headers = { ...init.headers, authorization: `Bearer ${options.bearer}` }
  if (options.frameToken) init.headers = { ...init.headers, [frameTokenHeader]: options.frameToken }
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body)
    init.headers = { ...init.headers, 'content-type': 'application/json' }
  }
  let response: Response
  let text: string
  try {
    response = await fetch(url, init)
    text = await response.text()
  } catch (error) {
    if (timeout.aborted && !options.signal?.aborted)
      throw new RequestTimeoutError(url.pathname, timeoutMs)
    throw error
  }
  if (!response.ok) throw new HttpError(response.status, parseJson(text))
  if (text === '') return undefined
  const body = parseJson(text)
  if (body === undefined) throw new SyntaxError(`${url.pathname} answered with something not JSON.`)
  return body as result
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
