// Journey: a visitor signs in with a social account (issue 19) in a 600x800 popup, against a real
// OpenID provider on loopback (one issuer per provider name); the wallet is the embedded wallet
// of email login. The result is taken only from the API's origin with the login's state; a popup
// closed early says 'Popup closed'; a wrong state is refused; socials off hides them. Linking
// (issue 33): only the browser that started a sign-in completes it (the review's attack: another
// visitor's authorization completed in this visitor's browser links nothing and signs no one
// in, read back from the API's database), and a social account joins a signed-in wallet only
// after the visitor's yes in the modal; Linked accounts lists and unlinks, the wallet's key
// signing for the unlink (issue 33, point 3: a proof of the wallet, spent by it).

import type { BrowserContext, Page } from '@playwright/test'
import { fromDatabase } from './support/database'
import {
  freshEmail,
  keepRecoveryCode,
  openModalOnSite,
  openSite,
  shownRecoveryCode,
  signUpByEmail,
} from './support/email'
import { expectOpen, modal, waitForAddress, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { clickSocial, freshSubject, signInAs, socialNames } from './support/social'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

const state = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.airlock!.getState())

test('behavior: Google in a popup gives a wallet; the account shows the provider and handle; a reload keeps it', async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  const { dialog } = modal(page)
  // The spec's order: the first as a row with its name, the rest as a row of their marks, named
  // for assistive tech and in a tooltip; nothing behind a "More".
  await expect
    .poll(() => socialNames(page))
    .toEqual(['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'])
  await expect(dialog.locator('[data-social="google"]')).toHaveText('Google')
  const others = dialog.getByRole('group', { name: 'Other ways to sign in' })
  await expect(others.getByRole('button')).toHaveCount(6)
  await expect(others.getByRole('button', { name: 'Discord' })).toHaveAttribute('title', 'Discord')
  await expect(dialog.getByRole('button', { name: 'More', exact: true })).toHaveCount(0)
  // Each with its provider's mark (its picture painted through a mask), not a letter; Google's
  // in its blue, X's in the text's colour.
  const mark = (provider: string) =>
    dialog.locator(`[data-social="${provider}"] [data-social-mark="${provider}"] > span`)
  await expect(mark('google')).toHaveCSS('mask-image', /^url\("data:image\/svg\+xml/)
  await expect(mark('google')).toHaveCSS('background-color', 'rgb(66, 133, 244)')
  const xButton = dialog.locator('[data-social="x"]')
  const textColour = await xButton.evaluate((button) => getComputedStyle(button).color)
  await expect(mark('x')).toHaveCSS('background-color', textColour)

  const subject = freshSubject()
  const { authorizations } = await signInAs(context, subject)
  const popup = await clickSocial(page, 'Google')
  expect(await popup.evaluate(() => [outerWidth, outerHeight])).toEqual([600, 800])
  await shownRecoveryCode(page)
  expect(popup.isClosed()).toBe(true)
  const authorization = authorizations[0] as URL
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorization.searchParams.get('state')).toMatch(/^[\w-]{43}$/)
  await keepRecoveryCode(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  const { address, connectorId } = await state(page)
  // The site learns how the visitor signed in, not the frame's name for its embedded wallet.
  expect(connectorId).toBe('google')

  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(dialog.locator('[data-social-login="google"]')).toHaveText(`Google · ${subject}`)
  await expect(dialog.getByRole('button', { name: 'Update email' })).toHaveCount(0)

  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
})

test('behavior: while the Google window is open the modal waits with its mark, brings the window back, and Cancel closes it and goes back, saying nothing went wrong', async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  const held = await signInAs(context, freshSubject(), { hold: true })
  const popup = await clickSocial(page, 'Google')
  await expectOpen(page, 'Connecting')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('status')).toHaveText('Continue in the Google window…')
  // The window went behind the page: the button brings it to the front, and it stays open.
  await dialog.getByRole('button', { name: 'Show the Google window' }).click()
  expect(popup.isClosed()).toBe(false)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expectOpen(page, 'Connect Wallet')
  await expect.poll(() => popup.isClosed()).toBe(true)
  // Cancelled, not failed: no 'Popup closed', nothing signed in.
  await expect(dialog.getByText('Popup closed')).toHaveCount(0)
  expect((await state(page)).status).toBe('disconnected')
  held.release()
})

test("error: a popup closed early says 'Popup closed' and goes back to Connect", async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  await signInAs(context, freshSubject(), { hold: true })
  const popup = await clickSocial(page, 'X')
  await expectOpen(page, 'Connecting')
  await popup.close()
  await expect(
    modal(page).dialog.getByRole('status').filter({ hasText: 'Popup closed' }),
  ).toBeVisible()
  await expectOpen(page, 'Connect Wallet')
  expect((await state(page)).status).toBe('disconnected')
})

test('security: a result posted from another origin is ignored; a wrong state is refused', async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  const { dialog } = modal(page)
  const held = await signInAs(context, freshSubject(), { hold: true })
  const popup = await clickSocial(page, 'Google')
  await expect.poll(() => held.authorizations.length).toBe(1)
  const loginState = held.authorizations[0]!.searchParams.get('state')
  // The host page forges the callback's message, with the right state, to the frame.
  await page.evaluate((forgedState) => {
    const frame = document.querySelector('iframe[data-airlock]') as HTMLIFrameElement
    frame.contentWindow!.postMessage(
      { type: 'airlock:social', state: forgedState, grant: 'A'.repeat(43) },
      '*',
    )
  }, loginState)
  // Still waiting on the popup: the forgery started no session.
  await expect(dialog.getByRole('status')).toHaveText('Continue in the Google window…')
  held.release()
  await shownRecoveryCode(page)
  expect(popup.isClosed()).toBe(true)
  await keepRecoveryCode(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')

  // Another visitor's popup comes back with a state the API never gave: refused, in words.
  const other = await context.browser()!.newContext()
  const otherPage = await other.newPage()
  await openModalOnSite(otherPage)
  await signInAs(other, freshSubject(), {
    edit: (params) => params.set('state', 'B'.repeat(43)),
  })
  const refused = await clickSocial(otherPage, 'Google')
  await expect(modal(otherPage).dialog.getByRole('alert')).toContainText(/state|sign-in/i)
  await expect.poll(() => refused.isClosed()).toBe(true)
  expect((await state(otherPage)).status).toBe('disconnected')
  await other.close()
})

test('behavior: a social account is added from Wallets, switches like other connections, and signs in again there once its session is gone', async ({
  page,
  context,
  connectWallet,
}) => {
  const alpha = await installTestWallet(page, { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' })
  await openSite(page, { projectId: 'multiwallet', networks: ['eip155:31337'] })
  await connectWallet(alpha.name)
  await page.evaluate(() => window.airlock!.open())
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Wallets', exact: true }).click()
  const subject = freshSubject()
  await signInAs(context, subject)
  const popup = await clickSocial(page, 'Google')
  await shownRecoveryCode(page)
  expect(popup.isClosed()).toBe(true)
  await keepRecoveryCode(page)
  // Back on Wallets: the Google wallet connected, the browser wallet still there.
  await expectOpen(page, 'Wallets')
  const connections = dialog.getByRole('list', { name: 'Connections' }).getByRole('button')
  const google = connections.filter({ hasText: `Google · ${subject}` })
  await expect(google).toHaveAttribute('data-connection-status', 'connected')
  const googleAddress = (await state(page)).address
  await connections.filter({ hasText: 'Alpha Wallet' }).click()
  await waitForAddress(page, alpha.address)
  await expect(google).toHaveAttribute('data-connection-status', 'active')
  await google.click()
  await waitForAddress(page, googleAddress)

  // Back on the browser wallet, the session ends (its cookie gone; the frame's other cookies
  // stay): after a reload the Google wallet is locked, and choosing it runs its own login,
  // Google's popup, not the email code.
  await connections.filter({ hasText: 'Alpha Wallet' }).click()
  await waitForAddress(page, alpha.address)
  await context.clearCookies({ name: /^__Host-airlock-email-/ })
  await page.reload()
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await dialog.getByRole('button', { name: 'Wallets', exact: true }).click()
  const lockedGoogle = connections.filter({ hasText: 'Google' })
  await expect(lockedGoogle).toHaveAttribute('data-connection-status', 'disconnected')
  await signInAs(context, subject)
  const again = context.waitForEvent('page')
  await lockedGoogle.click()
  await again
  await expectOpen(page, 'Wallets')
  await expect(google).toHaveAttribute('data-connection-status', 'connected')
  expect((await state(page)).address).toBe(googleAddress)
})

test("error: no authorization URL from the API says 'Failed to initiate social connection'", async ({
  page,
  context,
}) => {
  await openModalOnSite(page)
  // The request for the redirect URI never reaches the API (the visitor's network drops it): the
  // popup closes again.
  await context.route('**/social/github/authorizations', (route) =>
    route.abort('internetdisconnected'),
  )
  const popup = await clickSocial(page, 'GitHub')
  await expect(modal(page).dialog.getByRole('alert')).toHaveText(
    'Failed to initiate social connection',
  )
  await expect.poll(() => popup.isClosed()).toBe(true)
  expect((await state(page)).status).toBe('disconnected')
})

test("behavior: inside a Telegram mini app, the social list leaves out what Telegram's platform can't sign in with", async ({
  context,
}) => {
  const all = ['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook']
  const expected: Record<string, string[]> = {
    ios: all.filter((name) => name !== 'Google'),
    macos: all.filter((name) => name !== 'X'),
    android: all.filter((name) => name !== 'Facebook' && name !== 'X'),
    android_x: all.filter((name) => name !== 'Facebook' && name !== 'X'),
    tdesktop: all,
  }
  for (const [platform, names] of Object.entries(expected)) {
    const page = await context.newPage()
    // What telegram-web-app.js sets up in a mini app, as far as the host relays it.
    await page.addInitScript((platform) => {
      Object.assign(window, { Telegram: { WebApp: { platform } } })
    }, platform)
    await openModalOnSite(page)
    const { dialog } = modal(page)
    await expect(dialog.locator('[data-method="social"]').first()).toBeVisible()
    expect(await socialNames(page), platform).toEqual(names)
    await page.close()
  }
})

test('behavior: with socials off for the page there are no social entries', async ({ page }) => {
  await openModalOnSite(page, { features: { socials: false } })
  await expectOpen(page, 'Connect Wallet')
  await expect(modal(page).dialog.locator('[data-method="social"]')).toHaveCount(0)
  await expect(
    modal(page).dialog.getByRole('button', { name: 'Continue with email' }),
  ).toBeVisible()
})

/** The social accounts the API knows of `subject`, at any provider. */
const identitiesOf = (subject: string) =>
  fromDatabase<{ provider: string; login: string }>(
    'select provider, login from social_identities where subject = ?',
    subject,
  )

/** A browser of someone else's, signed in at every provider as `subject`. */
async function anotherVisitor(context: BrowserContext, subject: string) {
  const other = await context.browser()!.newContext()
  await signInAs(other, subject)
  // What the API's pages say stays on screen to be read (a tab can close itself otherwise).
  await other.addInitScript(() => {
    window.close = () => {}
  })
  return other
}

/** A visitor signed up by email, on Linked accounts. */
async function onLinkedAccounts(page: Page) {
  await openSite(page)
  const email = freshEmail()
  await signUpByEmail(page, email)
  await page.evaluate(() => window.airlock!.open())
  await modal(page).dialog.getByRole('button', { name: 'Linked accounts' }).click()
  await expectOpen(page, 'Linked accounts')
  return email
}

test("security: the review's attack: an authorization URL another visitor started, completed in this visitor's browser, is refused there; nothing is linked and no one is signed in", async ({
  page,
  context,
}) => {
  // Mallory, signed in by email, starts linking Google; her popup goes to Google, where it waits.
  await onLinkedAccounts(page)
  const held = await signInAs(context, freshSubject(), { hold: true })
  const popup = await clickSocial(page, 'Google')
  await expect.poll(() => held.authorizations.length).toBe(1)
  const sent = held.authorizations[0] as URL
  // She sends the provider's URL to the victim, signed in at Google in their own browser.
  const victimSubject = freshSubject()
  const victim = await anotherVisitor(context, victimSubject)
  const victimPage = await victim.newPage()
  const answered = victimPage.waitForResponse((response) =>
    response.url().startsWith(`${origins.modal}/v1/social/callback`),
  )
  await victimPage.goto(sent.href)
  expect((await answered).status()).toBe(403)
  await expect(
    victimPage.getByText(
      'Sign-in failed: This sign-in was started in another browser, or this one keeps no cookies: nothing was signed in or linked. Close this window and start the sign-in again.',
    ),
  ).toBeVisible()
  expect(identitiesOf(victimSubject)).toEqual([])
  expect(fromDatabase('select id from social_grants where subject = ?', victimSubject)).toEqual([])
  // Mallory's modal heard nothing: it still waits on her own popup.
  await expect(modal(page).dialog.getByRole('status')).toHaveText('Continue in the Google window…')
  await popup.close()
  await victim.close()
})

test("security: the review's attack with the start URL: the victim's browser gets through the callback, but its grant reaches no modal; nothing is linked and no one is signed in", async ({
  page,
  context,
}) => {
  await onLinkedAccounts(page)
  // Mallory's popup never opens the start page she sends on instead.
  let startUrl: string | undefined
  const isStart = (url: URL) => url.origin === origins.modal && url.pathname === '/v1/social/start'
  await context.route(isStart, async (route) => {
    startUrl = route.request().url()
    await route.fulfill({ status: 204 })
  })
  const popup = await clickSocial(page, 'Google')
  await expect.poll(() => startUrl).toBeDefined()
  const victimSubject = freshSubject()
  const victim = await anotherVisitor(context, victimSubject)
  const victimPage = await victim.newPage()
  await victimPage.goto(startUrl as string)
  // The victim's browser started it, so the callback goes through — and links nothing.
  await expect(victimPage.getByText('Signed in. You can close this window.')).toBeVisible()
  expect(identitiesOf(victimSubject)).toEqual([])
  const [grant] = fromDatabase<{ used_at: string | null }>(
    'select used_at from social_grants where subject = ?',
    victimSubject,
  )
  expect(grant).toEqual({ used_at: null })
  // Its grant went to no modal: Mallory's still waits, and the victim is signed in nowhere.
  await expect(modal(page).dialog.getByRole('status')).toHaveText('Continue in the Google window…')
  await popup.close()
  await expect(
    modal(page).dialog.getByRole('status').filter({ hasText: 'Popup closed' }),
  ).toBeVisible()
  expect(identitiesOf(victimSubject)).toEqual([])
  expect(
    fromDatabase(
      "select id from email_sessions where provider = 'google' and handle = ?",
      victimSubject,
    ),
  ).toEqual([])
  await victim.close()
})

test('behavior: signed in by email, a Google account is linked only after the visitor says yes in the modal; Linked accounts lists it and unlinks it', async ({
  page,
  context,
}) => {
  const email = await onLinkedAccounts(page)
  const { dialog } = modal(page)
  const ways = dialog.getByRole('list', { name: 'Ways in' }).getByRole('listitem')
  await expect(ways).toHaveCount(1)
  await expect(ways.first()).toContainText(email)

  // The first time, the visitor says no: nothing is linked.
  const subject = freshSubject()
  await signInAs(context, subject)
  await clickSocial(page, 'Google')
  const question = dialog.locator('[data-link-question="google"]')
  await expect(question).toContainText(`Link Google · ${subject} to this wallet?`, {
    timeout: 15_000,
  })
  await expect(question).toContainText(`opens the wallet of ${email}`)
  expect(identitiesOf(subject)).toEqual([])
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expectOpen(page, 'Linked accounts')
  expect(identitiesOf(subject)).toEqual([])

  // Then yes: linked, and back on Linked accounts.
  await clickSocial(page, 'Google')
  await question.getByRole('button', { name: 'Link account' }).click({ timeout: 15_000 })
  await expectOpen(page, 'Linked accounts')
  await expect(ways).toHaveCount(2)
  await expect(ways.nth(1)).toContainText(`Google · ${subject}`)
  expect(identitiesOf(subject)).toEqual([{ provider: 'google', login: email }])
  expect((await state(page)).status).toBe('connected')

  // Unlink, asked twice, and signed for by the wallet's key: its proof was spent by the unlink.
  await ways.nth(1).getByRole('button', { name: 'Unlink' }).click()
  await ways.nth(1).getByRole('button', { name: 'Unlink for good' }).click()
  await expect(ways).toHaveCount(1)
  expect(identitiesOf(subject)).toEqual([])
  expect(
    fromDatabase(
      'select action, used_at is not null as spent from embedded_wallet_challenges where email = ?',
      email,
    ),
  ).toEqual([{ action: 'unlinkIdentity', spent: 1 }])
})
