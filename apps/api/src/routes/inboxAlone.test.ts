// What an inbox alone can and cannot do to an embedded wallet (issue 33, point 3), over HTTP on
// SQLite and Postgres: someone who signs in with the visitor's email (a session, no device share,
// no recovery code, so no wallet key) changes no email and adds no device; with the wallet's proof
// the visitor does both, and the wallet's address is told by mail each time (the dev mail server
// catches it). Re-splitting, removing a device and exporting the keys need the same proof
// (embeddedWalletShares.test.ts), and so does unlinking a way in (linkedAccounts.test.ts, where
// the social sign-ins that link one run).
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { signInByEmail } from '../../test/emailSignIn'
import { proveWallet, testWalletAccount } from '../../test/walletProof'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { embeddedWalletRoutes } from './embeddedWallet'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const serverKey = new Uint8Array(32).fill(3)
const wallet = {
  evmAddress: testWalletAccount.address,
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  authShare: 'AbCdEf0123456789_-AbCdEf0123456789_-AbCdEf0',
  recoveryShare: 'c2VhbGVkIGJ5IHRoZSB2aXNpdG9yJ3MgcGFzc3BocmFzZQ',
}
/** A proof of the right form that no challenge stands behind: what an inbox alone can send. */
const madeUpProof = { challengeId: 'A'.repeat(43), signature: `0x${'1'.repeat(130)}` }

let devMail: DevMail
beforeAll(async () => {
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
})
afterAll(() => devMail?.close())

describe.each(testDatabases())('an inbox alone on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let app: Hono
  let clock: number
  let ada: string
  beforeEach(async () => {
    clock = Date.now()
    ada = `ada-${randomUUID().slice(0, 8)}@example.com`
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'login@airlock.test' })
    await createProject(storage.db, 'shop', [site], {})
    const routeOptions = { storage, serverKey, publicOrigin: own, now: () => clock, mailer }
    app = new Hono()
      .route(
        '/',
        emailLoginRoutes({
          ...routeOptions,
          mailsPerAddressPerMinute: 1000,
          rateLimiter: createRateLimiter({
            name: 'emailLogin',
            perMinute: { email: 1000, client: 1000, project: 1000 },
          }),
          trustProxy: 0,
        }),
      )
      .route('/', embeddedWalletRoutes(routeOptions))
  })
  afterEach(async () => {
    mailer.close()
    await storage.close()
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`${own}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: own, ...headers },
      body: JSON.stringify(body),
    })
  async function signedIn(email = ada): Promise<string> {
    clock += 1
    return signInByEmail({ post, devMail, email, hostOrigin: site })
  }
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  const mailsTo = (email: string) => devMail.messages().filter((mail) => mail.to.includes(email))
  const lastCodeTo = (email: string) =>
    /\b(\d{6})\b/.exec(mailsTo(email).at(-1)?.subject ?? '')?.[1] ?? ''
  /** Ada's wallet, made and confirmed on her device: that device's session. */
  async function adaWithWallet(): Promise<string> {
    const cookie = await signedIn()
    expect(
      (
        await post(
          '/v1/projects/shop/embedded-wallet',
          { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
          { Cookie: cookie },
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await post(
          '/v1/projects/shop/embedded-wallet/confirmation',
          { hostOrigin: site },
          { Cookie: cookie },
        )
      ).status,
    ).toBe(200)
    return cookie
  }
  const askChange = (cookie: string, newEmail: string, proof?: object) =>
    post(
      '/v1/projects/shop/email/change',
      { hostOrigin: site, newEmail, ...(proof ? { proof } : {}) },
      { Cookie: cookie },
    )
  const addDevice = (cookie: string, proof: object, label = 'Safari on iOS') =>
    post(
      '/v1/projects/shop/embedded-wallet/devices',
      { hostOrigin: site, label, proof },
      { Cookie: cookie },
    )
  const prove = (cookie: string, action: string) =>
    proveWallet({ post, cookie, action, hostOrigin: site })
  const proofInvalid = {
    status: 401,
    code: 'embeddedWalletProofInvalid',
    message:
      "This needs your wallet's confirmation, and it is missing, spent or not this wallet's: confirm again.",
  }

  test('security: an inbox alone does not move a wallet’s email: without a proof, with a made-up one or another action’s, no code is mailed and nothing is kept', async () => {
    await adaWithWallet()
    const inbox = await signedIn()
    const eve = `eve-${randomUUID().slice(0, 8)}@evil.example`
    for (const proof of [undefined, madeUpProof, await prove(inbox, 'exportKey')])
      expect(await errorOf(await askChange(inbox, eve, proof))).toEqual(proofInvalid)
    expect(await storage.db.selectFrom('email_changes').selectAll().execute()).toEqual([])
    expect(mailsTo(eve)).toEqual([])
  })

  test('behavior: with the wallet’s proof the email changes, and the address it had is told', async () => {
    const cookie = await adaWithWallet()
    const next = `ada-${randomUUID().slice(0, 8)}@new.example`
    const asked = await askChange(cookie, next, await prove(cookie, 'changeEmail'))
    expect(asked.status).toBe(202)
    const { changeId } = (await asked.json()) as { changeId: string }
    const confirmed = await post(
      '/v1/projects/shop/email/change/confirm',
      { hostOrigin: site, changeId, currentCode: lastCodeTo(ada), newCode: lastCodeTo(next) },
      { Cookie: cookie },
    )
    expect(confirmed.status).toBe(202)
    await expect
      .poll(() => mailsTo(ada).at(-1)?.subject)
      .toBe("Your shop wallet's email was changed")
    expect(mailsTo(ada).at(-1)?.text).toContain(
      `The email address of your shop wallet (${site}) was changed from ${ada} to ${next}.`,
    )
  })

  test('security: an inbox alone adds no device to a wallet; with the key the recovery code rebuilt it does, and the wallet’s address is told', async () => {
    await adaWithWallet()
    const inbox = await signedIn()
    const before = await storage.db.selectFrom('embedded_wallet_devices').selectAll().execute()
    const mailsBefore = mailsTo(ada).length
    expect(await errorOf(await addDevice(inbox, madeUpProof, 'Evil laptop'))).toEqual(proofInvalid)
    expect(await errorOf(await addDevice(inbox, await prove(inbox, 'changeEmail')))).toEqual(
      proofInvalid,
    )
    expect(await storage.db.selectFrom('embedded_wallet_devices').selectAll().execute()).toEqual(
      before,
    )
    expect(mailsTo(ada)).toHaveLength(mailsBefore)

    // A new device that restored the wallet with the code signs for itself.
    const added = await addDevice(inbox, await prove(inbox, 'addDevice'))
    expect(added.status).toBe(201)
    await expect
      .poll(() => mailsTo(ada).at(-1)?.subject)
      .toBe('A new device joined your shop wallet')
    expect(mailsTo(ada).at(-1)?.text).toContain(
      `A new device (Safari on iOS) was added to your shop wallet (${site}) with your recovery code.`,
    )
  })

  test('behavior: an account whose wallet is not confirmed yet changes its email without a proof: nothing can sign for it yet', async () => {
    const cookie = await signedIn()
    await post(
      '/v1/projects/shop/embedded-wallet',
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Cookie: cookie },
    )
    expect((await askChange(cookie, `ada-${randomUUID().slice(0, 8)}@new.example`)).status).toBe(
      202,
    )
  })
})
