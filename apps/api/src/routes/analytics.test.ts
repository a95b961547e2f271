import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app'
import { maxEventBytes } from './analytics'

let t: TestApp

beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const query = 'projectId=shop&st=airlock&sv=0.1.0'

const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: '6d1f0f0e-8a43-4b8e-9b55-0c7f6a1e2d3c',
  url: 'https://shop.example/checkout?step=2',
  domain: 'shop.example',
  timestamp: 1_760_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
  ...overrides,
})

function post(body: unknown, { search = query, headers = {} as Record<string, string> } = {}) {
  return t.app.request(`/e?${search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const storedEvents = () => t.storage.db.selectFrom('events').selectAll().execute()

describe('POST /e', () => {
  test('behavior: an event from an allowed host page is stored and answered 204', async () => {
    const response = await post(event())
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    const rows = await storedEvents()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      project_id: 'shop',
      event_id: event().eventId,
      url: event().url,
      domain: 'shop.example',
      sdk_type: 'airlock',
      sdk_version: '0.1.0',
    })
    expect(JSON.parse(rows[0]!.props)).toEqual(event().props)
  })

  test('behavior: a retried event is answered 204 and stored once', async () => {
    expect((await post(event())).status).toBe(204)
    expect((await post(event())).status).toBe(204)
    expect(await storedEvents()).toHaveLength(1)
  })

  test('behavior: a server-side caller without an Origin header is accepted', async () => {
    const response = await t.app.request(`/e?${query}`, {
      method: 'POST',
      body: JSON.stringify(event()),
    })
    expect(response.status).toBe(204)
  })

  test("behavior: a host page not on the allow-list gets 403 'Invalid App Configuration'", async () => {
    const response = await post(event({ url: 'https://evil.example/', domain: 'evil.example' }))
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: { code: 'invalidAppConfiguration', message: 'Invalid App Configuration' },
    })
    expect(await storedEvents()).toEqual([])
  })

  test('behavior: an allowed host on another port or scheme is not allowed', async () => {
    for (const url of [
      'http://shop.example/',
      'https://shop.example:8443/',
      'http://localhost:5174/',
    ])
      expect((await post(event({ url }))).status).toBe(403)
  })

  test('behavior: an unknown project answers 404', async () => {
    const response = await post(event(), { search: 'projectId=nope&st=airlock&sv=0.1.0' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: { code: 'invalidProjectId', message: 'Invalid Project ID' },
    })
  })

  test('behavior: a browser POST from another origin is refused with 403', async () => {
    const response = await post(event(), { headers: { Origin: 'https://shop.example' } })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ error: { code: 'crossOriginRequest' } })
    expect((await post(event(), { headers: { Origin: 'null' } })).status).toBe(403)
    expect(await storedEvents()).toEqual([])
  })

  test('behavior: with publicOrigin set, only that origin may post', async () => {
    const proxied = await createTestApp({ publicOrigin: 'https://airlock.example' })
    try {
      const request = (origin: string) =>
        proxied.app.request(`/e?${query}`, {
          method: 'POST',
          headers: { Origin: origin },
          body: JSON.stringify(event()),
        })
      expect((await request('http://localhost')).status).toBe(403)
      expect((await request('https://airlock.example')).status).toBe(204)
    } finally {
      await proxied.close()
    }
  })

  test.each([
    ['no projectId', 'st=airlock&sv=0.1.0', 'query.projectId'],
    [
      'a malformed projectId',
      'projectId=Shop!&st=airlock&sv=0.1.0',
      'query.projectId: must be a project id',
    ],
    ['no st', 'projectId=shop&sv=0.1.0', 'query.st'],
    ['no sv', 'projectId=shop&st=airlock', 'query.sv'],
  ])('behavior: a query with %s answers 400 naming the field', async (_, search, message) => {
    const response = await post(event(), { search })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('invalidRequest')
    expect(body.error.message).toContain(message)
  })

  test.each([
    ['a non-UUID eventId', event({ eventId: 'abc' }), 'body.eventId'],
    ['a non-http url', event({ url: 'javascript:alert(1)' }), 'body.url: must be an http(s) URL'],
    ['a missing domain', event({ domain: undefined }), 'body.domain'],
    ['a fractional timestamp', event({ timestamp: 1.5 }), 'body.timestamp'],
    ['a string timestamp', event({ timestamp: '1760000000000' }), 'body.timestamp'],
    ['props that are not an object', event({ props: ['a'] }), 'body.props'],
    ['a body that is not an object', [], 'body: '],
    ['a body that is not JSON', '{"eventId":', 'The request body must be JSON'],
  ])('behavior: %s answers 400 naming the problem', async (_, body, message) => {
    const response = await post(body)
    expect(response.status).toBe(400)
    const json = (await response.json()) as { error: { code: string; message: string } }
    expect(json.error.code).toBe('invalidRequest')
    expect(json.error.message).toContain(message)
    expect(await storedEvents()).toEqual([])
  })

  test('behavior: a body over 16 KiB answers 413', async () => {
    const response = await post(event({ props: { blob: 'x'.repeat(maxEventBytes) } }))
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'payloadTooLarge' } })
    expect(await storedEvents()).toEqual([])
  })
})
