/**
 * How the onramp adapters talk to their providers over HTTP: one JSON request with a deadline,
 * and every way it can fail turned into an {@link OnrampProviderError} that says which provider
 * failed and how, in words the visitor may read. The provider's own answer body is never
 * repeated: it is not ours to show, and may echo what we sent.
 */
import type { OnrampProviderId } from '@airlock/protocol'

/** How long a provider may take to answer. */
export const onrampProviderTimeoutMs = 10_000

/**
 * A provider failed: `timeout` (no answer in time), `unavailable` (unreachable, or a 5xx),
 * `refused` (a 4xx: it would not quote or open this purchase), `badAnswer` (an answer that is not
 * what its documentation says).
 */
export class OnrampProviderError extends Error {
  override name = 'OnrampProviderError'
  constructor(
    readonly provider: OnrampProviderId,
    readonly kind: 'timeout' | 'unavailable' | 'refused' | 'badAnswer',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export declare namespace providerJson {
  type Request = {
    provider: OnrampProviderId
    /** The provider's name as the visitor reads it, for the messages. */
    label: string
    /** What the request is for, for the messages: 'quote', 'checkout', 'options'. */
    purpose: string
    url: string
    method: 'GET' | 'POST'
    headers: Record<string, string>
    body?: unknown
    timeoutMs?: number | undefined
    /** What a 404 answers instead of an error: an order the provider has no transaction for yet. */
    notFound?: unknown
  }
}

/**
 * The provider's JSON answer to one request, or an {@link OnrampProviderError}.
 *
 * @example
 * const answer = await providerJson({ provider: 'meld', label: 'Meld.io', purpose: 'quote', url, method: 'POST', headers, body })
 */
export async function providerJson(request: providerJson.Request): Promise<unknown> {
  const { provider, label, purpose, timeoutMs = onrampProviderTimeoutMs } = request
  let response: Response
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError')
      throw new OnrampProviderError(
        provider,
        'timeout',
        `${label} did not answer within ${timeoutMs / 1000} s. Try again shortly.`,
        { cause: error },
      )
    throw new OnrampProviderError(
      provider,
      'unavailable',
      `${label} could not be reached. Try again shortly.`,
      { cause: error },
    )
  }
  if (response.status >= 500)
    throw new OnrampProviderError(
      provider,
      'unavailable',
      `${label} is unavailable right now (HTTP ${response.status}). Try again shortly.`,
    )
  if (response.status === 404 && 'notFound' in request) return request.notFound
  if (!response.ok)
    throw new OnrampProviderError(
      provider,
      'refused',
      `${label} refused the ${purpose} (HTTP ${response.status}).`,
    )
  try {
    return await response.json()
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new OnrampProviderError(
      provider,
      timedOut ? 'timeout' : 'badAnswer',
      timedOut
        ? `${label} did not answer within ${timeoutMs / 1000} s. Try again shortly.`
        : `${label} sent a ${purpose} answer that is not JSON.`,
      { cause: error },
    )
  }
}

/** The error for an answer that does not have the shape the provider documents. */
export function badAnswer(
  provider: OnrampProviderId,
  label: string,
  purpose: string,
): OnrampProviderError {
  return new OnrampProviderError(
    provider,
    'badAnswer',
    `${label} sent something that is not a ${purpose}.`,
  )
}
