// The email wallet once it exists (issue 18): no script of the host page finds its key material
// anywhere it can reach; a wallet whose shares no longer make it says 'Embedded Wallet Load
// Failed'; its email changes with a code to each address; it sits among the visitor's other
// connections and switches with them. Its key's lifecycle (issue 33): a new recovery code, a
// device removed, the keys exported inside the frame only.

import type { Browser, Page } from '@playwright/test'
import { getBase58Decoder } from '@solana/kit'
import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { toBase64url } from '../apps/modal/src/embeddedWallet/base64url'
import { openRecoveryShare } from '../apps/modal/src/embeddedWallet/recoveryShare'
import {
  deriveWalletAccounts,
  walletMnemonic,
} from '../apps/modal/src/embeddedWallet/walletAccounts'
import {
  combineShares,
  decodeShare,
  encodeShare,
} from '../apps/modal/src/embeddedWallet/walletSecret'
import { onDatabase } from './support/database'
import {
  answerApproval,
  askForCode,
  codesMailedTo,
  enterCode,
  freshEmail,
  keepRecoveryCode,
  nextCode,
  openSite,
  shownRecoveryCode,
  signUpByEmail,
  typeRecoveryGroups,
} from './support/email'
import { hostReachable, recordHostMessages } from './support/hostReach'
import { recordHttpErrors } from './support/httpErrors'
import { expectOpen, modal, waitForAddress, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { expect, storageModes, test } from './support/test'
import { installTestWallet } from './support/testWallet'

/** The modal's frame of `page`: what only the modal's origin can do, for the test to look. */
const modalFrame = (page: Page) => {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(origins.modal))
  if (!frame) throw new Error('The modal frame is not there.')
  return frame
}

for (const mode of storageModes)
  test(`security: storage ${mode}: no host script finds the key, the phrase, a share or the recovery code anywhere it can reach`, async ({
    openStorageContext,
  }) => {
    const context = await openStorageContext(mode)
    const page = context.pages()[0] ?? (await context.newPage())
    // Everything the host window is told, on the window and on the bridge's message ports, recorded
    // from the start and kept across the reload; bytes as hex and base64url, so that key bytes sent
    // as bytes would be found too.
    await recordHostMessages(context)
    await openSite(page)
    const { recoveryCode, address } = await signUpByEmail(page, freshEmail())
    // The wallet in use: a signature through ApproveTransaction, a reload that opens it again.
    const signing = page.evaluate(
      (account) =>
        window.airlock!.provider.request({ method: 'personal_sign', params: ['0x6869', account] }),
      address,
    )
    await answerApproval(page, 'message', 'Approve')
    await signing
    await page.reload()
    await waitForAirlock(page)
    await waitForAddress(page, address)

    // The test learns the key material the way only the visitor can: their session (in the modal's
    // frame) and their recovery code.
    const wallet = (await modalFrame(page).evaluate(
      async (hostOrigin) =>
        (
          await fetch(
            `/v1/projects/demo/embedded-wallet?hostOrigin=${encodeURIComponent(hostOrigin)}`,
          )
        ).json(),
      origins.fixtures,
    )) as { authShare: string; recoveryShare: string }
    const recoveryShare = await openRecoveryShare(wallet.recoveryShare, recoveryCode)
    const secret = await combineShares(recoveryShare, decodeShare(wallet.authShare))
    const mnemonic = walletMnemonic(secret)
    const { evm, solana } = deriveWalletAccounts(secret)
    expect(evm.address).toBe(address)
    const needles = [
      evm.privateKey.slice(2).toLowerCase(),
      bytesToHex(solana.secretKey.subarray(0, 32)).slice(2),
      toBase64url(solana.secretKey.subarray(0, 32)),
      bytesToHex(secret).slice(2),
      toBase64url(secret),
      mnemonic.split(' ').slice(0, 6).join(' '),
      wallet.authShare,
      encodeShare(recoveryShare),
      recoveryCode,
      recoveryCode.replaceAll('-', ''),
    ]

    // Everything a host script reaches: its storage, cookies, databases, caches, the SDK's state,
    // what it was sent; not the frame's document.
    const reachable = await hostReachable(page)
    expect(reachable.messages).toBeGreaterThan(10)
    // What the frame keeps: on the host, sealed, where the browser denies the frame storage of its
    // own; else nothing on the host, and the device share in the frame's storage sealed too.
    const kept = reachable.localStorage.filter((entry) => entry.startsWith('airlock:v1:'))
    const inFrame = await modalFrame(page).evaluate(() => {
      try {
        return JSON.stringify({ ...localStorage })
      } catch {
        return undefined
      }
    })
    if (mode === 'denied') {
      expect(inFrame).toBeUndefined()
      expect(kept.length).toBeGreaterThan(0)
      for (const entry of kept) expect(entry.split('=')[1]).toMatch(/^airlock-sealed:1:/)
    } else {
      expect(kept).toEqual([])
      expect(inFrame).toContain(':embeddedWalletShares')
    }
    const haystack = `${reachable.text}${inFrame ?? ''}`.toLowerCase()
    for (const needle of needles) expect(haystack).not.toContain(needle.toLowerCase())
  })

test("error: a wallet whose kept share no longer opens shows 'Embedded Wallet Load Failed'", async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  await signUpByEmail(page, email)
  // Someone changed the auth share where the API keeps it.
  onDatabase(
    "UPDATE embedded_wallets SET auth_share = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' WHERE email = ?",
    email,
  )
  await page.reload()
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).dialog.getByRole('alert')).toContainText('Embedded Wallet Load Failed')
  expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
})

test('behavior: the email changes with a code to each address, and the wallet follows it', async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  const { address } = await signUpByEmail(page, email)
  const next = freshEmail()
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Update email' }).click()
  await expectOpen(page, 'Update Email')
  await dialog.getByLabel('New email').fill(email)
  await dialog.getByRole('button', { name: 'Send codes' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('This is already your email.')
  await dialog.getByLabel('New email').fill(next)
  const known = { current: (await codesMailedTo(email)).length, next: 0 }
  await dialog.getByRole('button', { name: 'Send codes' }).click()
  const currentCode = await nextCode(email, known.current)
  const newCode = await nextCode(next, known.next)
  // A wrong code is named by its address, with its tries left; a typo is no HTTP error.
  const httpErrors = recordHttpErrors(page)
  await dialog
    .getByLabel(`Code sent to ${email}`)
    .fill(currentCode === '000000' ? '111111' : '000000')
  await dialog.getByLabel(`Code sent to ${next}`).fill(newCode)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    `The code sent to ${email} is not right: 4 tries left.`,
  )
  expect(httpErrors).toEqual([])
  await dialog.getByLabel(`Code sent to ${email}`).fill(currentCode)
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expectOpen(page, 'Account')
  await expect(dialog.locator(`[data-email="${next}"]`)).toBeVisible()
  // The same wallet under the new address, after a reload too.
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
  await page.evaluate(() => window.airlock!.open())
  await expect(dialog.locator(`[data-email="${next}"]`)).toBeVisible()
})

test('behavior: the email wallet is one of the visitor’s connections and switches with them', async ({
  page,
  connectWallet,
}) => {
  const alpha = await installTestWallet(page, { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' })
  await openSite(page, { projectId: 'multiwallet', networks: ['eip155:31337'] })
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Wallets' }).click()
  await dialog
    .getByRole('list', { name: 'Add a wallet' })
    .getByRole('button', { name: 'Continue with email' })
    .click()
  const email = freshEmail()
  await dialog.getByLabel('Email').fill(email)
  const known = (await codesMailedTo(email)).length
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByLabel('Code').fill(await nextCode(email, known))
  await keepRecoveryCode(page)
  // Back on ProfileWallets, the email wallet connected and the browser wallet still there.
  await expectOpen(page, 'Wallets')
  const connections = dialog.getByRole('list', { name: 'Connections' }).getByRole('button')
  const emailWallet = connections.filter({ hasText: email })
  await expect(emailWallet).toHaveAttribute('data-connection-status', 'connected')
  const emailAddress = await page.evaluate(() => window.airlock!.getState().address)
  await connections.filter({ hasText: 'Alpha Wallet' }).click()
  await waitForAddress(page, alpha.address)
  await expect(emailWallet).toHaveAttribute('data-connection-status', 'active')
  await emailWallet.click()
  await waitForAddress(page, emailAddress)
  expect(await page.evaluate(() => window.airlock!.getState().connectorId)).toBe('email')
})

test("error: the email wallet's views say 'Not connected to email or social' to anyone else", async ({
  page,
}) => {
  await openSite(page)
  for (const [view, title] of [
    ['UpdateEmailWallet', 'Update Email'],
    ['WalletDevices', 'Devices'],
  ] as const) {
    await page.evaluate((name) => window.airlock!.open({ view: name }), view)
    await expectOpen(page, title)
    await expect(modal(page).dialog.getByRole('alert')).toHaveText(
      'Not connected to email or social',
    )
    await page.evaluate(() => window.airlock!.close())
  }
})

// The key's lifecycle (issue 33, point 5): a new recovery code, a device removed (each a new
// split of the same secret: the addresses stay), the keys exported only inside the frame.

/** The wallet as the API gives it to the page's session (read inside the modal's frame). */
const apiWallet = async (page: Page) =>
  (await modalFrame(page).evaluate(
    async (hostOrigin) =>
      (
        await fetch(
          `/v1/projects/demo/embedded-wallet?hostOrigin=${encodeURIComponent(hostOrigin)}`,
        )
      ).json(),
    origins.fixtures,
  )) as { authShare: string; recoveryShare: string; evmAddress: string }

/** A new browser signs `email` in and restores the wallet with `recoveryCode`. */
async function restoredElsewhere(browser: Browser, email: string, recoveryCode: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await openSite(page)
  await enterCode(page, await askForCode(page, email))
  const { dialog } = modal(page)
  await expect(dialog).toContainText('This device does not have your wallet yet.')
  await dialog.getByLabel('Recovery code').fill(recoveryCode)
  await dialog.getByRole('button', { name: 'Restore wallet' }).click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  return { context, page }
}

/** Opens the Account view of `page` and pushes the email wallet's view named `button`. */
async function openAccountView(page: Page, button: string, title: string) {
  await page.evaluate(() => window.airlock!.open())
  await modal(page).dialog.getByRole('button', { name: button }).click()
  await expectOpen(page, title)
}

test('behavior: a new recovery code: the old one no longer restores the wallet, nor makes the key with what the API keeps; the new one does; the other browser keeps opening it', async ({
  page,
  browser,
}) => {
  // Three browsers sign up, restore and restore again: past the 30 s default on this machine.
  test.setTimeout(90_000)
  await openSite(page)
  const email = freshEmail()
  const { recoveryCode: oldCode, address } = await signUpByEmail(page, email)
  const other = await restoredElsewhere(browser, email, oldCode)
  const before = await apiWallet(page)
  const oldRecoveryShare = await openRecoveryShare(before.recoveryShare, oldCode)

  await openAccountView(page, 'Recovery code', 'Recovery Code')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Make a new recovery code' }).click()
  const newCode = await shownRecoveryCode(page)
  expect(newCode).not.toBe(oldCode)
  await dialog.getByRole('button', { name: 'I saved my recovery code' }).click()
  await typeRecoveryGroups(page, newCode)
  await dialog.getByRole('button', { name: 'Replace my recovery code' }).click()
  await expectOpen(page, 'Account')

  // What the API keeps now: the old code opens nothing, and the old recovery share (from a copy
  // taken before) makes no key with the new auth share; the new code does, the same addresses.
  const after = await apiWallet(page)
  await expect(openRecoveryShare(after.recoveryShare, oldCode)).rejects.toThrow(
    'This recovery code does not open the wallet',
  )
  await expect(combineShares(oldRecoveryShare, decodeShare(after.authShare))).rejects.toMatchObject(
    { reason: 'sharesDoNotMatch' },
  )
  const secret = await combineShares(
    await openRecoveryShare(after.recoveryShare, newCode),
    decodeShare(after.authShare),
  )
  expect(deriveWalletAccounts(secret).evm.address).toBe(address)

  // A third browser: the old code is refused in words, the new one restores the same wallet.
  const third = await browser.newContext()
  const thirdPage = await third.newPage()
  await openSite(thirdPage)
  await enterCode(thirdPage, await askForCode(thirdPage, email))
  const thirdDialog = modal(thirdPage).dialog
  await thirdDialog.getByLabel('Recovery code').fill(oldCode)
  await thirdDialog.getByRole('button', { name: 'Restore wallet' }).click()
  await expect(thirdDialog.getByRole('alert')).toHaveText(
    'This recovery code does not open your wallet. Check it and try again.',
  )
  await thirdDialog.getByLabel('Recovery code').fill(newCode)
  await thirdDialog.getByRole('button', { name: 'Restore wallet' }).click()
  await thirdPage.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await thirdPage.evaluate(() => window.airlock!.getState().address)).toBe(address)
  await third.close()

  // The browser restored with the old code took its share of the new split: it opens with no
  // prompt after a reload, and this one too.
  await other.page.reload()
  await waitForAirlock(other.page)
  await waitForAddress(other.page, address)
  await other.context.close()
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
})

test('security: removing a device splits the wallet again: the removed browser’s share makes no key with what the API keeps; the other browsers keep opening it', async ({
  page,
  browser,
}) => {
  // Three browsers sign up, restore and remove one: past the 30 s default on this machine.
  test.setTimeout(90_000)
  await openSite(page)
  const email = freshEmail()
  const { recoveryCode, address } = await signUpByEmail(page, email)
  // Two browsers restored with the code: each keeps the recovery share as its own share.
  const lost = await restoredElsewhere(browser, email, recoveryCode)
  const kept = await restoredElsewhere(browser, email, recoveryCode)
  const lostShare = await openRecoveryShare((await apiWallet(page)).recoveryShare, recoveryCode)

  await openAccountView(page, 'Devices', 'Devices')
  const { dialog } = modal(page)
  const devices = dialog.locator('[data-device-id]')
  await expect(devices).toHaveCount(3)
  // The newest but one is the lost browser's (newest first: kept, lost, this one).
  const lostDevice = devices.nth(1)
  await lostDevice.getByRole('button', { name: 'Remove' }).click()
  await lostDevice.getByRole('button', { name: 'Remove for good' }).click()
  await expect(lostDevice).toContainText('Removed')

  // The lost browser's share and the API's auth share make no key; the code still restores it.
  const after = await apiWallet(page)
  await expect(combineShares(lostShare, decodeShare(after.authShare))).rejects.toMatchObject({
    reason: 'sharesDoNotMatch',
  })
  const secret = await combineShares(
    await openRecoveryShare(after.recoveryShare, recoveryCode),
    decodeShare(after.authShare),
  )
  expect(deriveWalletAccounts(secret).evm.address).toBe(address)

  // The removed browser is signed out and asked for the code; the other one opens as before.
  await lost.page.reload()
  await waitForAirlock(lost.page)
  expect(await lost.page.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
  await lost.context.close()
  await kept.page.reload()
  await waitForAirlock(kept.page)
  await waitForAddress(kept.page, address)
  await kept.context.close()
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
})

test('security: the keys are shown only inside the frame, after asking twice and a proof of the wallet; a site cannot open that view, and nothing of them reaches the host', async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  const { recoveryCode, address } = await signUpByEmail(page, email)
  const refused = await page.evaluate(() =>
    window
      .airlock!.open({ view: 'WalletExportKey' })
      .then(() => 'opened')
      .catch((error: Error) => error.message),
  )
  expect(refused).toContain("The WalletExportKey view opens only from the modal's Account view.")

  const exports = page.waitForResponse(
    (response) =>
      response.url().includes('/embedded-wallet/key-exports') && response.status() === 201,
  )
  await openAccountView(page, 'Export keys', 'Export Keys')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Show my private keys' }).click()
  await expect(dialog.locator('[data-exported-key]')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'I understand: show them' }).click()
  await exports
  const evmKey = (await dialog.locator('[data-exported-key="evm"]').textContent()) as string
  const solanaKey = (await dialog.locator('[data-exported-key="solana"]').textContent()) as string

  const wallet = await apiWallet(page)
  const secret = await combineShares(
    await openRecoveryShare(wallet.recoveryShare, recoveryCode),
    decodeShare(wallet.authShare),
  )
  const accounts = deriveWalletAccounts(secret)
  expect(evmKey).toBe(accounts.evm.privateKey)
  expect(privateKeyToAccount(evmKey as Hex).address).toBe(address)
  expect(solanaKey).toBe(getBase58Decoder().decode(accounts.solana.secretKey))

  // The host's document, storage and state hold none of it.
  const reachable = await page.evaluate(() =>
    JSON.stringify({
      html: document.documentElement.outerHTML,
      local: { ...localStorage },
      session: { ...sessionStorage },
      state: window.airlock!.getState(),
    }),
  )
  expect(reachable).not.toContain(evmKey.slice(2))
  expect(reachable).not.toContain(solanaKey)
  await dialog.getByRole('button', { name: 'Hide' }).click()
  await expect(dialog.locator('[data-exported-key]')).toHaveCount(0)
})
