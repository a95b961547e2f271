/**
 * `POST /v1/frame-key`: the secret the modal frame seals its storage with when the browser
 * denies it storage of its own (docs/threat-model.md). It lives only in a `Partitioned`,
 * HttpOnly cookie of the modal's origin — one per top-level site, unreadable by host scripts —
 * and is handed only to the modal's own pages: a same-origin request, which a host page can
 * send (the cookie goes with it) but never read, since this route answers no CORS.
 * The API stores nothing: every replica answers the same from the cookie alone.
 */
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { apiError } from './apiError'

export const frameKeyCookie = '__Host-airlock-frame-key'
const keyPattern = /^[A-Za-z0-9_-]{43}$/
/** Browsers cap cookie lifetimes at 400 days. */
const maxAgeSeconds = 400 * 24 * 60 * 60

export type FrameKeyRoutesOptions = {
  /** The public origin of this API, when a proxy makes it differ from the request URL. */
  publicOrigin: string | undefined
}

export function frameKeyRoutes({ publicOrigin }: FrameKeyRoutesOptions): Hono {
  const app = new Hono()
  app.post('/v1/frame-key', (c) => {
    const ownOrigin = publicOrigin ?? new URL(c.req.url).origin
    const fetchSite = c.req.header('Sec-Fetch-Site')
    // Only the modal's own pages: browsers always send Origin on a POST.
    if (c.req.header('Origin') !== ownOrigin || (fetchSite && fetchSite !== 'same-origin'))
      return apiError(
        c,
        403,
        'crossOriginRequest',
        "The frame key is given only to the modal's own origin",
      )
    let key = getCookie(c, frameKeyCookie)
    if (!key || !keyPattern.test(key)) {
      key = randomBytes(32).toString('base64url')
      setCookie(c, frameKeyCookie, key, {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'None',
        partitioned: true,
        maxAge: maxAgeSeconds,
      })
    }
    c.header('Cache-Control', 'no-store')
    return c.json({ key })
  })
  return app
}
