import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, test } from 'vitest'
import { memoryLogger } from '../test/logs'
import { ConfigError } from './configError'
import { readInstanceId, requestIdFor, requestLogging } from './requestLogging'

/** An app with the middleware, a catch-all like the modal's files, and routes that fail. */
function appWithLogs(instanceId?: string) {
  const logs = memoryLogger()
  const app = new Hono()
  app.use(requestLogging(logs.logger, { instanceId }))
  app.get('/v1/accounts/:address/balances', (c) => {
    c.var.logger.warn('upstream slow')
    return c.json({ balances: [] })
  })
  app.get('/teapot', () => {
    throw new HTTPException(418, { message: 'short and stout' })
  })
  app.get('/*', (c) => {
    c.var.logger.info('static file')
    return c.text('file')
  })
  app.onError((error, c) =>
    error instanceof HTTPException ? error.getResponse() : c.text('error', 500),
  )
  return { app, logs }
}

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

describe('requestLogging', () => {
  test('behavior: a route with parameters is logged as its pattern, never with the address or query', async () => {
    const { app, logs } = appWithLogs()
    const response = await app.request(`/v1/accounts/${address}/balances?owner=${address}`)
    expect(logs.entries().filter((entry) => entry.level === 'warn')).toEqual([
      expect.objectContaining({
        msg: 'upstream slow',
        requestId: response.headers.get('X-Request-Id'),
        method: 'GET',
        path: '/v1/accounts/:address/balances',
      }),
    ])
    expect(JSON.stringify(logs.entries())).not.toContain(address)
  })

  test('behavior: a path without parameters is logged as itself, without the query', async () => {
    const { app, logs } = appWithLogs()
    await app.request('/assets/app.js?v=secret')
    expect(logs.entries()[0]).toMatchObject({ msg: 'static file', path: '/assets/app.js' })
    expect(JSON.stringify(logs.entries())).not.toContain('secret')
  })

  test('behavior: an answer built by an HTTPException carries the request id too', async () => {
    const { app } = appWithLogs()
    const response = await app.request('/teapot', { headers: { 'X-Request-Id': 'kettle-1' } })
    expect(response.status).toBe(418)
    expect(response.headers.get('X-Request-Id')).toBe('kettle-1')
  })

  test.each([
    ['abc-DEF_123', true],
    ['trace=42', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['a.b', false],
    ['a b', false],
    ['<script>', false],
  ])(
    'behavior: requestIdFor keeps %j exactly when the middleware does (%s)',
    async (incoming, kept) => {
      const { app } = appWithLogs()
      const response = await app.request('/healthz', { headers: { 'X-Request-Id': incoming } })
      expect(response.headers.get('X-Request-Id') === incoming).toBe(kept)
      expect(requestIdFor(incoming) === incoming).toBe(kept)
    },
  )

  test('behavior: every answer names the instance that gave it, errors and HTTPExceptions too', async () => {
    const { app } = appWithLogs('api-2')
    for (const path of ['/healthz', '/teapot', `/v1/accounts/${address}/balances`]) {
      const response = await app.request(path)
      expect(response.headers.get('X-Airlock-Instance')).toBe('api-2')
    }
  })

  test('behavior: without an instance id no answer names one (nor the host)', async () => {
    const { app } = appWithLogs()
    const response = await app.request('/healthz')
    expect(response.status).toBe(200)
    expect(response.headers.has('X-Airlock-Instance')).toBe(false)
  })
})

describe('readInstanceId', () => {
  test('behavior: AIRLOCK_INSTANCE_ID is the instance id; unset or empty, none', () => {
    expect(readInstanceId({ AIRLOCK_INSTANCE_ID: 'web-7.eu:3' })).toBe('web-7.eu:3')
    expect(readInstanceId({})).toBeUndefined()
    expect(readInstanceId({ AIRLOCK_INSTANCE_ID: '' })).toBeUndefined()
  })

  test.each(['api 1', 'a\nb', 'x'.repeat(129), '<b>'])(
    'error: AIRLOCK_INSTANCE_ID %j is refused, naming the setting',
    (id) => {
      expect(() => readInstanceId({ AIRLOCK_INSTANCE_ID: id })).toThrow(ConfigError)
      expect(() => readInstanceId({ AIRLOCK_INSTANCE_ID: id })).toThrow(
        `AIRLOCK_INSTANCE_ID must be 1 to 128 letters, digits, '.', ':', '=', '_' or '-', got ${JSON.stringify(id)}.`,
      )
    },
  )
})
