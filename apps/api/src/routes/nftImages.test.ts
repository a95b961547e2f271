import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../test/app'
import { imageUrlSigner } from '../services/images/imageUrlSignatures'
import { createRateLimiter } from '../services/rateLimit'
import { maxNftImageBytes, nftImageRoutes } from './nftImages'

/** The first bytes of a PNG: enough for the proxy, which passes bytes through unread. */
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
const signer = imageUrlSigner(new Uint8Array(32).fill(5))

describe('GET /v1/nft-image', () => {
  let images: Server
  let origin: string
  /** The paths the picture server was asked for. */
  const served: string[] = []
  beforeAll(async () => {
    images = createServer((request, response) => {
      served.push(request.url ?? '')
      if (request.url === '/1.png')
        return response.writeHead(200, { 'content-type': 'image/png' }).end(png)
      if (request.url === '/2.svg')
        return response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' }).end(svg)
      if (request.url === '/page.html')
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<script></script>')
      if (request.url === '/huge.png')
        return response
          .writeHead(200, {
            'content-type': 'image/png',
            'content-length': String(maxNftImageBytes + 1),
          })
          .write(png)
      if (request.url === '/moved') return response.writeHead(302, { location: '/1.png' }).end()
      response.writeHead(404).end()
    })
    images.listen(0, '127.0.0.1')
    await once(images, 'listening')
    origin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
  })
  afterAll(() => {
    images.closeAllConnections()
    images.close()
  })

  const routes = ({
    production = false,
    allowedNetworks = ['127.0.0.0/8'],
    perMinute = 1000,
    resolve = undefined as nftImageRoutes.Options['resolve'],
  } = {}) =>
    nftImageRoutes({
      production,
      allowedNetworks,
      resolve,
      signer,
      rateLimiter: createRateLimiter({ name: 'nftImage', perMinute: { client: perMinute } }),
      trustProxy: 0,
    })
  const loopbackAllowed = routes()
  /** The picture at `url` through the proxy, its URL signed as the API hands it out. */
  const proxied = (url: string, app = loopbackAllowed) =>
    app.request(`/v1/nft-image?${new URLSearchParams({ url, sig: signer.sign(url) })}`)
  const errorOf = async (response: Response) => ({
    status: response.status,
    cache: response.headers.get('Cache-Control'),
    body: await response.json(),
  })

  test('behavior: a picture is served with its type, a day of caching and a sandboxing CSP', async () => {
    for (const path of ['/1.png', '/moved']) {
      const response = await proxied(`${origin}${path}`)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(png)
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
      })
    }
  })

  test('behavior: SVG is served as SVG, under the CSP that keeps its script from running', async () => {
    const response = await proxied(`${origin}/2.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    )
    expect(await response.text()).toBe(svg)
  })

  test('behavior: what is not a picture, too large or missing answers 502', async () => {
    expect(await errorOf(await proxied(`${origin}/page.html`))).toEqual({
      status: 502,
      cache: 'no-store',
      body: { error: { code: 'imageUnavailable', message: 'Not an image: text/html' } },
    })
    expect(await errorOf(await proxied(`${origin}/huge.png`))).toEqual({
      status: 502,
      cache: 'no-store',
      body: {
        error: {
          code: 'imageUnavailable',
          message: `Too large: more than ${maxNftImageBytes} bytes`,
        },
      },
    })
    expect(await errorOf(await proxied(`${origin}/missing.png`))).toEqual({
      status: 502,
      cache: 'no-store',
      body: { error: { code: 'imageUnavailable', message: `HTTP 404 from ${origin}` } },
    })
  })

  test('behavior: private addresses, other schemes and bad queries answer 400', async () => {
    const guarded = routes({ allowedNetworks: [] })
    expect(await errorOf(await proxied(`${origin}/1.png`, guarded))).toEqual({
      status: 400,
      cache: 'no-store',
      body: {
        error: { code: 'invalidRequest', message: 'url: Refused: 127.0.0.1 is a loopback address' },
      },
    })
    expect(
      await errorOf(await proxied('http://169.254.169.254/latest/meta-data/', guarded)),
    ).toEqual({
      status: 400,
      cache: 'no-store',
      body: {
        error: {
          code: 'invalidRequest',
          message: 'url: Refused: 169.254.169.254 is a link-local address',
        },
      },
    })
    expect((await errorOf(await proxied('file:///etc/passwd', guarded))).body).toEqual({
      error: {
        code: 'invalidRequest',
        message: 'url: Refused: file: URLs are not fetched (http: and https: only)',
      },
    })
    expect((await errorOf(await guarded.request('/v1/nft-image'))).body).toEqual({
      error: { code: 'invalidRequest', message: 'url: is required' },
    })
    expect(
      (await errorOf(await proxied(`https://example.com/${'a'.repeat(2048)}`, guarded))).body,
    ).toEqual({
      error: { code: 'invalidRequest', message: 'url: must be at most 2048 characters' },
    })
  })

  test('behavior: in production the whole app refuses http pictures, and private ones', async () => {
    const t = await createTestApp({ production: true, imageKey: new Uint8Array(32).fill(5) })
    try {
      expect((await errorOf(await proxied(`${origin}/1.png`, t.app))).body).toEqual({
        error: {
          code: 'invalidRequest',
          message: 'url: Refused: http: URLs are not fetched (https: only)',
        },
      })
      expect((await errorOf(await proxied('https://10.0.0.1/1.png', t.app))).body).toEqual({
        error: { code: 'invalidRequest', message: 'url: Refused: 10.0.0.1 is a private address' },
      })
    } finally {
      await t.close()
    }
  })

  test('security: an unsigned URL, one signed with another key and a sig for another URL are 403; nothing is fetched', async () => {
    served.length = 0
    const url = `${origin}/1.png`
    const other = imageUrlSigner(new Uint8Array(32).fill(6))
    for (const query of [
      { url },
      { url, sig: '' },
      { url, sig: other.sign(url) },
      { url, sig: signer.sign(`${origin}/2.svg`) },
      { url, sig: `${signer.sign(url)}=` },
    ])
      expect(
        await errorOf(await loopbackAllowed.request(`/v1/nft-image?${new URLSearchParams(query)}`)),
      ).toEqual({
        status: 403,
        cache: 'no-store',
        body: {
          error: {
            code: 'imageSignatureInvalid',
            message: 'This picture URL was not handed out by this API: its sig is missing or wrong',
          },
        },
      })
    expect(served).toEqual([])
    // The app's own: a URL it did not hand out is refused the same.
    const t = await createTestApp()
    try {
      expect((await t.app.request(`/v1/nft-image?${new URLSearchParams({ url })}`)).status).toBe(
        403,
      )
    } finally {
      await t.close()
    }
  })

  test('error: a URL not in its normal form (http:///x) or not a URL is 400 before any lookup', async () => {
    const looked: string[] = []
    const app = routes({
      allowedNetworks: [],
      // Records the lookup and answers none: nothing leaves the machine, whatever is asked.
      resolve: async (hostname) => {
        looked.push(hostname)
        throw new Error('no DNS in this test')
      },
    })
    expect(await errorOf(await proxied('http:///x', app))).toEqual({
      status: 400,
      cache: 'no-store',
      body: {
        error: {
          code: 'invalidRequest',
          message: 'url: Refused: not in its normal form (http://x/)',
        },
      },
    })
    for (const [url, message] of [
      [
        'https://EXAMPLE.com/1.png',
        'url: Refused: not in its normal form (https://example.com/1.png)',
      ],
      ['https://example.com', 'url: Refused: not in its normal form (https://example.com/)'],
      ['not a url', 'url: Refused: not a URL'],
      ['https://', 'url: Refused: not a URL'],
    ] as const)
      expect((await errorOf(await proxied(url, app))).body).toEqual({
        error: { code: 'invalidRequest', message },
      })
    expect(looked).toEqual([])
  })

  test('error: past a client’s budget of pictures a minute, 429 with Retry-After; refused requests spend none', async () => {
    const app = routes({ perMinute: 2 })
    for (let i = 0; i < 3; i++)
      expect(
        (await app.request(`/v1/nft-image?url=${encodeURIComponent(`${origin}/1.png`)}`)).status,
      ).toBe(403)
    expect((await proxied(`${origin}/1.png`, app)).status).toBe(200)
    expect((await proxied(`${origin}/2.svg`, app)).status).toBe(200)
    const limited = await proxied(`${origin}/1.png`, app)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({
      error: { code: 'rateLimited', message: 'Rate Limited' },
    })
  })

  test('behavior: production cannot be given networks to allow', () => {
    expect(() => routes({ production: true })).toThrow(
      'allowedNetworks is for tests: production fetches public addresses only',
    )
  })
})
