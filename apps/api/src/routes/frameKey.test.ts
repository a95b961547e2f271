import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { frameKeyCookie, frameKeyRoutes } from './frameKey'

const own = 'http://localhost:8787'
const app = new Hono().route('/', frameKeyRoutes({ publicOrigin: own }))

const ask = (headers: Record<string, string>) =>
  app.request(`${own}/v1/frame-key`, { method: 'POST', headers })
const fromFrame = { Origin: own, 'Sec-Fetch-Site': 'same-origin' }

describe('POST /v1/frame-key', () => {
  test('behavior: the modal gets a 32-byte key, kept in a partitioned HttpOnly cookie', async () => {
    const response = await ask(fromFrame)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { key } = (await response.json()) as { key: string }
    expect(Buffer.from(key, 'base64url')).toHaveLength(32)
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toContain(`${frameKeyCookie}=${key}`)
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/'])
      expect(cookie).toContain(attribute)
  })

  test('behavior: with the cookie, the same key comes back; a malformed one is replaced', async () => {
    const first = (await (await ask(fromFrame)).json()) as { key: string }
    const again = await ask({ ...fromFrame, Cookie: `${frameKeyCookie}=${first.key}` })
    expect(await again.json()).toEqual({ key: first.key })
    expect(again.headers.get('set-cookie')).toBeNull()
    const replaced = await ask({ ...fromFrame, Cookie: `${frameKeyCookie}=short` })
    const { key } = (await replaced.json()) as { key: string }
    expect(key).not.toBe('short')
    expect(replaced.headers.get('set-cookie')).toContain(key)
  })

  test('security: a host page (another origin) cannot be given the key, even with the cookie', async () => {
    const cookie = `${frameKeyCookie}=${'a'.repeat(43)}`
    for (const headers of [
      { Origin: 'http://127.0.0.1:5173', 'Sec-Fetch-Site': 'cross-site', Cookie: cookie },
      { Origin: own, 'Sec-Fetch-Site': 'cross-site', Cookie: cookie },
      { Cookie: cookie },
    ]) {
      const response = await ask(headers)
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        error: {
          code: 'crossOriginRequest',
          message: "The frame key is given only to the modal's own origin",
        },
      })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    }
  })
})
