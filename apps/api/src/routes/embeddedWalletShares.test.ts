// Re-splitting an embedded wallet over HTTP, on SQLite and Postgres (issue 33, point 5): devices'
// transport keys signed by the wallet's key; a re-split (a new recovery code, or a device revoked)
// only with a proof of the wallet, from a session on a live device, naming exactly the devices
// that get a share, in one transaction; each device's new share handed to it alone; the keys'
// export only with a proof. The database is read after every refusal: nothing half-written.
import { randomBytes } from 'node:crypto'
import { transportKeyMessage } from '@airlock/protocol'
import { sql } from 'kysely'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { testDatabases } from '../../test/databases'
import { proveWallet, testWalletAccount } from '../../test/walletProof'
import {
  errorOf,
  otherKey,
  otherShares,
  own,
  proofInvalid,
  site,
  testWallet,
  useDevMail,
  useWalletRoutes,
  walletPath,
} from '../../test/walletRoutes'

const newShares = otherShares
type Device = { cookie: string; deviceId: string }

const devMail = useDevMail()

describe.each(testDatabases())('re-splitting a wallet on $name', (database) => {
  const routes = useWalletRoutes(database, devMail)
  const { send, post, signIn } = routes
  /** Ada's wallet, made and confirmed on a first device. */
  async function adaWithWallet(): Promise<Device> {
    const cookie = await signIn()
    return { cookie, deviceId: await routes.makeWallet(cookie) }
  }
  /** Another device that restored the wallet with the recovery code. */
  async function anotherDevice(label = 'Safari on iOS'): Promise<Device> {
    const cookie = await signIn()
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
      await routes.app.request(
        `${own}${walletPath}?hostOrigin=${encodeURIComponent(site)}&deviceId=${deviceId}`,
        {
          headers: { Cookie: cookie },
        },
      )
    ).json()) as { authShare: string; recoveryShare: string; device: { nextShare: string | null } }
  const { kept } = routes

  test('behavior: a device registers its transport key, signed by the wallet’s key; the wallet’s sessions see it in the list', async () => {
    const first = await adaWithWallet()
    const key = publicKey()
    const registered = await registerKey(first, key)
    expect(registered.status).toBe(200)
    expect(await registered.json()).toEqual({ deviceId: first.deviceId, publicKey: key })
    const listed = (await (
      await routes.app.request(`${own}${walletPath}/devices?hostOrigin=${site}`, {
        headers: { Cookie: await signIn() },
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
      await errorOf(await registerKey(first, publicKey(), privateKeyToAccount(otherKey))),
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
    expect(await reshared.json()).toEqual({ resharedAt: new Date(routes.clock).toISOString() })
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
        signature: await privateKeyToAccount(otherKey).signMessage({ message: 'x' }),
      },
      await prove(other.cookie),
      await prove(first.cookie, 'exportKey'),
    ]
    for (const proof of attempts)
      expect(await errorOf(await reshare(first.cookie, { deviceShares: [], proof }))).toEqual(
        proofInvalid,
      )
    const late = await prove(first.cookie)
    routes.clock += 5 * 60_000
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
    const inbox = await signIn()
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
    const at = new Date(routes.clock).toISOString()
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
      routes.storage.dialect === 'postgres'
        ? [
            sql`create function refuse_wallet() returns trigger language plpgsql as $$ begin if new.auth_share <> old.auth_share then raise exception 'refused'; end if; return new; end $$`,
            sql`create trigger refuse_wallet before update on embedded_wallets for each row execute function refuse_wallet()`,
          ]
        : [
            sql`create trigger refuse_wallet before update of auth_share on embedded_wallets begin select raise(abort, 'refused'); end`,
          ]
    const allow =
      routes.storage.dialect === 'postgres'
        ? [sql`drop trigger refuse_wallet on embedded_wallets`, sql`drop function refuse_wallet()`]
        : [sql`drop trigger refuse_wallet`]
    const proof = await prove(first.cookie, 'revokeDevice')
    for (const statement of refuse) await statement.execute(routes.storage.db)
    try {
      expect(
        (await reshare(first.cookie, { deviceShares: [], revokeDeviceId: lost.deviceId, proof }))
          .status,
      ).toBe(500)
    } finally {
      for (const statement of allow) await statement.execute(routes.storage.db)
    }
    expect(await kept()).toEqual(before)
    // The same proof works now: it was not spent.
    expect(
      (await reshare(first.cookie, { deviceShares: [], revokeDeviceId: lost.deviceId, proof }))
        .status,
    ).toBe(200)
  })

  test('error: a pending wallet is not re-split', async () => {
    const cookie = await signIn()
    await post(
      walletPath,
      { hostOrigin: site, ...testWallet, deviceLabel: 'Firefox' },
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
    expect(await allowed.json()).toEqual({ exportedAt: new Date(routes.clock).toISOString() })
  })
})
