// Journey: a site owner's first-party analytics. Opening and connecting land as events in the
// API's database (and in the operator's stats); a visitor who never opens the modal, or a site
// with analytics off, sends none.
import { join } from 'node:path'
import type { Page, Request } from '@playwright/test'
import Database from 'better-sqlite3'
import { expectClosed, modal, waitForAirlock } from './support/modal'
import { operatorToken } from './support/operator'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

const alpha = { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' }

type StoredEvent = {
  url: string
  domain: string
  sdk_type: string
  sdk_version: string
  props: {
    type: string
    event: string
    properties?: Record<string, unknown>
    address?: string
    errorType?: string
    errorMessage?: string
    stackTrace?: string
  }
}

/** The events the API stored for `projectId`, oldest first, read from its SQLite file. */
function storedEvents(projectId: string): StoredEvent[] {
  const db = new Database(join(process.env.AIRLOCK_E2E_DATA_DIR!, 'airlock.sqlite'), {
    readonly: true,
    fileMustExist: true,
  })
  try {
    const rows = db
      .prepare(
        'SELECT url, domain, sdk_type, sdk_version, props FROM events WHERE project_id = ? ORDER BY timestamp, received_at',
      )
      .all(projectId) as (Omit<StoredEvent, 'props'> & { props: string })[]
    return rows.map((row) => ({ ...row, props: JSON.parse(row.props) }))
  } finally {
    db.close()
  }
}

/** The SDK page with this spec's networks unless a test names others. */
const sdkPage = (page: Page, options: object) =>
  gotoSdkPage(page, { networks: ['eip155:31337'], ...options })

/** Every request the page and its frames make to the modal's origin. */
function requestsToModalOrigin(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(origins.modal)) requests.push(request)
  })
  return requests
}

/**
 * Has the modal frame make one more request, now, and waits for it: whatever the frame had sent
 * by this point is in `requests` before it. Returns those, without the marker's own request.
 */
async function requestsBeforeNow(page: Page, requests: Request[]): Promise<Request[]> {
  const frame = page.frames().find((frame) => frame.url().startsWith(`${origins.modal}/modal`))
  if (!frame) throw new Error('The page has no modal frame.')
  const marker = `/favicon.ico?marker=${requests.length}`
  const isMarker = (request: Request) => request.url() === `${origins.modal}${marker}`
  await Promise.all([
    page.waitForRequest(isMarker),
    frame.evaluate((url) => fetch(url).then(() => undefined), marker),
  ])
  return requests.slice(0, requests.findIndex(isMarker))
}

test('behavior: opening and connecting store the funnel as events, and the stats count them', async ({
  page,
  request,
  connectWallet,
}) => {
  const projectId = 'analytics-funnel'
  const wallet = await installTestWallet(page, alpha)
  await sdkPage(page, { projectId })
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await expectClosed(page)

  const expected = ['MODAL_OPEN', 'VIEW_CHANGE', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'MODAL_CLOSE']
  await expect
    .poll(() => storedEvents(projectId).map((event) => event.props.event), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(expected))
  const events = storedEvents(projectId)
  const byName = (name: string) => events.find((event) => event.props.event === name)!
  // The page as the site shows it, without its query string; the SDK that runs there.
  for (const event of events)
    expect(event).toMatchObject({
      url: `${origins.fixtures}/sdk.html`,
      domain: '127.0.0.1',
      sdk_type: 'airlock',
      sdk_version: '0.1.0',
    })
  expect(byName('MODAL_OPEN').props).toEqual({
    type: 'track',
    event: 'MODAL_OPEN',
    properties: { view: 'Connect', connected: false },
  })
  expect(byName('VIEW_CHANGE').props.properties).toEqual({
    view: 'ConnectingExternal',
    previous: 'Connect',
  })
  expect(byName('SELECT_WALLET').props.properties).toMatchObject({
    name: alpha.name,
    platform: 'browser',
  })
  // From the moment of connection, events carry the address.
  expect(byName('CONNECT_SUCCESS').props).toMatchObject({
    properties: { method: 'browser', name: alpha.name, namespace: 'eip155' },
    address: wallet.address,
  })
  expect(byName('MODAL_CLOSE').props).toMatchObject({
    properties: { connected: true },
    address: wallet.address,
  })
  expect(events.map((event) => event.props.event)).not.toContain('MODAL_CREATED')

  // The operator's view: counts per event and day.
  const stats = await request.get(`${origins.modal}/v1/projects/${projectId}/stats`, {
    headers: { Authorization: `Bearer ${operatorToken}` },
  })
  expect(stats.status()).toBe(200)
  const { counts } = (await stats.json()) as {
    counts: { day: string; type: string; event: string; count: number }[]
  }
  const today = new Date().toISOString().slice(0, 10)
  expect(counts).toEqual(
    expect.arrayContaining([
      { day: today, type: 'track', event: 'MODAL_OPEN', count: 1 },
      { day: today, type: 'track', event: 'CONNECT_SUCCESS', count: 1 },
    ]),
  )
  const unauthorized = await request.get(`${origins.modal}/v1/projects/${projectId}/stats`)
  expect(unauthorized.status()).toBe(401)
})

test('behavior: a wallet failing to connect is an error report; the visitor declining is not', async ({
  page,
}) => {
  const projectId = 'analytics-errors'
  const wallet = await installTestWallet(page, alpha)
  await sdkPage(page, { projectId })
  await waitForAirlock(page)
  wallet.failNext(-32603, 'The wallet broke', 'eth_requestAccounts')
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: new RegExp(alpha.name) }).click()
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
  wallet.rejectNext('eth_requestAccounts')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog).toContainText('Connection rejected')

  await expect
    .poll(() => storedEvents(projectId).filter((event) => event.props.event === 'CONNECT_ERROR'))
    .toHaveLength(3)
  const errors = storedEvents(projectId).filter((event) => event.props.event === 'CONNECT_ERROR')
  // Both tries are in the funnel; only the failure reaches the operators as an error report.
  expect(
    errors
      .filter((event) => event.props.type === 'track')
      .map((event) => event.props.properties?.message),
  ).toEqual(['The wallet broke', 'User rejected the request.'])
  const [report] = errors.filter((event) => event.props.type === 'error')
  expect(report!.props).toMatchObject({
    type: 'error',
    event: 'CONNECT_ERROR',
    errorMessage: 'The wallet broke',
  })
  expect(report!.props.errorType).toBeTruthy()
  expect(report!.props.stackTrace).not.toContain('?')
})

test('behavior: a page that never opens the modal sends nothing beyond loading the frame', async ({
  page,
}) => {
  const projectId = 'analytics-quiet'
  await installTestWallet(page, alpha)
  // The page's timers and its frames' run when the test says: a minute goes by at once.
  await page.clock.install()
  const requests = requestsToModalOrigin(page)
  await sdkPage(page, { projectId, preload: 'eager' })
  await waitForAirlock(page)
  // The frame is up and has talked to the host (its wallets, its state), and then a minute
  // passes without the visitor opening it.
  await page.evaluate(() => window.airlock!.getState())
  await page.clock.runFor('01:00')

  const loads = (await requestsBeforeNow(page, requests)).map((request) => ({
    method: request.method(),
    path: new URL(request.url()).pathname,
  }))
  expect(loads.length).toBeGreaterThan(0)
  for (const load of loads) {
    expect(load.method).toBe('GET')
    expect(load.path).toMatch(
      /^\/(modal|airlock\.js|airlock-(solana|bitcoin)\.js|assets\/.+|favicon\.ico)$/,
    )
  }
  expect(storedEvents(projectId)).toEqual([])
})

test('behavior: with analytics off, opening and connecting send no events', async ({
  page,
  connectWallet,
}) => {
  const projectId = 'analytics-off'
  await installTestWallet(page, alpha)
  const requests = requestsToModalOrigin(page)
  await sdkPage(page, { projectId, features: { analytics: false } })
  await waitForAirlock(page)
  await connectWallet(alpha.name)
  await expectClosed(page)
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).dialog.getByRole('heading', { level: 1 })).toHaveText('Account')

  const sent = await requestsBeforeNow(page, requests)
  expect(sent.filter((request) => new URL(request.url()).pathname === '/e')).toEqual([])
  expect(storedEvents(projectId)).toEqual([])
})
