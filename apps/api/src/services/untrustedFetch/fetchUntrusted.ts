/**
 * Fetches a URL someone else chose (an NFT's metadata or image) without letting it reach the
 * API's own network: the host is resolved once, every address it resolves to must be public
 * (`publicAddress.ts`), and the connection goes to the address that was checked, so a DNS answer
 * that changes between check and connect (rebinding) gains nothing. Redirects are followed by
 * hand, each hop checked the same way; the whole exchange has a deadline and the body a size cap,
 * enforced while it streams.
 */

import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { addressRefusal } from './publicAddress'

export type ResolvedAddress = { address: string; family: number }

/** Every address a hostname resolves to; the default is the system resolver's. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>

export declare namespace fetchUntrusted {
  type Options = {
    /** Refuse `http:` URLs, redirects included (production). */
    httpsOnly: boolean
    /**
     * CIDRs fetched although not public (`['127.0.0.0/8']`): tests and a local metadata server
     * only. Production passes none.
     */
    allowedNetworks?: readonly string[] | undefined
    /** Default: `dns.promises.lookup(hostname, { all: true })`. */
    resolve?: Resolver | undefined
    /** For the whole exchange: resolution, redirects and body. Default 5000 ms. */
    timeoutMs?: number | undefined
    /** Largest body read, in bytes. Default 1 MiB. */
    maxBytes?: number | undefined
    /** Default 3. */
    maxRedirects?: number | undefined
    /** The `Accept` header. Default `*\/*`. */
    accept?: string | undefined
  }
  type ReturnType = {
    /** Where the body came from, after redirects. */
    url: URL
    /** `Content-Type` without parameters, lower case; undefined when absent. */
    mediaType: string | undefined
    body: Buffer
  }
  type ErrorType = UntrustedFetchError
}

export const defaultUntrustedFetchLimits = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
} as const

/**
 * `refused`: the URL, an address or a redirect is not allowed (the caller's input is at fault).
 * The others are the remote server's doing.
 */
export type UntrustedFetchErrorCode = 'refused' | 'timeout' | 'tooLarge' | 'httpStatus' | 'network'

export class UntrustedFetchError extends Error {
  override readonly name = 'UntrustedFetchError'
  readonly code: UntrustedFetchErrorCode
  constructor(code: UntrustedFetchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true })

/**
 * The body at `url`, or an {@link UntrustedFetchError} saying why not.
 *
 * @example
 * const { body, mediaType } = await fetchUntrusted('https://example.com/1.json', { httpsOnly: true })
 * // fetchUntrusted('http://10.0.0.1/', { httpsOnly: false })
 * // → UntrustedFetchError: Refused: 10.0.0.1 is a private address
 */
export async function fetchUntrusted(
  url: string | URL,
  options: fetchUntrusted.Options,
): Promise<fetchUntrusted.ReturnType> {
  const timeoutMs = options.timeoutMs ?? defaultUntrustedFetchLimits.timeoutMs
  const maxRedirects = options.maxRedirects ?? defaultUntrustedFetchLimits.maxRedirects
  const deadline = AbortSignal.timeout(timeoutMs)
  const timedOut = () =>
    new UntrustedFetchError('timeout', `Timed out after ${timeoutMs} ms`, {
      cause: deadline.reason,
    })
  let current = parseUrl(String(url))
  for (let redirects = 0; ; redirects++) {
    const address = await untilAborted(pinAddress(current, options), deadline, timedOut)
    const answer = await get(current, address, options, deadline, timedOut)
    if (answer.kind === 'body')
      return { url: current, mediaType: answer.mediaType, body: answer.body }
    if (redirects >= maxRedirects)
      throw new UntrustedFetchError('refused', `Refused: more than ${maxRedirects} redirects`)
    current = parseUrl(answer.location, current)
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base)
  } catch (error) {
    throw new UntrustedFetchError('refused', 'Refused: not a URL', { cause: error })
  }
}

/**
 * Why `url`'s scheme is not fetched, or undefined: only `https:` with `httpsOnly`, else `http:`
 * and `https:`. For a caller that refuses a URL before anything else is done with it.
 *
 * @example
 * schemeRefusal(new URL('file:///etc/passwd'), false) // 'Refused: file: URLs are not fetched (http: and https: only)'
 */
export function schemeRefusal(url: URL, httpsOnly: boolean): string | undefined {
  const allowed = httpsOnly ? ['https:'] : ['http:', 'https:']
  if (allowed.includes(url.protocol)) return undefined
  return `Refused: ${url.protocol} URLs are not fetched (${allowed.join(' and ')} only)`
}

/** Checks the scheme, resolves the host once, and gives the one address to connect to. */
async function pinAddress(url: URL, options: fetchUntrusted.Options): Promise<ResolvedAddress> {
  const wrongScheme = schemeRefusal(url, options.httpsOnly)
  if (wrongScheme !== undefined) throw new UntrustedFetchError('refused', wrongScheme)
  const host = bareHost(url.hostname)
  const family = isIP(host)
  let addresses: readonly ResolvedAddress[]
  if (family !== 0) addresses = [{ address: host, family }]
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host)
    } catch (error) {
      throw new UntrustedFetchError('network', `Could not resolve ${host}`, { cause: error })
    }
  }
  const [first] = addresses
  if (first === undefined) throw new UntrustedFetchError('network', `Could not resolve ${host}`)
  // Every answer must pass, not only the one used: the check must not depend on answer order.
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, options.allowedNetworks)
    if (refusal !== undefined)
      throw new UntrustedFetchError(
        'refused',
        `Refused: ${address} is ${refusal}${address === host ? '' : ` (${host} resolves to it)`}`,
      )
  }
  return first
}

type Answer =
  | { kind: 'body'; mediaType: string | undefined; body: Buffer }
  | { kind: 'redirect'; location: string }

/** One GET to `address`, whatever `url`'s host resolves to now; the name is kept for Host and TLS. */
function get(
  url: URL,
  address: ResolvedAddress,
  options: fetchUntrusted.Options,
  deadline: AbortSignal,
  timedOut: () => UntrustedFetchError,
): Promise<Answer> {
  const maxBytes = options.maxBytes ?? defaultUntrustedFetchLimits.maxBytes
  const secure = url.protocol === 'https:'
  const host = bareHost(url.hostname)
  return new Promise<Answer>((resolve, reject) => {
    const request = (secure ? https : http).request({
      host: address.address,
      family: address.family,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        host: url.host,
        accept: options.accept ?? '*/*',
        // The cap counts the bytes as sent; a compressed body could expand past it.
        'accept-encoding': 'identity',
        'user-agent': 'Airlock',
      },
      // A fresh connection per request: a pooled one could lead to another address.
      agent: false,
      // Certificates are checked against the name in the URL, not the address connected to.
      ...(isIP(host) === 0 ? { servername: host } : {}),
    })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      deadline.removeEventListener('abort', onAbort)
      outcome()
    }
    const fail = (error: UntrustedFetchError) =>
      settle(() => {
        request.destroy()
        reject(error)
      })
    const onAbort = () => fail(timedOut())
    if (deadline.aborted) return onAbort()
    deadline.addEventListener('abort', onAbort, { once: true })

    request.on('error', (error) =>
      fail(
        new UntrustedFetchError('network', `Could not fetch ${url.origin}: ${error.message}`, {
          cause: error,
        }),
      ),
    )
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (status >= 300 && status < 400 && location !== undefined)
        return settle(() => {
          request.destroy()
          resolve({ kind: 'redirect', location })
        })
      if (status < 200 || status >= 300)
        return fail(new UntrustedFetchError('httpStatus', `HTTP ${status} from ${url.origin}`))
      const encoding = response.headers['content-encoding']
      if (encoding !== undefined && encoding.toLowerCase() !== 'identity')
        return fail(
          new UntrustedFetchError('network', `Unsupported ${encoding} encoding from ${url.origin}`),
        )
      const tooLarge = () =>
        new UntrustedFetchError('tooLarge', `Too large: more than ${maxBytes} bytes`)
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) return fail(tooLarge())
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength
        if (size > maxBytes) fail(tooLarge())
        else chunks.push(chunk)
      })
      response.on('error', (error) =>
        fail(
          new UntrustedFetchError('network', `Could not read ${url.origin}: ${error.message}`, {
            cause: error,
          }),
        ),
      )
      response.on('end', () =>
        settle(() => {
          const mediaType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
          resolve({ kind: 'body', mediaType: mediaType || undefined, body: Buffer.concat(chunks) })
        }),
      )
    })
    request.end()
  })
}

/** `promise`, unless `signal` aborts first; DNS lookups cannot be cancelled, only abandoned. */
function untilAborted<value>(
  promise: Promise<value>,
  signal: AbortSignal,
  onAbort: () => Error,
): Promise<value> {
  if (signal.aborted) return Promise.reject(onAbort())
  return new Promise<value>((resolve, reject) => {
    const abort = () => reject(onAbort())
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** `[::1]` → `::1`: the URL keeps IPv6 literals in brackets. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}
