// Journey: a visitor signs in with Farcaster (issue 19, spec §4 "Farcaster"). ConnectingFarcaster
// shows the relay's sign-in URL as a QR code and a link; the visitor's Farcaster app (the dev
// relay's page, or a fresh account's app in the test) signs a real SIWF message; the API verifies
// it against the Farcaster registries on anvil and the wallet is the embedded wallet of email
// login. Going back forgets the URL; a signer who does not own the fid is refused in words. Signed
// in already (issue 33), a new Farcaster account joins the wallet only after the visitor's yes in
// the modal: Cancel links nothing (read back from the API's database), Link lists it in Linked
// accounts.

import { fromDatabase } from './support/database'
import {
  freshEmail,
  keepRecoveryCode,
  openModalOnSite,
  openSite,
  shownRecoveryCode,
  signUpByEmail,
} from './support/email'
import { approveAs, approveAsNewAccount, farcasterLink } from './support/farcaster'
import { expectOpen, modal, waitForAddress, waitForAirlock } from './support/modal'
import { ports } from './support/ports'
import { expect, test } from './support/test'

const state = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.airlock!.getState())

/** Opens ConnectingFarcaster from Connect: Farcaster is in the row of marks (the spec's order). */
async function chooseFarcaster(page: import('@playwright/test').Page) {
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Farcaster', exact: true }).click()
  await expectOpen(page, 'Farcaster')
}

test('behavior: the Farcaster app signs in from the QR link; the wallet is made; the account shows the handle; a reload keeps it', async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  await chooseFarcaster(page)
  const { dialog } = modal(page)
  await expect(dialog.getByRole('img', { name: 'Sign In With Farcaster QR code' })).toBeVisible()
  const url = await farcasterLink(page)
  expect(new URL(url).origin).toBe(`http://127.0.0.1:${ports.farcaster}`)

  // The visitor scans the code: their phone opens the link, and its app signs in as alice.
  const phone = await context.newPage()
  await approveAs(phone, url, 'alice')
  await shownRecoveryCode(page)
  await keepRecoveryCode(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  const { address, connectorId } = await state(page)
  expect(connectorId).toBe('farcaster')

  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(dialog.locator('[data-social-login="farcaster"]')).toHaveText('Farcaster · alice')

  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
})

test('behavior: going back forgets the sign-in URL; coming back shows a new one, which signs in', async ({
  page,
}) => {
  await openModalOnSite(page)
  await chooseFarcaster(page)
  const first = await farcasterLink(page)
  await modal(page).dialog.getByRole('button', { name: 'Back' }).click()
  await expectOpen(page, 'Connect Wallet')
  await chooseFarcaster(page)
  const second = await farcasterLink(page)
  expect(new URL(second).searchParams.get('channelToken')).not.toBe(
    new URL(first).searchParams.get('channelToken'),
  )
  // The first channel's sign-in would be for a view that is gone: only the new one counts.
  await approveAsNewAccount(second)
  await expect(modal(page).dialog.locator('[data-recovery-code]')).toBeVisible({
    timeout: 15_000,
  })
})

test("error: a signer who does not own the fid says 'Failed to connect to farcaster' and why; Try again gives a new link", async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  await chooseFarcaster(page)
  const url = await farcasterLink(page)
  // mallory claims alice's fid with a key that owns none.
  await approveAs(await context.newPage(), url, 'mallory')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('alert')).toHaveText('Failed to connect to farcaster')
  await expect(dialog.getByText(/This Farcaster sign-in does not verify/)).toBeVisible()
  expect((await state(page)).status).toBe('disconnected')

  await dialog.getByRole('button', { name: 'Try again' }).click()
  const retried = await farcasterLink(page)
  expect(retried).not.toBe(url)
})

test('behavior: signed in by email, a Farcaster account is linked only after the visitor says yes in the modal; Cancel links nothing', async ({
  page,
}) => {
  await openSite(page)
  const email = freshEmail()
  await signUpByEmail(page, email)
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Linked accounts' }).click()
  await expectOpen(page, 'Linked accounts')
  const linkFarcaster = async () => {
    await dialog.getByRole('button', { name: 'Farcaster', exact: true }).click()
    await expectOpen(page, 'Farcaster')
    return approveAsNewAccount(await farcasterLink(page))
  }
  const linkedTo = (fid: number) =>
    fromDatabase<{ login: string }>(
      "select login from social_identities where provider = 'farcaster' and subject = ?",
      String(fid),
    )
  const question = dialog.locator('[data-link-question="farcaster"]')

  // The visitor's app signs, and the modal asks; the visitor says no.
  const first = await linkFarcaster()
  await expect(question).toContainText(`Link Farcaster · ${first.username} to this wallet?`, {
    timeout: 15_000,
  })
  await expect(question).toContainText(`opens the wallet of ${email}`)
  expect(linkedTo(first.fid)).toEqual([])
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expectOpen(page, 'Linked accounts')
  expect(linkedTo(first.fid)).toEqual([])

  // Then yes: linked, and listed.
  const second = await linkFarcaster()
  await question.getByRole('button', { name: 'Link account' }).click({ timeout: 15_000 })
  await expectOpen(page, 'Linked accounts')
  const ways = dialog.getByRole('list', { name: 'Ways in' }).getByRole('listitem')
  await expect(ways).toHaveCount(2)
  await expect(ways.nth(1)).toContainText(`Farcaster · ${second.username}`)
  expect(linkedTo(second.fid)).toEqual([{ login: email }])
  expect(linkedTo(first.fid)).toEqual([])
  expect((await state(page)).status).toBe('connected')
})
