import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { afterEach, describe, expect, test } from 'vitest'
import { memoryLogger } from '../../test/logs'
import { requestLogging } from '../requestLogging'
import { clientAddress } from '../services/clientAddress'
import { createMicroCache } from './microCache'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const balances = `/v1/accounts/${address}/balances?projectId=demo&chainId=eip155:31337`

let server: Server | undefined
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
)

/** A server as main.ts builds it, over an app that counts what reaches it. */
async function start() {
  let clock = 1_000
  const reached: string[] = []
  const app = new Hono()
  app.use(requestLogging(memoryLogger('silent').logger))
  app.use(compress())
  app.get('/v1/accounts/:address/balances', (c) => {
    reached.push(c.req.url)
    const fresh = c.req.query('cache') === 'false'
    c.header('Cache-Control', fresh ? 'no-store' : 'private, max-age=30')
    return c.json({ answer: reached.length, origin: c.req.header('origin') ?? null })
  })
  app.get('/other', (c) => c.json({ answer: reached.push('other') }))
  app.get('/client', (c) => c.json({ answer: 0, origin: null, client: clientAddress(c, 0) }))
  const cache = createMicroCache({ ttlMs: 1000, now: () => clock })
  const listener = getRequestListener(cache.wrap(app.fetch))
  server = createServer((request, response) => {
    if (!cache.serve(request, response)) void listener(request, response)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers })
    const body = (await response.json()) as {
      answer: number
      origin: string | null
      client?: string
    }
    return { status: response.status, headers: response.headers, body }
  }
  return { get, reached, tick: (ms: number) => (clock += ms) }
}

describe('micro cache in front of the balances route', () => {
  test("behavior: the app still sees the request's socket, so the rate limits see the client", async () => {
    const { get } = await start()
    expect((await get('/client')).body.client).toBe('127.0.0.1')
  })

  test('behavior: a repeat within the second is the same answer, headers included, without the app', async () => {
    const { get, reached } = await start()
    const first = await get(balances)
    const second = await get(balances)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('cache-control')).toBe('private, max-age=30')
    expect(second.headers.get('content-type')).toBe('application/json')
    expect(reached).toHaveLength(1)
  })

  test('behavior: a repeat carries an X-Request-Id of its own, or the safe one it was sent', async () => {
    const { get, reached } = await start()
    const first = await get(balances, { 'X-Request-Id': 'first-visit' })
    expect(first.headers.get('x-request-id')).toBe('first-visit')
    const second = await get(balances)
    const third = await get(balances, { 'X-Request-Id': 'third-visit' })
    const unsafe = await get(balances, { 'X-Request-Id': 'not safe' })
    expect(reached).toHaveLength(1)
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    expect(second.headers.get('x-request-id')).toMatch(uuid)
    expect(third.headers.get('x-request-id')).toBe('third-visit')
    expect(unsafe.headers.get('x-request-id')).toMatch(uuid)
    expect(unsafe.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'))
  })

  test('behavior: after the second the app answers again', async () => {
    const { get, reached, tick } = await start()
    await get(balances)
    tick(1000)
    expect((await get(balances)).body.answer).toBe(2)
    expect(reached).toHaveLength(2)
  })

  test('behavior: a fresh read passes through and the next read is at least as new', async () => {
    const { get, reached } = await start()
    await get(balances)
    const fresh = await get(`${balances}&cache=false`)
    expect(fresh.body.answer).toBe(2)
    expect((await get(balances)).body.answer).toBe(3)
    expect(reached).toHaveLength(3)
  })

  test('behavior: answers are kept per origin and per encoding', async () => {
    const { get, reached } = await start()
    await get(balances, { origin: 'https://a.example' })
    const other = await get(balances, { origin: 'https://b.example' })
    expect(other.body.origin).toBe('https://b.example')
    const gzipped = await get(balances, { 'accept-encoding': 'gzip' })
    const again = await get(balances, { 'accept-encoding': 'gzip' })
    expect(again.body).toEqual(gzipped.body)
    expect(reached).toHaveLength(3)
  })

  test('edge: other routes and no-store answers are never kept', async () => {
    const { get, reached } = await start()
    await get('/other')
    await get('/other')
    await get(`${balances}&cache=false`)
    await get(`${balances}&cache=false`)
    expect(reached).toHaveLength(4)
  })
})
