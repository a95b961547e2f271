/**
 * A social login's popup for the API's route tests: a browser's cookie jar (the popup's first-party
 * cookies of the API's origin, apart from the frame's partitioned session cookie), the start page
 * followed to the provider's URL with the state cookie kept, and the callback's page read back —
 * the message its script posts, where to, and whether its CSP lets that script run. Two jars are
 * two browsers: the visitor's, and someone else's.
 */
import { expect } from 'vitest'

/** A browser's cookies of the API's origin, by name. */
export type CookieJar = Map<string, string>

/** Keeps what `response` sets in `jar`, and drops what it expires. */
export function keepCookies(jar: CookieJar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
    const at = pair.indexOf('=')
    const name = pair.slice(0, at)
    const expired = attributes.some(
      (attribute) =>
        /^max-age=0$/i.test(attribute) ||
        (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()),
    )
    if (expired) jar.delete(name)
    else jar.set(name, pair.slice(at + 1))
  }
}

/** The `Cookie` header of `jar`. */
export const cookieHeader = (jar: CookieJar) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

/** The page's message and where it goes, and whether its script is the one its CSP allows. */
export type CallbackPage = {
  status: number
  message: {
    type: string
    state?: string
    grant?: string
    error?: { code: string; message: string }
  }
  target: string
  scriptAllowed: boolean
  text: string
}

export async function pageOf(response: Response): Promise<CallbackPage> {
  const html = await response.text()
  const script =
    /<script nonce="([^"]+)">\nwindow\.opener\?\.postMessage\((.*), (".*")\);\nwindow\.close\(\);\n<\/script>/.exec(
      html,
    )
  if (!script) throw new Error(`No postMessage script in the page:\n${html}`)
  const [, nonce = '', message = '', target = ''] = script
  const csp = response.headers.get('content-security-policy') ?? ''
  return {
    status: response.status,
    message: JSON.parse(message),
    target: JSON.parse(target),
    scriptAllowed:
      csp ===
      `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    text: /<p>(.*)<\/p>/.exec(html)?.[1] ?? '',
  }
}

/** A GET of the app in the browser of `jar`: its cookies sent, those it sets kept. */
export async function browse(
  app: { request(url: string, init?: RequestInit): Response | Promise<Response> },
  url: URL | string,
  jar: CookieJar,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers)
  if (jar.size > 0) headers.set('Cookie', cookieHeader(jar))
  const response = await app.request(String(url), { ...init, headers })
  keepCookies(jar, response)
  return response
}

/** The popup's start page in the browser of `jar`: the provider's URL it redirects to. */
export async function startIn(
  app: Parameters<typeof browse>[0],
  startUrl: URL | string,
  jar: CookieJar,
): Promise<URL> {
  const response = await browse(app, startUrl, jar)
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location') ?? '')
}
