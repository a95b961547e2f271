// An email session's embedded wallet over HTTP, on SQLite and Postgres: the session comes from
// a real email login (codes through the dev mail server). What the API keeps (the auth share
// sealed, bound to its owner), who gets it back (that email's session, on this site, on any
// device), the wallet's devices (their keys, the limit, revocation ending a lost device's key and
// sessions for good), and each refusal.
import { embeddedWalletLimits } from '@airlock/protocol'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type DevMail, startDevMail } from '../../../../scripts/devMail.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { signInByEmail } from '../../test/emailSignIn'
import { proveWallet } from '../../test/walletProof'
import { createMailer, type Mailer } from '../services/email/mailer'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { emailLoginRoutes } from './emailLogin'
import { embeddedWalletRoutes } from './embeddedWallet'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://news.example'
const serverKey = new Uint8Array(32).fill(3)
const wallet = {
  evmAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solanaAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  authShare: 'AbCdEf0123456789_-AbCdEf0123456789_-AbCdEf0',
  recoveryShare: 'c2VhbGVkIGJ5IHRoZSB2aXNpdG9yJ3MgcGFzc3BocmFzZQ',
}
const deviceIdPattern = /^[A-Za-z0-9_-]{22}$/
const deviceKeyPattern = /^[A-Za-z0-9_-]{43}$/

let devMail: DevMail
beforeAll(async () => {
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
})
afterAll(() => devMail?.close())

describe.each(testDatabases())('embedded wallets on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  let mailer: Mailer
  let app: Hono
  let clock: number
  beforeEach(async () => {
    clock = Date.now()
    storage = await database.open()
    mailer = createMailer({ smtpUrl: devMail.smtpUrl, from: 'login@airlock.test' })
    await createProject(storage.db, 'shop', [site, otherSite], {})
    const routeOptions = { storage, serverKey, publicOrigin: own, now: () => clock }
    app = new Hono()
      .route(
        '/',
        emailLoginRoutes({
          ...routeOptions,
          mailer,
          rateLimiter: createRateLimiter({
            name: 'emailLogin',
            perMinute: { client: 1000, project: 1000 },
          }),
          mailsPerAddressPerMinute: 1000,
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
  /** An email session of `email` on `hostOrigin`, as a `Cookie` header: a real sign-in by code. */
  async function signedIn(email: string, hostOrigin = site): Promise<string> {
    // A moment after the last code: of two codes of one instant, only one would stay.
    clock += 1
    return signInByEmail({ post, devMail, email, hostOrigin })
  }
  const keep = (
    cookie: string,
    body: object = { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
  ) => post('/v1/projects/shop/embedded-wallet', body, { Cookie: cookie })
  const read = (cookie: string, hostOrigin = site, deviceId?: string) =>
    app.request(
      `${own}/v1/projects/shop/embedded-wallet?hostOrigin=${encodeURIComponent(hostOrigin)}${
        deviceId === undefined ? '' : `&deviceId=${encodeURIComponent(deviceId)}`
      }`,
      {
        headers: { Cookie: cookie },
      },
    )
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  type DeviceKey = { deviceId: string; deviceKey: string }
  /** Keeps Ada's wallet from a new sign-in, and confirms it: that device's cookie and key. */
  async function adaWithWallet(): Promise<{ cookie: string; device: DeviceKey }> {
    const cookie = await signedIn('ada@example.com')
    const kept = await keep(cookie)
    expect(kept.status).toBe(201)
    const confirmed = await post(
      '/v1/projects/shop/embedded-wallet/confirmation',
      { hostOrigin: site },
      { Cookie: cookie },
    )
    expect(confirmed.status).toBe(200)
    return { cookie, device: ((await kept.json()) as { device: DeviceKey }).device }
  }
  /** Adds a device as a frame that restored the wallet does: with a proof of the wallet. */
  const addDevice = async (
    cookie: string,
    label = 'Safari on iOS',
    headers: Record<string, string> = {},
  ) => {
    const asked = await post(
      '/v1/projects/shop/embedded-wallet/challenges',
      { hostOrigin: site, action: 'addDevice' },
      { Cookie: cookie },
    )
    // Without a wallet there is no challenge: a proof of the right form, which nothing checks.
    const proof =
      asked.status === 201
        ? await proveWallet({ post, cookie, action: 'addDevice', hostOrigin: site })
        : { challengeId: 'A'.repeat(43), signature: `0x${'1'.repeat(130)}` }
    return post(
      '/v1/projects/shop/embedded-wallet/devices',
      { hostOrigin: site, label, proof },
      { Cookie: cookie, ...headers },
    )
  }
  /** A sign-in on another device that restored the wallet by recovery and joined it. */
  async function newDevice(email = 'ada@example.com', label = 'Safari on iOS') {
    const cookie = await signedIn(email)
    const added = await addDevice(cookie, label)
    expect(added.status).toBe(201)
    return { cookie, device: (await added.json()) as DeviceKey }
  }
  const listDevices = (cookie: string) =>
    app.request(`${own}/v1/projects/shop/embedded-wallet/devices?hostOrigin=${site}`, {
      headers: { Cookie: cookie },
    })
  /**
   * Revokes a device as the frame does: a re-split of the wallet (no device here has a transport
   * key, so none gets a new share) with a proof of the wallet.
   */
  const revoke = async (cookie: string, deviceId: string, origin: string | null = own) => {
    const proof = await proveWallet({ post, cookie, action: 'revokeDevice', hostOrigin: site })
    return app.request(`${own}/v1/projects/shop/embedded-wallet/shares`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: cookie,
        ...(origin === null ? {} : { Origin: origin }),
      },
      body: JSON.stringify({
        hostOrigin: site,
        authShare: wallet.authShare,
        recoveryShare: wallet.recoveryShare,
        deviceShares: [],
        revokeDeviceId: deviceId,
        proof,
      }),
    })
  }
  const session = (cookie: string) =>
    app.request(`${own}/v1/projects/shop/email/session?hostOrigin=${site}`, {
      headers: { Cookie: cookie },
    })

  test('behavior: the session says whether its account has a wallet yet, so a first sign-in never reads one that is not there', async () => {
    const cookie = await signedIn('hedy@example.com')
    expect(await (await session(cookie)).json()).toMatchObject({ hasWallet: false })
    expect((await keep(cookie)).status).toBe(201)
    // Pending already counts: a second sign-in resumes it instead of making another.
    expect(await (await session(cookie)).json()).toMatchObject({ hasWallet: true })
    const elsewhere = await signedIn('hedy@example.com')
    expect(await (await session(elsewhere)).json()).toMatchObject({ hasWallet: true })
  })

  test('behavior: the wallet a session made is kept, and the same email gets it back on a new device; the auth share is kept sealed', async () => {
    const cookie = await signedIn('ada@example.com')
    const kept = await keep(cookie)
    expect(kept.status).toBe(201)
    expect(kept.headers.get('cache-control')).toBe('no-store')
    expect(await kept.json()).toMatchObject(wallet)

    // Another device: no cookie of the first, a sign-in of its own.
    const elsewhere = await signedIn('ADA@example.com')
    expect(elsewhere).not.toBe(cookie)
    const restored = await read(elsewhere)
    expect(restored.status).toBe(200)
    expect(await restored.json()).toMatchObject(wallet)

    const [row] = await storage.db.selectFrom('embedded_wallets').selectAll().execute()
    expect(row?.auth_share).not.toContain(wallet.authShare)
    expect(row?.recovery_share).toBe(wallet.recoveryShare)
  })

  test('error: one wallet per email: a second is refused and the first stays', async () => {
    const cookie = await signedIn('ada@example.com')
    expect((await keep(cookie)).status).toBe(201)
    const other = {
      hostOrigin: site,
      ...wallet,
      deviceLabel: 'Chrome on macOS',
      evmAddress: `0x${'1'.repeat(40)}`,
    }
    expect(await errorOf(await keep(cookie, other))).toMatchObject({
      status: 409,
      code: 'embeddedWalletExists',
    })
    expect(await (await read(cookie)).json()).toMatchObject({ evmAddress: wallet.evmAddress })
  })

  test('security: no session, another email, or the session of another site get nothing', async () => {
    const cookie = await signedIn('ada@example.com')
    await keep(cookie)
    expect(await errorOf(await read(''))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(await errorOf(await read(await signedIn('eve@example.com')))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
    expect(await errorOf(await read(cookie, otherSite))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    const fromPage = await post(
      '/v1/projects/shop/embedded-wallet',
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      {
        Cookie: cookie,
        Origin: site,
      },
    )
    expect(await errorOf(fromPage)).toMatchObject({ status: 403, code: 'crossOriginRequest' })
  })

  test('security: an auth share changed where it is kept, or moved to another email, is refused', async () => {
    const ada = await signedIn('ada@example.com')
    await keep(ada)
    const [row] = await storage.db.selectFrom('embedded_wallets').selectAll().execute()
    const sealed = row?.auth_share ?? ''
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`
    await storage.db.updateTable('embedded_wallets').set({ auth_share: flipped }).execute()
    expect(await errorOf(await read(ada))).toMatchObject({
      status: 500,
      code: 'embeddedWalletCorrupt',
    })

    // Ada's sealed share put on Eve's wallet: bound to Ada, it does not open for Eve.
    const eve = await signedIn('eve@example.com')
    await keep(eve)
    await storage.db
      .updateTable('embedded_wallets')
      .set({ auth_share: sealed })
      .where('email', '=', 'eve@example.com')
      .execute()
    expect(await errorOf(await read(eve))).toMatchObject({
      status: 500,
      code: 'embeddedWalletCorrupt',
    })
  })

  test.each([
    ['an EVM address that is not one', { evmAddress: '0x123' }],
    ['a Solana address with a 0', { solanaAddress: `0OIl${'A'.repeat(40)}` }],
    ['a share that is not base64url', { authShare: 'not a share!' }],
    ['a share too long', { authShare: 'A'.repeat(257) }],
    ['no device label', { deviceLabel: undefined }],
    ['a device label of spaces', { deviceLabel: '   ' }],
    ['a device label of 81 characters', { deviceLabel: 'x'.repeat(81) }],
    ['a device label with a line break', { deviceLabel: 'Chrome\non macOS' }],
    ['a device label with a right-to-left override', { deviceLabel: 'Chrome \u202Esocam' }],
  ])('error: %s is refused as embeddedWalletInvalid; nothing is kept', async (_, change) => {
    const cookie = await signedIn('ada@example.com')
    expect(
      await errorOf(
        await keep(cookie, { hostOrigin: site, ...wallet, deviceLabel: 'Firefox', ...change }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'embeddedWalletInvalid',
    })
    expect(await storage.db.selectFrom('embedded_wallets').selectAll().execute()).toEqual([])
    expect(await storage.db.selectFrom('embedded_wallet_devices').selectAll().execute()).toEqual([])
  })

  test('behavior: the device that keeps the wallet is its first: its key comes back to a session of the email, sealed at rest, and its use is noted', async () => {
    const { cookie, device } = await adaWithWallet()
    expect(device.deviceId).toMatch(deviceIdPattern)
    expect(device.deviceKey).toMatch(deviceKeyPattern)
    const [row] = await storage.db.selectFrom('embedded_wallet_devices').selectAll().execute()
    expect(row).toMatchObject({ label: 'Firefox on Linux', revoked_at: null })
    expect(row?.sealed_key).not.toContain(device.deviceKey)

    clock += 60_000
    const again = await read(cookie, site, device.deviceId)
    expect(again.status).toBe(200)
    expect(again.headers.get('cache-control')).toBe('no-store')
    expect(await again.json()).toEqual({
      ...wallet,
      createdAt: expect.any(String),
      confirmedAt: expect.any(String),
      device: { ...device, transportKey: false, nextShare: null },
    })
    const [used] = await storage.db.selectFrom('embedded_wallet_devices').selectAll().execute()
    expect(new Date(used?.last_used_at ?? '').getTime()).toBe(clock)
    // Without a device id, the wallet alone.
    expect(await (await read(cookie)).json()).not.toHaveProperty('device')
  })

  test('behavior: a device that restored the wallet joins it; the list shows both, newest first, the asking one as current, no keys', async () => {
    const first = await adaWithWallet()
    const firstAt = new Date(clock).toISOString()
    clock += 1000
    const second = await newDevice('ada@example.com', '  Safari on iOS  ')
    const secondAt = new Date(clock).toISOString()
    expect(second.device.deviceId).toMatch(deviceIdPattern)
    expect(second.device.deviceKey).toMatch(deviceKeyPattern)
    expect(second.device.deviceKey).not.toBe(first.device.deviceKey)
    expect(await (await read(second.cookie, site, second.device.deviceId)).json()).toMatchObject({
      device: second.device,
    })

    const listed = await listDevices(second.cookie)
    expect(listed.status).toBe(200)
    expect(listed.headers.get('cache-control')).toBe('no-store')
    const body = await listed.json()
    expect(body).toEqual({
      devices: [
        {
          deviceId: second.device.deviceId,
          label: 'Safari on iOS',
          createdAt: secondAt,
          lastUsedAt: secondAt,
          revokedAt: null,
          current: true,
          transportKey: null,
        },
        {
          deviceId: first.device.deviceId,
          label: 'Firefox on Linux',
          createdAt: firstAt,
          lastUsedAt: firstAt,
          revokedAt: null,
          current: false,
          transportKey: null,
        },
      ],
    })
    expect(JSON.stringify(body)).not.toContain(first.device.deviceKey)
    const fromFirst = (await (await listDevices(first.cookie)).json()) as {
      devices: { deviceId: string; current: boolean }[]
    }
    expect(fromFirst.devices.map((device) => [device.deviceId, device.current])).toEqual([
      [second.device.deviceId, false],
      [first.device.deviceId, true],
    ])
  })

  test('behavior: a session that reads the wallet with its device id is put on that device', async () => {
    const { device } = await adaWithWallet()
    const later = await signedIn('ada@example.com')
    const before = (await (await listDevices(later)).json()) as { devices: { current: boolean }[] }
    expect(before.devices.map((entry) => entry.current)).toEqual([false])
    expect((await read(later, site, device.deviceId)).status).toBe(200)
    const after = (await (await listDevices(later)).json()) as { devices: { current: boolean }[] }
    expect(after.devices.map((entry) => entry.current)).toEqual([true])
  })

  test('security: a revoked device’s key is gone for good and its sessions end; the other devices go on', async () => {
    const lost = await adaWithWallet()
    clock += 1000
    const kept = await newDevice()
    clock += 1000
    const revokedAt = new Date(clock).toISOString()
    const revoked = await revoke(kept.cookie, lost.device.deviceId)
    expect(revoked.status).toBe(200)
    expect(revoked.headers.get('cache-control')).toBe('no-store')
    expect(await revoked.json()).toEqual({ resharedAt: revokedAt, revokedAt })

    // The lost device's cookie no longer opens anything.
    expect(await errorOf(await read(lost.cookie, site, lost.device.deviceId))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect((await session(lost.cookie)).status).toBe(401)
    // Nor does a new sign-in of the email (someone who got into the inbox later).
    const intruder = await signedIn('ada@example.com')
    expect(await errorOf(await read(intruder, site, lost.device.deviceId))).toEqual({
      status: 403,
      code: 'embeddedWalletDeviceRevoked',
      message: 'This device was removed from the wallet: restore it with the recovery code.',
    })
    const [row] = await storage.db
      .selectFrom('embedded_wallet_devices')
      .selectAll()
      .where('device_id', '=', lost.device.deviceId)
      .execute()
    expect(row?.sealed_key).toBeNull()

    // Again: refused (it is no live device), and nothing else changes.
    clock += 1000
    expect(await errorOf(await revoke(kept.cookie, lost.device.deviceId))).toEqual({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
      message: 'This wallet has no such live device.',
    })
    expect(await (await read(kept.cookie, site, kept.device.deviceId)).json()).toMatchObject({
      device: kept.device,
    })
    const listed = (await (await listDevices(kept.cookie)).json()) as {
      devices: { deviceId: string; revokedAt: string | null }[]
    }
    expect(listed.devices).toEqual([
      expect.objectContaining({ deviceId: kept.device.deviceId, revokedAt: null }),
      expect.objectContaining({ deviceId: lost.device.deviceId, revokedAt }),
    ])
  })

  test('behavior: a session may revoke its own device: its cookie is cleared and ends', async () => {
    const { cookie, device } = await adaWithWallet()
    const revoked = await revoke(cookie, device.deviceId)
    expect(revoked.status).toBe(200)
    expect(revoked.headers.get('set-cookie')).toContain('Max-Age=0')
    expect((await session(cookie)).status).toBe(401)
  })

  test(`error: a wallet has at most ${embeddedWalletLimits.devices} live devices; revoking one makes room`, async () => {
    const { cookie } = await adaWithWallet()
    const added: DeviceKey[] = []
    for (let count = 1; count < embeddedWalletLimits.devices; count++) {
      const response = await addDevice(cookie, `Device ${count}`)
      expect(response.status).toBe(201)
      added.push((await response.json()) as DeviceKey)
    }
    expect(await errorOf(await addDevice(cookie, 'One too many'))).toEqual({
      status: 409,
      code: 'embeddedWalletDeviceLimit',
      message: 'This wallet is on 10 devices already: remove one of them to add this one.',
    })
    expect((await revoke(cookie, added[0]?.deviceId ?? '')).status).toBe(200)
    expect((await addDevice(cookie, 'Now there is room')).status).toBe(201)
    expect(await errorOf(await addDevice(cookie, 'Full again'))).toMatchObject({
      status: 409,
      code: 'embeddedWalletDeviceLimit',
    })
  })

  test('error: devices that are not the wallet’s, or not of a device id’s form, and a wallet not kept yet', async () => {
    const ada = await adaWithWallet()
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA'
    expect(await errorOf(await read(ada.cookie, site, unknown))).toMatchObject({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
    })
    expect(await errorOf(await revoke(ada.cookie, unknown))).toMatchObject({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
    })
    for (const malformed of ['short', `${unknown}A`, 'AAAAAAAAAAAAAAAAAAAA%2B%2B'])
      expect(
        await errorOf(await read(ada.cookie, site, decodeURIComponent(malformed))),
      ).toMatchObject({
        status: 400,
        code: 'embeddedWalletInvalid',
      })
    expect(await errorOf(await revoke(ada.cookie, 'short'))).toMatchObject({
      status: 400,
      code: 'embeddedWalletInvalid',
    })

    // Eve, without a wallet: nothing to join, list or read; with one, Ada's device is not hers.
    const eve = await signedIn('eve@example.com')
    expect(await errorOf(await addDevice(eve))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
    expect(await errorOf(await listDevices(eve))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
    expect(await errorOf(await read(eve, site, ada.device.deviceId))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
    expect((await keep(eve)).status).toBe(201)
    expect(
      (
        await post(
          '/v1/projects/shop/embedded-wallet/confirmation',
          { hostOrigin: site },
          { Cookie: eve },
        )
      ).status,
    ).toBe(200)
    expect(await errorOf(await read(eve, site, ada.device.deviceId))).toMatchObject({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
    })
    expect(await errorOf(await revoke(eve, ada.device.deviceId))).toMatchObject({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
    })
    expect((await read(ada.cookie, site, ada.device.deviceId)).status).toBe(200)
  })

  test('security: a device key sealed for one device does not open as another’s', async () => {
    const first = await adaWithWallet()
    const second = await newDevice()
    const [row] = await storage.db
      .selectFrom('embedded_wallet_devices')
      .select('sealed_key')
      .where('device_id', '=', first.device.deviceId)
      .execute()
    await storage.db
      .updateTable('embedded_wallet_devices')
      .set({ sealed_key: row?.sealed_key ?? null })
      .where('device_id', '=', second.device.deviceId)
      .execute()
    expect(await errorOf(await read(second.cookie, site, second.device.deviceId))).toMatchObject({
      status: 500,
      code: 'embeddedWalletCorrupt',
    })
  })

  test('security: devices are added and revoked only from the modal’s own pages', async () => {
    const { cookie, device } = await adaWithWallet()
    for (const headers of [{ Origin: site }, { Origin: 'null' }])
      expect(await errorOf(await addDevice(cookie, 'Evil', headers))).toMatchObject({
        status: 403,
        code: 'crossOriginRequest',
      })
    for (const origin of [site, null]) {
      const refused = await revoke(cookie, device.deviceId, origin)
      expect(await errorOf(refused)).toMatchObject({ status: 403, code: 'crossOriginRequest' })
      expect(refused.headers.get('cache-control')).toBe('no-store')
    }
    expect(await storage.db.selectFrom('embedded_wallet_devices').selectAll().execute()).toEqual([
      expect.objectContaining({ device_id: device.deviceId, revoked_at: null }),
    ])
    // No session: no devices.
    expect(await errorOf(await listDevices(''))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
  })

  test('error: a wallet is kept with its first device or not at all', async () => {
    // The database refuses the device (a trigger, as a failing disk or constraint would).
    const refuse =
      storage.dialect === 'postgres'
        ? [
            sql`create function refuse_device() returns trigger language plpgsql as $$ begin raise exception 'device refused'; end $$`,
            sql`create trigger refuse_device before insert on embedded_wallet_devices for each row execute function refuse_device()`,
          ]
        : [
            sql`create trigger refuse_device before insert on embedded_wallet_devices begin select raise(abort, 'device refused'); end`,
          ]
    const allow =
      storage.dialect === 'postgres'
        ? [
            sql`drop trigger refuse_device on embedded_wallet_devices`,
            sql`drop function refuse_device()`,
          ]
        : [sql`drop trigger refuse_device`]
    const cookie = await signedIn('ada@example.com')
    for (const statement of refuse) await statement.execute(storage.db)
    try {
      expect((await keep(cookie)).status).toBe(500)
    } finally {
      for (const statement of allow) await statement.execute(storage.db)
    }
    expect(await storage.db.selectFrom('embedded_wallets').selectAll().execute()).toEqual([])
    expect(await errorOf(await read(cookie))).toMatchObject({ code: 'embeddedWalletNotFound' })
    // Nothing half-kept stands in the way of keeping it now.
    expect((await keep(cookie)).status).toBe(201)
  })
})
