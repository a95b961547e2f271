// A wallet's birth in two phases over HTTP, on SQLite and Postgres (issue 33, point 4): kept
// pending, confirmed only by the session on its first device, started over by a session of its
// email while pending — at each fault the frame can meet (the answer lost after the API
// committed, the device share never stored, the tab closed before confirmation) the visitor can
// finish or start over, and the database shows nothing half-written.
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '../../test/databases'
import {
  errorOf,
  madeUpProof,
  otherShares,
  own,
  site,
  testWallet,
  useDevMail,
  useWalletRoutes,
  walletPath,
} from '../../test/walletRoutes'

const first = testWallet
/** The wallet a start over makes: another secret, so other addresses and shares. */
const second = {
  evmAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  solanaAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  ...otherShares,
}
type DeviceKey = { deviceId: string; deviceKey: string }

const devMail = useDevMail()

describe.each(testDatabases())('a wallet’s birth on $name', (database) => {
  const routes = useWalletRoutes(database, devMail)
  const { send, post, signIn } = routes
  const body = (wallet: object, deviceLabel = 'Firefox on Linux') => ({
    hostOrigin: site,
    ...wallet,
    deviceLabel,
  })
  const keep = (cookie: string, wallet: object = first) =>
    post(walletPath, body(wallet), { Cookie: cookie })
  const startOver = (
    cookie: string,
    wallet: object = second,
    headers: Record<string, string> = {},
  ) => send('PUT', walletPath, body(wallet, 'Chrome on macOS'), { Cookie: cookie, ...headers })
  const confirm = (cookie: string, headers: Record<string, string> = {}) =>
    post(`${walletPath}/confirmation`, { hostOrigin: site }, { Cookie: cookie, ...headers })
  const read = async (cookie: string, deviceId?: string) =>
    routes.app.request(
      `${own}${walletPath}?hostOrigin=${encodeURIComponent(site)}${
        deviceId === undefined ? '' : `&deviceId=${deviceId}`
      }`,
      { headers: { Cookie: cookie } },
    )
  /** A device joining by recovery, with a proof of the right form (a pending wallet takes none). */
  const addDevice = (cookie: string) =>
    post(
      `${walletPath}/devices`,
      {
        hostOrigin: site,
        label: 'Safari on iOS',
        proof: madeUpProof,
      },
      { Cookie: cookie },
    )
  const deviceOf = async (response: Response) =>
    ((await response.json()) as { device: DeviceKey }).device
  const { kept } = routes
  const pending = {
    status: 409,
    code: 'embeddedWalletPending',
    message:
      'This wallet is not confirmed yet: finish making it on the device that made it, or start over.',
  }

  test('behavior: a wallet is kept pending; the session on its first device confirms it, once and for good', async () => {
    const cookie = await signIn()
    const made = await keep(cookie)
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({ ...first, confirmedAt: null })
    expect((await kept()).wallets).toEqual([expect.objectContaining({ confirmed_at: null })])
    expect(await (await read(cookie)).json()).toMatchObject({
      confirmedAt: null,
    })

    routes.clock += 60_000
    const confirmedAt = new Date(routes.clock).toISOString()
    const confirmed = await confirm(cookie)
    expect(confirmed.status).toBe(200)
    expect(confirmed.headers.get('cache-control')).toBe('no-store')
    expect(await confirmed.json()).toEqual({ confirmedAt })
    const [row] = (await kept()).wallets
    expect(new Date(row?.confirmed_at ?? '').toISOString()).toBe(confirmedAt)
    expect(await (await read(cookie)).json()).toMatchObject({ confirmedAt })

    // Again: when it was; a confirmed wallet is not started over.
    routes.clock += 1000
    expect(await (await confirm(cookie)).json()).toEqual({ confirmedAt })
    const before = await kept()
    expect(await errorOf(await startOver(cookie))).toEqual({
      status: 409,
      code: 'embeddedWalletExists',
      message: 'This email already has a wallet here: restore it instead of making another.',
    })
    expect(await kept()).toEqual(before)
  })

  test('behavior: the answer lost after the API kept the wallet: the frame, with no device key, starts it over and finishes it; nothing of the first is left', async () => {
    const cookie = await signIn()
    // The API committed; the frame never read the answer, so it holds no device key and no share.
    const lost = await deviceOf(await keep(cookie))
    expect(await (await read(cookie)).json()).toMatchObject({
      ...first,
      confirmedAt: null,
    })

    const again = await startOver(cookie)
    expect(again.status).toBe(201)
    const device = await deviceOf(again)
    expect(device.deviceId).not.toBe(lost.deviceId)
    const after = await kept()
    expect(after.wallets).toEqual([
      expect.objectContaining({
        evm_address: second.evmAddress,
        solana_address: second.solanaAddress,
        recovery_share: second.recoveryShare,
        confirmed_at: null,
      }),
    ])
    expect(after.devices).toEqual([
      expect.objectContaining({ device_id: device.deviceId, label: 'Chrome on macOS' }),
    ])
    expect(after.sessions).toEqual([expect.objectContaining({ device_id: device.deviceId })])
    // The new auth share, sealed for its owner; the lost device's key is gone.
    expect(await (await read(cookie, device.deviceId)).json()).toMatchObject({
      ...second,
      device,
    })
    expect(await errorOf(await read(cookie, lost.deviceId))).toMatchObject({
      status: 404,
      code: 'embeddedWalletDeviceNotFound',
    })

    expect((await confirm(cookie)).status).toBe(200)
    expect((await kept()).wallets).toEqual([
      expect.objectContaining({ evm_address: second.evmAddress, confirmed_at: expect.anything() }),
    ])
  })

  test('behavior: the tab closed before confirmation: a sign-in elsewhere starts the wallet over; the first tab’s session, on no device now, can no longer confirm the old one', async () => {
    const firstTab = await signIn()
    const firstDevice = await deviceOf(await keep(firstTab))
    const elsewhere = await signIn()
    // Not on the wallet's device: it may not confirm what it did not see made.
    expect(await errorOf(await confirm(elsewhere))).toEqual(pending)

    const device = await deviceOf(await startOver(elsewhere))
    const after = await kept()
    expect(after.devices.map((row) => row.device_id)).toEqual([device.deviceId])
    expect(after.sessions.map((row) => row.device_id).sort()).toEqual(
      [device.deviceId, null].sort(),
    )
    expect(await errorOf(await confirm(firstTab))).toEqual(pending)
    expect(await errorOf(await read(firstTab, firstDevice.deviceId))).toMatchObject({
      code: 'embeddedWalletDeviceNotFound',
    })
    expect((await confirm(elsewhere)).status).toBe(200)
  })

  test('behavior: with no wallet yet, starting over keeps one, pending', async () => {
    const cookie = await signIn()
    const made = await startOver(cookie, first)
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({ ...first, confirmedAt: null })
    const { wallets, devices, sessions } = await kept()
    expect(wallets).toEqual([expect.objectContaining({ confirmed_at: null })])
    expect(sessions.map((row) => row.device_id)).toEqual(devices.map((row) => row.device_id))
  })

  test('error: a pending wallet takes no device by recovery, and is confirmed by no other session', async () => {
    const cookie = await signIn()
    await keep(cookie)
    const other = await signIn()
    const before = await kept()
    expect(await errorOf(await addDevice(other))).toEqual(pending)
    expect(await errorOf(await confirm(other))).toEqual(pending)
    expect(await kept()).toEqual(before)
    expect(await errorOf(await confirm(await signIn('eve@example.com')))).toMatchObject({
      status: 404,
      code: 'embeddedWalletNotFound',
    })
  })

  test('error: a start over the database refuses half-way leaves the pending wallet as it was', async () => {
    const cookie = await signIn()
    await keep(cookie)
    const before = await kept()
    const refuse =
      routes.storage.dialect === 'postgres'
        ? [
            sql`create function refuse_device() returns trigger language plpgsql as $$ begin raise exception 'device refused'; end $$`,
            sql`create trigger refuse_device before insert on embedded_wallet_devices for each row execute function refuse_device()`,
          ]
        : [
            sql`create trigger refuse_device before insert on embedded_wallet_devices begin select raise(abort, 'device refused'); end`,
          ]
    const allow =
      routes.storage.dialect === 'postgres'
        ? [
            sql`drop trigger refuse_device on embedded_wallet_devices`,
            sql`drop function refuse_device()`,
          ]
        : [sql`drop trigger refuse_device`]
    for (const statement of refuse) await statement.execute(routes.storage.db)
    try {
      expect((await startOver(cookie)).status).toBe(500)
    } finally {
      for (const statement of allow) await statement.execute(routes.storage.db)
    }
    expect(await kept()).toEqual(before)
    // And it can be started over now.
    expect((await startOver(cookie)).status).toBe(201)
  })

  test('security: starting over and confirming need the modal’s own pages and a session; a bad wallet is refused and nothing changes', async () => {
    const cookie = await signIn()
    await keep(cookie)
    const before = await kept()
    for (const origin of [site, 'null']) {
      expect(await errorOf(await startOver(cookie, second, { Origin: origin }))).toMatchObject({
        status: 403,
        code: 'crossOriginRequest',
      })
      expect(await errorOf(await confirm(cookie, { Origin: origin }))).toMatchObject({
        status: 403,
        code: 'crossOriginRequest',
      })
    }
    expect(await errorOf(await startOver(''))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(await errorOf(await confirm(''))).toMatchObject({
      status: 401,
      code: 'emailSessionInvalid',
    })
    expect(
      await errorOf(await startOver(cookie, { ...second, evmAddress: '0x123' })),
    ).toMatchObject({ status: 400, code: 'embeddedWalletInvalid' })
    expect(await kept()).toEqual(before)
  })
})
