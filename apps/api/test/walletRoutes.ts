/**
 * What the API's route tests of email sign-in and the embedded wallet share: the dev mail server
 * of the file, a `testDatabases()` database with the test's projects (`shop` on `site` by
 * default) and a mailer to the dev mail; the email login and wallet routes on the test's clock (a
 * test adds its own routes to the app), requests from the modal's origin, a real sign-in by
 * email, the wallet the tests keep (its EVM address the test wallet key's) made and confirmed as
 * the frame makes it, what the database keeps of wallets; and the API's error answer as one object.
 */
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { type DevMail, startDevMail } from '../../../scripts/devMail.mjs'
import { emailLoginRoutes } from '../src/routes/emailLogin'
import { embeddedWalletRoutes } from '../src/routes/embeddedWallet'
import { createMailer, type Mailer } from '../src/services/email/mailer'
import { createProject } from '../src/services/projects'
import { createRateLimiter } from '../src/services/rateLimit'
import type { Storage } from '../src/storage/storage'
import { setUpTimeout, type TestDatabase } from './databases'
import { signInByEmail } from './emailSignIn'
import { testWalletAccount } from './walletProof'

/** The API's own origin: the modal's pages ask from it. */
export const own = 'http://localhost:8787'
/** The site the project `shop` allows. */
export const site = 'https://shop.example'
export const serverKey = new Uint8Array(32).fill(3)
export const walletPath = '/v1/projects/shop/embedded-wallet'
/** The wallet the tests' visitors keep: its EVM address is the test wallet key's. */
export const testWallet = {
  evmAddress: testWalletAccount.address,
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  authShare: 'AbCdEf0123456789_-AbCdEf0123456789_-AbCdEf0',
  recoveryShare: 'c2VhbGVkIGJ5IHRoZSB2aXNpdG9yJ3MgcGFzc3BocmFzZQ',
}
/** Another wallet's shares: what a start over or a re-split keeps instead. */
export const otherShares = {
  authShare: 'ZyXwVu9876543210-_ZyXwVu9876543210-_ZyXwVu9',
  recoveryShare: 'YW5vdGhlciBzZWFsZWQgcmVjb3Zlcnkgc2hhcmU',
}
/** A proof of the right form that no challenge stands behind: what an inbox alone can send. */
export const madeUpProof = { challengeId: 'A'.repeat(43), signature: `0x${'1'.repeat(130)}` }
/** Anvil's account 2: a key that is not the wallet's. */
export const otherKey = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
/** The answer to a wallet proof that is missing, spent or not this wallet's. */
export const proofInvalid = {
  status: 401,
  code: 'embeddedWalletProofInvalid',
  message:
    "This needs your wallet's confirmation, and it is missing, spent or not this wallet's: confirm again.",
}

/** The dev mail server of the test file, started before its tests and closed after them. */
export function useDevMail(): () => DevMail {
  let devMail: DevMail | undefined
  beforeAll(async () => {
    devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
  })
  afterAll(() => devMail?.close())
  return () => {
    if (devMail === undefined) throw new Error('The dev mail server is not started yet.')
    return devMail
  }
}

/** Email login limits the tests never meet. */
export const roomyEmailLimits = () =>
  createRateLimiter({
    name: 'emailLogin',
    perMinute: { email: 1000, client: 1000, project: 1000 },
  })

export type MailedStorage = { storage: Storage; mailer: Mailer }

/**
 * The file's `database` set up (once) and, before each test, a storage on it with the test's
 * `projects` made (by default `shop`, allowing `site`) and a mailer to the dev mail; both closed
 * after the test. The fields are the current test's.
 */
export function useMailedStorage(
  database: TestDatabase,
  devMail: () => DevMail,
  projects: (db: Storage['db']) => Promise<unknown> = (db) => createProject(db, 'shop', [site], {}),
): MailedStorage {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  const opened = {} as MailedStorage
  beforeEach(async () => {
    opened.storage = await database.open()
    opened.mailer = createMailer({
      smtpUrl: devMail().smtpUrl,
      from: 'Airlock <login@airlock.test>',
    })
    await projects(opened.storage.db)
  })
  afterEach(async () => {
    opened.mailer.close()
    await opened.storage.close()
  })
  return opened
}

type Headers = Record<string, string>

export type WalletRoutes = MailedStorage & {
  app: Hono
  /** The email routes' limiter, for other sign-in routes the test adds. */
  rateLimiter: ReturnType<typeof roomyEmailLimits>
  /** The routes' clock, in ms: now when the test begins; the test moves it. */
  clock: number
  /** A request of the modal's pages (the API's own Origin), with a JSON body. */
  send(method: 'POST' | 'PUT', path: string, body: unknown, headers?: Headers): Promise<Response>
  post(path: string, body: unknown, headers?: Headers): Promise<Response>
  /**
   * A real sign-in by email (ada@example.com by default) a millisecond later (`signInByEmail`):
   * the session's `Cookie`.
   */
  signIn(email?: string): Promise<string>
  /**
   * Keeps `wallet` (the test wallet by default) for the session of `cookie` on a device 'Firefox
   * on Linux', confirmed unless `pending`, as the frame does: that device's id.
   */
  makeWallet(cookie: string, options?: { wallet?: object; pending?: boolean }): Promise<string>
  /** What the API keeps of wallets and their devices, and which device each session is on. */
  kept(): ReturnType<typeof keptOfWallets>
}

/**
 * `useMailedStorage` with the project `shop`, and before each test an app with the email login
 * and embedded wallet routes on the test's clock (the wallet's notices mailed with
 * `walletNotices`); requests, a sign-in and a wallet made through it. The fields are the current
 * test's; more routes can be added to `app` in a `beforeEach` after this one.
 */
export function useWalletRoutes(
  database: TestDatabase,
  devMail: () => DevMail,
  {
    walletNotices = false,
  }: {
    /** The wallet routes mail the wallet's address what changed (a device added, its email). */
    walletNotices?: boolean
  } = {},
): WalletRoutes {
  const routes = useMailedStorage(database, devMail) as WalletRoutes
  beforeEach(() => {
    routes.clock = Date.now()
    const { storage, mailer } = routes
    const rateLimiter = roomyEmailLimits()
    const routeOptions = { storage, serverKey, publicOrigin: own, now: () => routes.clock }
    routes.rateLimiter = rateLimiter
    routes.app = new Hono()
      .route(
        '/',
        emailLoginRoutes({
          ...routeOptions,
          mailsPerAddressPerMinute: 1000,
          mailer,
          rateLimiter,
          trustProxy: 0,
        }),
      )
      .route('/', embeddedWalletRoutes({ ...routeOptions, ...(walletNotices ? { mailer } : {}) }))
  })
  routes.send = async (method, path, body, headers = {}) =>
    routes.app.request(`${own}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: own, ...headers },
      body: JSON.stringify(body),
    })
  routes.post = (path, body, headers = {}) => routes.send('POST', path, body, headers)
  routes.signIn = (email = 'ada@example.com') => {
    routes.clock += 1
    return signInByEmail({ post: routes.post, devMail: devMail(), email, hostOrigin: site })
  }
  routes.makeWallet = async (cookie, { wallet = testWallet, pending = false } = {}) => {
    const made = await routes.post(
      walletPath,
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Cookie: cookie },
    )
    expect(made.status).toBe(201)
    const { deviceId } = ((await made.json()) as { device: { deviceId: string } }).device
    if (!pending)
      expect(
        (await routes.post(`${walletPath}/confirmation`, { hostOrigin: site }, { Cookie: cookie }))
          .status,
      ).toBe(200)
    return deviceId
  }
  routes.kept = () => keptOfWallets(routes.storage.db)
  return routes
}

/** The rows of every wallet and its devices, and of each session: its device, whether revoked. */
async function keptOfWallets(db: Storage['db']) {
  return {
    wallets: await db.selectFrom('embedded_wallets').selectAll().execute(),
    devices: await db
      .selectFrom('embedded_wallet_devices')
      .selectAll()
      .orderBy('device_id')
      .execute(),
    sessions: await db
      .selectFrom('email_sessions')
      .select(['id', 'device_id', 'revoked_at'])
      .orderBy('id')
      .execute(),
  }
}

/** The API's error answer as one object: its status, code and message. */
export const errorOf = async (response: Response) =>
  ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
    status: number
    code: string
    message: string
  }

/**
 * What a sign-in answered a code that started no session, as one object: a wrong code's answer
 * (200, `verified: false`, the tries left) or a refusal's (its status, code and message).
 */
export const signInRefusalOf = async (response: Response) => {
  const body = (await response.json()) as { error?: object }
  return { status: response.status, ...(body.error ?? body) } as {
    status: number
    code: string
    message: string
    triesLeft?: number
  }
}

/**
 * The email login's requests to `app()` as the modal's pages make them: from its Origin unless
 * `headers` say otherwise, a string body sent as it is (a body not JSON).
 */
export function emailLoginRequests(app: () => Hono) {
  const post = (path: string, body: unknown, headers: Headers = { Origin: own }) =>
    app().request(`${own}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const askCode = (email: string, hostOrigin = site, project = 'shop') =>
    post(`/v1/projects/${project}/email/codes`, { email, hostOrigin })
  const signIn = (email: string, code: string, hostOrigin = site) =>
    post('/v1/projects/shop/email/sessions', { email, code, hostOrigin })
  return { post, askCode, signIn }
}
