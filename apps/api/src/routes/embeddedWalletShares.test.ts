// Re-splitting an embedded wallet over HTTP, on SQLite and Postgres (issue 33, point 5): devices'
// transport keys signed by the wallet's key; a re-split (a new recovery code, or a device revoked)
// only with a proof of the wallet, from a session on a live device, naming exactly the devices
// that get a share, in one transaction; each device's new share handed to it alone; the keys'
// export only with a proof. The database is read after every refusal: nothing half-written.
import { randomBytes } from 'node:crypto'
import { transportKeyMessage } from '@airlock/protocol'
import { Hono } from 'hono'
import { sql } from 'kysely'
import { privateKeyToAccount } from 'viem/accounts'
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
const newShares = {
  authShare: 'ZyXwVu9876543210-_ZyXwVu9876543210-_ZyXwVu9',
  recoveryShare: 'YW5vdGhlciBzZWFsZWQgcmVjb3Zlcnkgc2hhcmU',
}
const anotherKey = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
type Device = { cookie: string; deviceId: string }

let devMail: DevMail
beforeAll(async () => {
  devMail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
})
afterAll(() => devMail?.close())

describe.each(testDatabases())('re-splitting a wallet on $name', (database) => {
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
    await createProject(storage.db, 'shop', [site], {})
    const routeOptions = { storage, serverKey, publicOrigin: own, now: () => clock }
    app = new Hono()
      .route(
        '/',
        emailLoginRoutes({
          ...routeOptions,
          mailsPerAddressPerMinute: 1000,
          mailer,
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

  const send = async (
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.request(`${own}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: own, ...headers },
      body: JSON.stringify(body),
    })
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send('POST', path, body, headers)
  const walletPath = '/v1/projects/shop/embedded-wallet'
  async function signedIn(email = 'ada@example.com'): Promise<string> {
    clock += 1
    return signInByEmail({ post, devMail, email, hostOrigin: site })
  }
  const errorOf = async (response: Response) =>
    ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
      status: number
      code: string
      message: string
    }
  /** Ada's wallet, made and confirmed on a first device. */
  async function adaWithWallet(): Promise<Device> {
    const cookie = await signedIn()
    const kept = await post(
      walletPath,
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Cookie: cookie },
    )
    expect(kept.status).toBe(201)
    expect(
      (await post(`${walletPath}/confirmation`, { hostOrigin: site }, { Cookie: cookie })).status,
    ).toBe(200)
    return { cookie, deviceId: ((await kept.json()) as { device: Device }).device.deviceId }
  }
  /** Another device that restored the wallet with the recovery code. */
  async function anotherDevice(label = 'Safari on iOS'): Promise<Device> {
    const cookie = await signedIn()
    const proof = await proveWallet({ post, cookie, action: 'addDevice', hostOrigin: site })
    const added = await post(
      `${walletPath}/devices`,
      { hostOrigin: site, label, proof },
      { Cookie: cookie },
    )
    expect(added.status).toBe(201)
    return { cookie, deviceId: ((await added.json()) as { deviceId: string }).deviceId }
  }
  const publicKey = () => Buffer.from([4, ...randomBytes(64)]).toString('base64url') as string
  const registerKey = async (device: Device, key = publicKey(), signer = testWalletAccount) =>
    send(
      'PUT',
      `${walletPath}/devices/${device.deviceId}/transport-key`,
      {
        hostOrigin: site,
        publicKey: key,
        signature: await signer.signMessage({
          message: transportKeyMessage({
            projectId: 'shop',
            deviceId: device.deviceId,
            publicKey: key,
          }),
        }),
      },
      { Cookie: device.cookie },
    )
  const prove = (cookie: string, action = 'newRecoveryCode') =>
    proveWallet({ post, cookie, action, hostOrigin: site })
  const reshare = (cookie: string, body: object) =>
    post(`${walletPath}/shares`, { hostOrigin: site, ...newShares, ...body }, { Cookie: cookie })
  const read = async (cookie: string, deviceId: string) =>
    (await (
      await app.request(
        `${own}${walletPath}?hostOrigin=${encodeURIComponent(site)}&deviceId=${deviceId}`,
        {
          headers: { Cookie: cookie },
        },
      )
    ).json()) as { authShare: string; recoveryShare: string; device: { nextShare: string | null } }
  /** What the API keeps of the wallet, its devices and their sessions. */
  const kept = async () => ({
    wallets: await storage.db.selectFrom('embedded_wallets').selectAll().execute(),
    devices: await storage.db
      .selectFrom('embedded_wallet_devices')
      .selectAll()
      .orderBy('device_id')
      .execute(),
    sessions: await storage.db
      .selectFrom('email_sessions')
      .select(['id', 'device_id', 'revoked_at'])
      .orderBy('id')
      .execute(),
  })
  const proofInvalid = {
    status: 401,
    code: 'embeddedWalletProofInvalid',
    message:
      "This needs your wallet's confirmation, and it is missing, spent or not this wallet's: confirm again.",
  }

  test('behavior: a device registers its transport key, signed by the wallet’s key; the wallet’s sessions see it in the list', async () => {
    const first = await adaWithWallet()
    const key = publicKey()
    const registered = await registerKey(first, key)
    expect(registered.status).toBe(200)
    expect(await registered.json()).toEqual({ deviceId: first.deviceId, publicKey: key })
    const listed = (await (
      await app.request(`${own}${walletPath}/devices?hostOrigin=${site}`, {
        headers: { Cookie: await signedIn() },
      })
    ).json()) as { devices: { transportKey: { publicKey: string } | null }[] }
    expect(listed.devices).toEqual([
      expect.objectContaining({ transportKey: { publicKey: key, signature: expect.any(String) } }),
    ])
  })

  test('security: a transport key signed by another key, for another device, or from another device’s session is refused; nothing is kept', async () => {
    const first = await adaWithWallet()
    const second = await anotherDevice()
    const before = await kept()
    expect(
      await errorOf(await registerKey(first, publicKey(), privateKeyToAccount(anotherKey))),
    ).toEqual({
      status: 400,
      code: 'embeddedWalletSignatureInvalid',
      message: "This transport key is not signed by the wallet's key.",
    })
    // Second's session naming first's device.
    expect(await errorOf(await registerKey({ ...first, cookie: second.cookie }))).toMatchObject({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
    })
    expect(await kept()).toEqual(before)
  })

  test('behavior: a new recovery code re-splits the wallet: new auth and recovery shares, and each device with a transport key gets its own new share, handed to it alone', async () => {
    const first = await adaWithWallet()
    const second = await anotherDevice()
    const legacy = await anotherDevice('Old browser')
    await registerKey(first)
    await registerKey(second)
    const proof = await prove(first.cookie)
    const reshared = await reshare(first.cookie, {
      deviceShares: [
        { deviceId: first.deviceId, nextShare: 'Zmlyc3QgZGV2aWNlIHNoYXJl' },
        { deviceId: second.deviceId, nextShare: 'c2Vjb25kIGRldmljZSBzaGFyZQ' },
      ],
      proof,
    })
    expect(reshared.status).toBe(200)
    expect(await reshared.json()).toEqual({ resharedAt: new Date(clock).toISOString() })
    expect(await read(first.cookie, first.deviceId)).toMatchObject({
      ...newShares,
      device: { nextShare: 'Zmlyc3QgZGV2aWNlIHNoYXJl' },
    })
    expect((await read(second.cookie, second.deviceId)).device.nextShare).toBe(
      'c2Vjb25kIGRldmljZSBzaGFyZQ',
    )
    // A device without a transport key gets none: it will need the recovery code.
    expect((await read(legacy.cookie, legacy.deviceId)).device.nextShare).toBeNull()
    const [row] = (await kept()).wallets
    expect(row?.recovery_share).toBe(newShares.recoveryShare)
    expect(row?.auth_share).not.toContain(newShares.authShare)
    // The proof is spent: it re-splits once.
    expect(await errorOf(await reshare(first.cookie, { deviceShares: [], proof }))).toEqual(
      proofInvalid,
    )
  })

  test('security: no re-split without a proof of the wallet — another key’s, another session’s, another action’s, a spent or an expired one — and nothing changes', async () => {
    const first = await adaWithWallet()
    const other = await anotherDevice()
    const before = await kept()
    const attempts = [
      {
        ...(await prove(first.cookie)),
        signature: await privateKeyToAccount(anotherKey).signMessage({ message: 'x' }),
      },
      await prove(other.cookie),
      await prove(first.cookie, 'exportKey'),
    ]
    for (const proof of attempts)
      expect(await errorOf(await reshare(first.cookie, { deviceShares: [], proof }))).toEqual(
        proofInvalid,
      )
    const late = await prove(first.cookie)
    clock += 5 * 60_000
    expect(await errorOf(await reshare(first.cookie, { deviceShares: [], proof: late }))).toEqual(
      proofInvalid,
    )
    expect(
      await errorOf(
        await post(
          `${walletPath}/shares`,
          { hostOrigin: site, ...newShares, deviceShares: [] },
          {
            Cookie: first.cookie,
          },
        ),
      ),
    ).toMatchObject({ status: 400, code: 'embeddedWalletInvalid' })
    const after = await kept()
    expect(after.wallets).toEqual(before.wallets)
    expect(after.devices).toEqual(before.devices)
  })

  test('security: an inbox alone re-splits nothing: a new sign-in on no device is refused even with a proof', async () => {
    await adaWithWallet()
    const inbox = await signedIn()
    const before = await kept()
    expect(
      await errorOf(await reshare(inbox, { deviceShares: [], proof: await prove(inbox) })),
    ).toEqual({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
      message: 'This wallet has no such live device.',
    })
    expect((await kept()).wallets).toEqual(before.wallets)
  })

  test('error: the devices named must be the live devices with a transport key, each once; else nothing changes', async () => {
    const first = await adaWithWallet()
    const second = await anotherDevice()
    await registerKey(first)
    await registerKey(second)
    const before = await kept()
    const share = (deviceId: string) => ({ deviceId, nextShare: 'c2hhcmVzaGFyZXNoYXJl' })
    for (const deviceShares of [
      [share(first.deviceId)],
      [share(first.deviceId), share(first.deviceId)],
      [share(first.deviceId), share(second.deviceId), share('AAAAAAAAAAAAAAAAAAAAAA')],
    ])
      expect(
        await errorOf(
          await reshare(first.cookie, { deviceShares, proof: await prove(first.cookie) }),
        ),
      ).toEqual({
        status: 409,
        code: 'embeddedWalletSharesStale',
        message:
          "The wallet's devices changed meanwhile: split it again for the devices it has now.",
      })
    const after = await kept()
    expect(after.wallets).toEqual(before.wallets)
    expect(after.devices).toEqual(before.devices)
  })

  test('behavior: revoking a device re-splits the wallet in the same transaction: the revoked device gets no share, its sessions end', async () => {
    const first = await adaWithWallet()
    const lost = await anotherDevice()
    await registerKey(first)
    await registerKey(lost)
    const revoked = await reshare(first.cookie, {
      deviceShares: [{ deviceId: first.deviceId, nextShare: 'Zmlyc3QgZGV2aWNlIHNoYXJl' }],
      revokeDeviceId: lost.deviceId,
      proof: await prove(first.cookie, 'revokeDevice'),
    })
    expect(revoked.status).toBe(200)
    const at = new Date(clock).toISOString()
    expect(await revoked.json()).toEqual({ resharedAt: at, revokedAt: at })
    const { devices, sessions, wallets } = await kept()
    expect(wallets[0]?.recovery_share).toBe(newShares.recoveryShare)
    expect(devices.find((row) => row.device_id === lost.deviceId)).toMatchObject({
      sealed_key: null,
      next_share: null,
    })
    expect(sessions.find((row) => row.device_id === lost.deviceId)?.revoked_at).not.toBeNull()
    // The revocation's proof is for that action only.
    const third = await anotherDevice()
    expect(
      await errorOf(
        await reshare(first.cookie, {
          deviceShares: [{ deviceId: first.deviceId, nextShare: 'Zmlyc3Q' }],
          revokeDeviceId: third.deviceId,
          proof: await prove(first.cookie, 'newRecoveryCode'),
        }),
      ),
    ).toEqual(proofInvalid)
  })

  test('error: a re-split the database refuses half-way revokes nothing, replaces nothing and spends no proof', async () => {
    const first = await adaWithWallet()
    const lost = await anotherDevice()
    const before = await kept()
    const refuse =
      storage.dialect === 'postgres'
        ? [
            sql`create function refuse_wallet() returns trigger language plpgsql as $$ begin if new.auth_share <> old.auth_share then raise exception 'refused'; end if; return new; end $$`,
            sql`create trigger refuse_wallet before update on embedded_wallets for each row execute function refuse_wallet()`,
          ]
        : [
            sql`create trigger refuse_wallet before update of auth_share on embedded_wallets begin select raise(abort, 'refused'); end`,
          ]
    const allow =
      storage.dialect === 'postgres'
        ? [sql`drop trigger refuse_wallet on embedded_wallets`, sql`drop function refuse_wallet()`]
        : [sql`drop trigger refuse_wallet`]
    const proof = await prove(first.cookie, 'revokeDevice')
    for (const statement of refuse) await statement.execute(storage.db)
    try {
      expect(
        (await reshare(first.cookie, { deviceShares: [], revokeDeviceId: lost.deviceId, proof }))
          .status,
      ).toBe(500)
    } finally {
      for (const statement of allow) await statement.execute(storage.db)
    }
    expect(await kept()).toEqual(before)
    // The same proof works now: it was not spent.
    expect(
      (await reshare(first.cookie, { deviceShares: [], revokeDeviceId: lost.deviceId, proof }))
        .status,
    ).toBe(200)
  })

  test('error: a pending wallet is not re-split', async () => {
    const cookie = await signedIn()
    await post(
      walletPath,
      { hostOrigin: site, ...wallet, deviceLabel: 'Firefox' },
      { Cookie: cookie },
    )
    expect(
      await errorOf(await reshare(cookie, { deviceShares: [], proof: await prove(cookie) })),
    ).toMatchObject({ status: 409, code: 'embeddedWalletPending' })
  })

  test('security: the keys’ export needs a proof of the wallet for that action', async () => {
    const first = await adaWithWallet()
    const exportWith = (proof: object) =>
      post(`${walletPath}/key-exports`, { hostOrigin: site, proof }, { Cookie: first.cookie })
    expect(await errorOf(await exportWith(await prove(first.cookie)))).toEqual(proofInvalid)
    const allowed = await exportWith(await prove(first.cookie, 'exportKey'))
    expect(allowed.status).toBe(201)
    expect(await allowed.json()).toEqual({ exportedAt: new Date(clock).toISOString() })
  })
})
