/**
 * Parses an allowed origin as an operator types it. An allowed origin ends up in penpal's
 * allow-list and in a CSP `frame-ancestors` list, so only the exact serialised form of a web
 * origin is accepted: no paths, wildcards or credentials that would silently widen or break it.
 * Production mode takes https origins only.
 */

import { InsecureOriginError, InvalidOriginError } from './projectErrors'

export declare namespace parseOrigin {
  type Options = {
    /**
     * Production mode: http origins, loopback ones too, are refused. A page served over http can
     * be rewritten on its way to the visitor and would then drive the modal; a loopback one is
     * whatever runs on the visitor's machine.
     */
    production?: boolean | undefined
  }
  type ErrorType = InvalidOriginError | InsecureOriginError
}

/**
 * Returns the origin in canonical form (`new URL(x).origin`), tolerating one trailing slash.
 *
 * @example
 * parseOrigin('http://localhost:5173/') // 'http://localhost:5173'
 * parseOrigin('https://example.com/app') // throws InvalidOriginError
 * parseOrigin('http://shop.example', { production: true }) // throws InsecureOriginError
 */
export function parseOrigin(
  input: string,
  { production = false }: parseOrigin.Options = {},
): string {
  const candidate = input.endsWith('/') ? input.slice(0, -1) : input
  if (candidate.includes('*')) throw new InvalidOriginError(input, 'wildcards are not allowed')
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    throw new InvalidOriginError(input, 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidOriginError(input, 'the scheme must be http or https')
  if (candidate === url.origin) {
    if (production && url.protocol !== 'https:') throw new InsecureOriginError(url.origin)
    return url.origin
  }
  if (url.username !== '' || url.password !== '')
    throw new InvalidOriginError(input, 'credentials are not allowed')
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(candidate))
    throw new InvalidOriginError(input, 'a path, query or fragment is not allowed')
  throw new InvalidOriginError(input, `write it in canonical form, ${url.origin}`)
}
