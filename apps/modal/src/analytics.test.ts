import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  defaultProjectFeatures,
  type EventBody,
  type ModalConfig,
  unconfiguredProjectSettings,
} from '@airlock/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createAnalytics, errorReportProps, withoutQueryStrings } from './analytics'
import { createApiClient } from './api'
import { createModalStore, type ModalStore } from './stores/store'

// The modal's API stand-in: a real server on loopback that records every POST /e, and answers
// 403 for the project whose origin is "not allowed".
let server: Server
const posts: { query: URLSearchParams; body: EventBody }[] = []

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const url = new URL(request.url ?? '/', 'http://x')
    if (request.method !== 'POST' || url.pathname !== '/e') return response.writeHead(404).end()
    posts.push({ query: url.searchParams, body: JSON.parse(text) })
    if (url.searchParams.get('projectId') === 'forbidden') {
      response.writeHead(403, { 'content-type': 'application/json' })
      return response.end(
        JSON.stringify({
          error: { code: 'invalidAppConfiguration', message: 'Invalid App Configuration' },
        }),
      )
    }
    response.writeHead(204).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // The helper posts to the frame's own origin: in the browser, `location.origin`.
  vi.stubGlobal('location', {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  })
})
afterAll(() => {
  vi.unstubAllGlobals()
  return new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  posts.length = 0
})

function configFor(projectId: string, analytics = true): ModalConfig {
  return {
    projectId,
    error: null,
    project: {
      id: projectId,
      allowedOrigins: ['https://shop.example'],
      ...unconfiguredProjectSettings,
      networks: [],
      walletConnect: null,
      features: { ...defaultProjectFeatures, analytics },
    },
  }
}

/** A store as the bridge leaves it after the handshake: the host known, its options applied. */
function hostedStore(config = configFor('shop'), siteAnalytics?: boolean): ModalStore {
  const store = createModalStore(config)
  store.setState({
    host: {
      origin: 'https://shop.example',
      href: 'https://shop.example/checkout?token=secret#pay',
      sdkVersion: '0.1.0',
    },
    options: {
      networks: [],
      ...(siteAnalytics === undefined ? {} : { features: { analytics: siteAnalytics } }),
    },
  })
  return store
}

/** Waits until `count` events arrived, then a little longer to see that no more do. */
async function arrived(count: number) {
  await expect.poll(() => posts.length).toBeGreaterThanOrEqual(count)
  await new Promise((resolve) => setTimeout(resolve, 50))
  return posts
}

describe('analytics', () => {
  test('behavior: an event is POST /e with projectId, st, sv and {eventId, url, domain, timestamp, props}', async () => {
    const store = hostedStore()
    const analytics = createAnalytics(store, createApiClient().apiFetch, {
      now: () => 1_760_000_000_000,
    })
    analytics.start()
    analytics.track('MODAL_OPEN', { view: 'Connect', connected: false })
    const [post] = await arrived(1)
    expect(Object.fromEntries(post!.query)).toEqual({
      projectId: 'shop',
      st: 'airlock',
      sv: '0.1.0',
    })
    expect(post!.body).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // The page without its query string or fragment.
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      timestamp: 1_760_000_000_000,
      props: {
        type: 'track',
        event: 'MODAL_OPEN',
        properties: { view: 'Connect', connected: false },
      },
    })
  })

  test('behavior: props carry the address while connected', async () => {
    const store = hostedStore()
    store.setState({ status: 'connected', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    const analytics = createAnalytics(store, createApiClient().apiFetch)
    analytics.start()
    analytics.track('COPY_ADDRESS')
    const [post] = await arrived(1)
    expect(post!.body.props).toEqual({
      type: 'track',
      event: 'COPY_ADDRESS',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
  })

  test('behavior: nothing is sent before the visitor opens the modal', async () => {
    const analytics = createAnalytics(hostedStore(), createApiClient().apiFetch)
    analytics.track('CONNECT_SUCCESS', { method: 'browser' })
    analytics.start()
    analytics.track('MODAL_OPEN')
    const events = await arrived(1)
    expect(events.map((post) => post.body.props.event)).toEqual(['MODAL_OPEN'])
  })

  test('behavior: MODAL_CREATED is never sent', async () => {
    const analytics = createAnalytics(hostedStore(), createApiClient().apiFetch)
    analytics.start()
    analytics.track('MODAL_CREATED')
    analytics.track('MODAL_OPEN')
    const events = await arrived(1)
    expect(events.map((post) => post.body.props.event)).toEqual(['MODAL_OPEN'])
  })

  test.each([
    ['the project', hostedStore(configFor('shop', false))],
    ['the site', hostedStore(configFor('shop'), false)],
  ])(
    'behavior: with analytics off by %s, neither events nor error reports are sent',
    async (_, store) => {
      const analytics = createAnalytics(store, createApiClient().apiFetch)
      analytics.start()
      analytics.track('MODAL_OPEN')
      analytics.reportError('UNCAUGHT_ERROR', new Error('boom'))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(posts).toEqual([])
    },
  )

  test('behavior: events wait for the host page to say where it is', async () => {
    const store = createModalStore(configFor('shop'))
    const analytics = createAnalytics(store, createApiClient().apiFetch)
    analytics.start()
    analytics.track('MODAL_OPEN')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(posts).toEqual([])
    store.setState({
      host: { origin: 'https://shop.example', href: 'https://shop.example/', sdkVersion: '0.1.0' },
    })
    const [post] = await arrived(1)
    expect(post!.body.url).toBe('https://shop.example/')
  })

  test("behavior: a 403 shows 'Invalid App Configuration' once", async () => {
    const store = hostedStore(configFor('forbidden'))
    const analytics = createAnalytics(store, createApiClient().apiFetch)
    analytics.start()
    analytics.track('MODAL_OPEN')
    await expect.poll(() => store.getState().alert?.shortMessage).toBe('Invalid App Configuration')
    store.setState({ alert: undefined })
    analytics.track('VIEW_CHANGE', { view: 'AllWallets', previous: 'Connect' })
    await arrived(2)
    expect(store.getState().alert).toBeUndefined()
  })

  test('behavior: a network failure of analytics is silent', async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:9' })
    try {
      const store = hostedStore()
      const analytics = createAnalytics(store, createApiClient().apiFetch)
      analytics.start()
      analytics.track('MODAL_OPEN')
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(store.getState().alert).toBeUndefined()
    } finally {
      vi.stubGlobal('location', {
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      })
    }
  })
})

describe('error reports', () => {
  test('behavior: an error report is POST /e with props {type, event, errorType, errorMessage, stackTrace}', async () => {
    const analytics = createAnalytics(hostedStore(), createApiClient().apiFetch)
    analytics.start()
    const error = new TypeError('Failed to load https://api.example/v1/x?apiKey=secret')
    error.stack =
      'TypeError: Failed to load\n    at load (https://modal.example/assets/index-abc.js?v=3:10:5)'
    analytics.reportError('API_ERROR', error)
    const [post] = await arrived(1)
    expect(post!.body.props).toEqual({
      type: 'error',
      event: 'API_ERROR',
      errorType: 'TypeError',
      errorMessage: 'Failed to load https://api.example/v1/x',
      stackTrace:
        'TypeError: Failed to load\n    at load (https://modal.example/assets/index-abc.js:10:5)',
    })
  })

  test('behavior: at most 5 error reports a minute per page', async () => {
    let now = 1_000_000
    const analytics = createAnalytics(hostedStore(), createApiClient().apiFetch, { now: () => now })
    analytics.start()
    for (let index = 0; index < 8; index++)
      analytics.reportError('UNCAUGHT_ERROR', new Error(`e${index}`))
    await arrived(5)
    expect(posts.map((post) => post.body.props)).toHaveLength(5)
    // 59.999 s after the first: still the same minute.
    now += 59_999
    analytics.reportError('UNCAUGHT_ERROR', new Error('late'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(posts).toHaveLength(5)
    // A minute after the first five: room again, for five.
    now += 1
    for (let index = 0; index < 6; index++)
      analytics.reportError('UNCAUGHT_ERROR', new Error(`n${index}`))
    await arrived(10)
    expect(posts).toHaveLength(10)
    expect(posts.at(-1)!.body.props).toMatchObject({ errorMessage: 'n4' })
  })

  test('behavior: errors before the first open are kept (within the cap) and sent when it comes', async () => {
    const analytics = createAnalytics(hostedStore(), createApiClient().apiFetch)
    analytics.reportError('UNCAUGHT_ERROR', new Error('early'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(posts).toEqual([])
    analytics.start()
    const [post] = await arrived(1)
    expect(post!.body.props).toMatchObject({ event: 'UNCAUGHT_ERROR', errorMessage: 'early' })
  })

  test('behavior: something thrown that is not an Error is still described', () => {
    expect(errorReportProps('UNCAUGHT_ERROR', 'a string')).toEqual({
      type: 'error',
      event: 'UNCAUGHT_ERROR',
      errorType: 'string',
      errorMessage: 'a string',
      stackTrace: '',
    })
  })

  test('behavior: long messages and stacks are cut to the limits the API accepts', () => {
    const error = new Error('x'.repeat(5_000))
    error.stack = 'y'.repeat(10_000)
    const props = errorReportProps('UNCAUGHT_ERROR', error)
    expect(props.errorMessage).toHaveLength(1_000)
    expect(props.stackTrace).toHaveLength(4_000)
  })
})

describe('withoutQueryStrings', () => {
  test.each([
    ['at f (https://a.example/x.js?token=1:10:5)', 'at f (https://a.example/x.js:10:5)'],
    ['at https://a.example/x.js?v=2#frag:3:1', 'at https://a.example/x.js:3:1'],
    ['https://a.example:8443/p?q=1', 'https://a.example:8443/p'],
    ['wss://relay.example/?projectId=abc&auth=jwt', 'wss://relay.example/'],
    ['no url here ?a=1', 'no url here ?a=1'],
    ['two: http://a/b?c=1 and http://d/e?f=2:1:2', 'two: http://a/b and http://d/e:1:2'],
  ])('behavior: %s → %s', (input, output) => {
    expect(withoutQueryStrings(input)).toBe(output)
  })
})
