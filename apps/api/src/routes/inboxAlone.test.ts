// What an inbox alone can and cannot do to an embedded wallet (issue 33, point 3), over HTTP on
// SQLite and Postgres: someone who signs in with the visitor's email (a session, no device share,
// no recovery code, so no wallet key) changes no email and adds no device; with the wallet's proof
// the visitor does both, and the wallet's address is told by mail each time (the dev mail server
// catches it). Re-splitting, removing a device and exporting the keys need the same proof
// (embeddedWalletShares.test.ts), and so does unlinking a way in (linkedAccounts.test.ts, where
// the social sign-ins that link one run).
import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import { testDatabases } from '../../test/databases'
import { proveWallet } from '../../test/walletProof'
import {
  errorOf,
  madeUpProof,
  proofInvalid,
  site,
  testWallet,
  useDevMail,
  useWalletRoutes,
} from '../../test/walletRoutes'

const devMail = useDevMail()

describe.each(testDatabases())('an inbox alone on $name', (database) => {
  let ada: string
  beforeEach(() => {
    ada = `ada-${randomUUID().slice(0, 8)}@example.com`
  })
  const routes = useWalletRoutes(database, devMail, { walletNotices: true })
  const { post } = routes
  const signedIn = (email = ada) => routes.signIn(email)
  const mailsTo = (email: string) =>
    devMail()
      .messages()
      .filter((mail) => mail.to.includes(email))
  const lastCodeTo = (email: string) =>
    /\b(\d{6})\b/.exec(mailsTo(email).at(-1)?.subject ?? '')?.[1] ?? ''
  /** Ada's wallet, made and confirmed on her device: that device's session. */
  async function adaWithWallet(): Promise<string> {
    const cookie = await signedIn()
    await routes.makeWallet(cookie)
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

  test('security: an inbox alone does not move a wallet’s email: without a proof, with a made-up one or another action’s, no code is mailed and nothing is kept', async () => {
    await adaWithWallet()
    const inbox = await signedIn()
    const eve = `eve-${randomUUID().slice(0, 8)}@evil.example`
    for (const proof of [undefined, madeUpProof, await prove(inbox, 'exportKey')])
      expect(await errorOf(await askChange(inbox, eve, proof))).toEqual(proofInvalid)
    expect(await routes.storage.db.selectFrom('email_changes').selectAll().execute()).toEqual([])
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
    const before = await routes.storage.db
      .selectFrom('embedded_wallet_devices')
      .selectAll()
      .execute()
    const mailsBefore = mailsTo(ada).length
    expect(await errorOf(await addDevice(inbox, madeUpProof, 'Evil laptop'))).toEqual(proofInvalid)
    expect(await errorOf(await addDevice(inbox, await prove(inbox, 'changeEmail')))).toEqual(
      proofInvalid,
    )
    expect(
      await routes.storage.db.selectFrom('embedded_wallet_devices').selectAll().execute(),
    ).toEqual(before)
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
      { hostOrigin: site, ...testWallet, deviceLabel: 'Firefox on Linux' },
      { Cookie: cookie },
    )
    expect((await askChange(cookie, `ada-${randomUUID().slice(0, 8)}@new.example`)).status).toBe(
      202,
    )
  })
})
