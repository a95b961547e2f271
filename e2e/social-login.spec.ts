// Journey: a visitor signs in with a social account (issue 19) in a 600x800 popup, against a real
// OpenID provider on loopback (one issuer per provider name); the wallet is the embedded wallet
// of email login. The result is taken only from the API's origin with the login's state; a popup
// closed early says 'Popup closed'; a wrong state is refused; socials off hides them.

import { keepRecoveryCode, openModalOnSite, openSite, shownRecoveryCode } from './support/email'
import { expectOpen, modal, waitForAddress, waitForAirlock } from './support/modal'
import { clickSocial, freshSubject, signInAs } from './support/social'
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
  // The spec's order: the first two as buttons, the rest behind More.
  const socials = dialog.locator('[data-method="social"] [class*="name"]')
  await expect(socials).toHaveText(['Google', 'X'])
  await dialog.getByRole('button', { name: 'More', exact: true }).click()
  await expect(socials).toHaveText([
    'Google',
    'X',
    'Discord',
    'Farcaster',
    'GitHub',
    'Apple',
    'Facebook',
  ])

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
  const { address } = await state(page)

  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(dialog.locator('[data-social-login="google"]')).toHaveText(`Google · ${subject}`)
  await expect(dialog.getByRole('button', { name: 'Update email' })).toHaveCount(0)

  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, address)
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
  await modal(page).dialog.getByRole('button', { name: 'More', exact: true }).click()
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
    await dialog.getByRole('button', { name: 'More', exact: true }).click()
    await expect(dialog.locator('[data-method="social"] [class*="name"]'), platform).toHaveText(
      names,
    )
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
