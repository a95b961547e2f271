import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { createProject } from '../services/projects'

const operatorToken = 'op-0123456789abcdef0123456789'
const bearer = { Authorization: `Bearer ${operatorToken}` }

const track = (event: string) => ({ type: 'track', event })
const errorReport = (event: string) => ({
  type: 'error',
  event,
  errorType: 'Error',
  errorMessage: 'boom',
  stackTrace: '',
})

describe.each(testDatabases())('GET /v1/projects/:id/stats on $name', (database) => {
  let t: TestApp | undefined
  /** The app's clock. */
  let now = Date.parse('2025-10-09T12:00:00Z')

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const openApp = async (options: TestAppOptions = { operatorToken }) => {
    now = Date.parse('2025-10-09T12:00:00Z')
    t = await createTestApp({ storage: await database.open(), now: () => now, ...options })
    return t
  }
  const stats = (search = '', headers: Record<string, string> = bearer, projectId = 'shop') =>
    t!.app.request(`/v1/projects/${projectId}/stats${search}`, { headers })
  /** Posts an event through `POST /e` at the app's clock. */
  const send = async (props: object, projectId = 'shop') => {
    const response = await t!.app.request(`/e?projectId=${projectId}&st=airlock&sv=0.1.0`, {
      method: 'POST',
      body: JSON.stringify({
        eventId: randomUUID(),
        url: 'https://shop.example/',
        domain: 'shop.example',
        timestamp: now,
        props,
      }),
    })
    expect(response.status).toBe(204)
  }
  const at = (iso: string) => {
    now = Date.parse(iso)
  }

  test('behavior: counts events per UTC day, type and event, sorted, for the range asked', async () => {
    await openApp()
    await createProject(t!.storage.db, 'cafe', ['https://shop.example'])
    at('2025-10-09T00:00:00.000Z')
    await send(track('MODAL_OPEN'))
    await send(errorReport('UNCAUGHT_ERROR'))
    at('2025-10-09T23:59:59.999Z')
    await send(track('MODAL_OPEN'))
    await send(track('MODAL_OPEN'), 'cafe')
    at('2025-10-10T00:00:00.000Z')
    await send(track('MODAL_CLOSE'))
    await send(track('MODAL_OPEN'))
    at('2025-10-11T08:00:00.000Z')
    await send(track('MODAL_OPEN'))

    const response = await stats('?from=2025-10-09&to=2025-10-10')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(await response.json()).toEqual({
      projectId: 'shop',
      from: '2025-10-09',
      to: '2025-10-10',
      counts: [
        { day: '2025-10-09', type: 'error', event: 'UNCAUGHT_ERROR', count: 1 },
        { day: '2025-10-09', type: 'track', event: 'MODAL_OPEN', count: 2 },
        { day: '2025-10-10', type: 'track', event: 'MODAL_CLOSE', count: 1 },
        { day: '2025-10-10', type: 'track', event: 'MODAL_OPEN', count: 1 },
      ],
    })

    const oneDay = (await (await stats('?from=2025-10-11&to=2025-10-11')).json()) as {
      counts: unknown[]
    }
    expect(oneDay.counts).toEqual([
      { day: '2025-10-11', type: 'track', event: 'MODAL_OPEN', count: 1 },
    ])
  })

  test('behavior: by default, the last 30 days up to today (UTC), both ends included', async () => {
    await openApp()
    for (const iso of ['2025-09-10T23:59:59Z', '2025-09-11T00:00:00Z', '2025-10-10T18:00:00Z']) {
      at(iso)
      await send(track('MODAL_OPEN'))
    }
    at('2025-10-10T23:00:00Z')
    expect(await (await stats()).json()).toEqual({
      projectId: 'shop',
      from: '2025-09-11',
      to: '2025-10-10',
      counts: [
        { day: '2025-09-11', type: 'track', event: 'MODAL_OPEN', count: 1 },
        { day: '2025-10-10', type: 'track', event: 'MODAL_OPEN', count: 1 },
      ],
    })
    // `to` alone: the 30 days ending there.
    expect(await (await stats('?to=2025-09-11')).json()).toMatchObject({
      from: '2025-08-13',
      to: '2025-09-11',
    })
  })

  test('behavior: a project without events answers no counts', async () => {
    await openApp()
    expect(await (await stats('', bearer, 'lonely')).json()).toEqual({
      projectId: 'lonely',
      from: '2025-09-10',
      to: '2025-10-09',
      counts: [],
    })
  })

  test.each([
    ['no Authorization header', {}],
    ['a wrong token', { Authorization: `Bearer ${operatorToken}x` }],
    ['a token of another length', { Authorization: 'Bearer short' }],
    ['another scheme', { Authorization: `Basic ${operatorToken}` }],
    ['the token alone', { Authorization: operatorToken }],
  ])('behavior: %s answers 401 with WWW-Authenticate: Bearer', async (_, headers) => {
    await openApp()
    const response = await stats('', headers)
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'The operator token is missing or wrong' },
    })
  })

  test('behavior: the token is checked before the project, so 401 says nothing about it', async () => {
    await openApp()
    expect((await stats('', {}, 'nope')).status).toBe(401)
  })

  test('behavior: without an operator token configured, stats are off (404)', async () => {
    await openApp({})
    const response = await stats()
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: {
        code: 'statsDisabled',
        message: 'Stats are off on this server: it has no AIRLOCK_OPERATOR_TOKEN',
      },
    })
  })

  test.each(['nope', 'Shop!'])('behavior: the unknown project %s answers 404', async (id) => {
    await openApp()
    const response = await stats('', bearer, id)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: { code: 'invalidProjectId', message: 'Invalid Project ID' },
    })
  })

  test.each([
    ['a malformed from', '?from=9/10/2025', 'query.from: must be a date as YYYY-MM-DD'],
    ['an impossible to', '?to=2025-02-30', 'query.to: must be a date as YYYY-MM-DD'],
    ['from after to', '?from=2025-10-10&to=2025-10-09', 'query.from: must not be after to'],
    [
      'a range over 366 days',
      '?from=2024-10-09&to=2025-10-10',
      'query.from: must be at most 366 days before to, both included',
    ],
    ['a default range ending before from', '?from=2025-10-10', 'query.from: must not be after to'],
  ])('behavior: %s answers 400 naming the field', async (_, search, message) => {
    await openApp()
    const response = await stats(search)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: { code: 'invalidRequest', message } })
  })

  test('behavior: a range of exactly 366 days is answered', async () => {
    await openApp()
    const response = await stats('?from=2024-10-10&to=2025-10-10')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ from: '2024-10-10', to: '2025-10-10' })
  })
})
