// Journey (issue 41): the views a visitor meets, each checked with axe (WCAG 2.0 and 2.1, A and
// AA) in the light and dark themes at desktop and phone widths (the `expectAccessible` fixture);
// a serious or critical violation fails. The check itself is tested too: a control without a name
// planted inside the cross-origin frame is caught. With prefers-reduced-motion, nothing moves.
import type { Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import {
  accessibilityViolations,
  checkedThemes,
  checkedViewports,
  modalFrameOf,
} from './support/accessibility'
import {
  answerApproval,
  codesMailedTo,
  freshEmail,
  nextCode,
  openModalOnSite,
} from './support/email'
import { fund } from './support/faucet'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { siwxProjects } from './support/operator'
import { origins } from './support/ports'
import { providerRequest } from './support/provider'
import { gotoSdkPage } from './support/sdkPage'
import { test as base, expect } from './support/test'
import { freshAddress, installTestWallet, type TestWallet } from './support/testWallet'
import { pickWalletConnect } from './support/walletConnect'

const walletName = 'Access Wallet'

/** A walk that checks several views: each check is four scans, slow on a loaded machine. */
const multiViewTimeout = 150_000

const test = base.extend<{
  /**
   * A fresh test wallet, funded (1 ETH, 50 aUSD on anvil), connected on the demo site, and the
   * modal open on Account.
   */
  accountOpen: () => Promise<TestWallet>
}>({
  accountOpen: async ({ page, connectWallet }, use) => {
    await use(async () => {
      const wallet = await installTestWallet(page, {
        name: walletName,
        rdns: 'dev.airlock.access',
        privateKey: generatePrivateKey(),
      })
      await fund(wallet.address, { ether: '1', usd: '50' })
      await page.goto(origins.demo)
      await waitForAirlock(page)
      await connectWallet(walletName)
      await page.evaluate(() => window.airlock!.open())
      await expectOpen(page, 'Account')
      return wallet
    })
  },
})

test('behavior: a control without a name planted inside the modal frame is caught in every theme and width', async ({
  page,
}) => {
  await openModalOnSite(page)
  await expectOpen(page, 'Connect Wallet')
  await modal(page).dialog.evaluate((dialog) => {
    const planted = document.createElement('button')
    planted.dataset.planted = ''
    dialog.append(planted)
  })
  const caught = (await accessibilityViolations(page)).filter(
    (violation) => violation.rule === 'button-name',
  )
  expect(caught.map((violation) => violation.setting).sort()).toEqual(
    checkedThemes
      .flatMap((theme) =>
        checkedViewports.map(({ width, height }) => `${theme} ${width}×${height}`),
      )
      .sort(),
  )
  for (const violation of caught) {
    expect(violation).toMatchObject({
      impact: 'critical',
      target: 'iframe[data-airlock] → button[data-planted=""]',
    })
  }
})

test('a11y: Connect, All Wallets and its no-match state, WalletConnect QR, Email (address and code steps)', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(multiViewTimeout)
  await installTestWallet(page, { name: walletName, rdns: 'dev.airlock.access' })
  await openModalOnSite(page)
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await expect(dialog.getByRole('button', { name: new RegExp(walletName) })).toBeVisible()
  await expectAccessible('Connect')

  await dialog.getByRole('button', { name: 'All Wallets' }).click()
  await expectOpen(page, 'All Wallets')
  await expect(dialog.getByRole('listitem').first()).toBeVisible()
  await expectAccessible('All Wallets')
  await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('no such wallet here')
  await expect(dialog.getByText('No wallet found')).toBeVisible()
  await expectAccessible('All Wallets, no match')
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await expectOpen(page, 'Connect Wallet')
  await pickWalletConnect(page)
  await expectAccessible('WalletConnect QR')
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await expectOpen(page, 'Connect Wallet')
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await expectOpen(page, 'Email')
  await expectAccessible('Email, address step')
  const email = freshEmail()
  await dialog.getByLabel('Email').fill(email)
  const known = (await codesMailedTo(email)).length
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toContainText(`Enter the 6-digit code sent to ${email}`)
  await nextCode(email, known)
  await expectAccessible('Email, code step')
})

test('a11y: Connecting, while the browser wallet asks the visitor', async ({
  page,
  expectAccessible,
  pickWallet,
}) => {
  const wallet = await installTestWallet(page, {
    name: walletName,
    rdns: 'dev.airlock.access',
    autoApprove: false,
  })
  await openModalOnSite(page)
  await pickWallet(walletName)
  const prompt = await wallet.nextApproval('eth_requestAccounts')
  await expectOpen(page, 'Connecting')
  await expectAccessible('Connecting')
  prompt.approve()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
})

test('a11y: Account with a browser wallet, Choose Network, Receive, Choose Name', async ({
  page,
  accountOpen,
  expectAccessible,
}) => {
  test.setTimeout(multiViewTimeout)
  await accountOpen()
  const { dialog } = modal(page)
  await expect(dialog.getByRole('tabpanel').locator('[data-symbol="ETH"]')).toBeVisible()
  await expectAccessible('Account (browser wallet)')

  await page.evaluate(() => window.airlock!.open({ view: 'SwitchNetwork' }))
  await expectOpen(page, 'Choose Network')
  await expectAccessible('Choose Network')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')

  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expectOpen(page, 'Receive')
  await expectAccessible('Receive')
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await dialog.getByRole('button', { name: 'Choose a name' }).click()
  await expectOpen(page, 'Choose Name')
  await expectAccessible('Choose Name')
})

test('a11y: Send and its review, Swap with a quote, Buy', async ({
  page,
  accountOpen,
  expectAccessible,
}) => {
  test.setTimeout(multiViewTimeout)
  const { dialog } = modal(page)
  await accountOpen()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator('button[data-symbol="ETH"]').click()
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.01')
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(freshAddress())
  await expect(dialog.locator('[data-send-fee]')).toHaveText(/ ETH$/)
  await expectAccessible('Send')
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await expectAccessible('Review Send')
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await expectOpen(page, 'Account')
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click()
  await expectOpen(page, 'Swap')
  await dialog.locator('button[data-swap-to]').click()
  await dialog.getByRole('list', { name: 'To' }).locator('button[data-symbol="aUSD"]').click()
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.01')
  await expect(dialog.locator('[data-swap-quote]')).toHaveText(/^\d[\d,]*\.\d+$/)
  await expectAccessible('Swap')

  await page.evaluate(() => window.airlock!.close())
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:1'))
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await expectOpen(page, 'Buy')
  await expect(dialog.locator('[data-onramp-limits]')).toHaveText('From 10.00 to 7,500.00 USD')
  await expectAccessible('Buy')
})

test('a11y: Account with the email wallet, Devices, Recovery Code, Approve Transaction', async ({
  page,
  emailVisitor,
  expectAccessible,
}) => {
  test.setTimeout(multiViewTimeout)
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  const { dialog } = modal(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expectAccessible('Account (email wallet)')

  await dialog.getByRole('button', { name: 'Devices' }).click()
  await expectOpen(page, 'Devices')
  await expect(dialog.getByRole('listitem').first()).toBeVisible()
  await expectAccessible('Devices')
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await dialog.getByRole('button', { name: 'Recovery code' }).click()
  await expectOpen(page, 'Recovery Code')
  await expectAccessible('Recovery Code')
  await page.evaluate(() => window.airlock!.close())

  const asked = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: freshAddress(), value: '0x1' },
  ])
  await expect(dialog.locator('[data-approval-kind="transaction"]')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toHaveAttribute(
    'data-arming',
    'armed',
  )
  await expectAccessible('Approve Transaction')
  await answerApproval(page, 'transaction', 'Reject')
  expect(await asked).toMatchObject({ error: { code: 4001 } })
})

test('a11y: Sign In (SIWX) after connecting', async ({ page, expectAccessible, pickWallet }) => {
  await installTestWallet(page, {
    name: walletName,
    rdns: 'dev.airlock.access',
    privateKey: generatePrivateKey(),
  })
  await gotoSdkPage(page, { projectId: siwxProjects.required, modalUrl: origins.modal })
  await waitForAirlock(page)
  await pickWallet(walletName)
  await expectOpen(page, 'Sign In')
  await expectAccessible('Sign In')
})

/**
 * Records, in every document of the page (the modal's frame included), each CSS animation and
 * transition that starts, as `motionStarted`: a start that came and went between two looks is
 * still on the list.
 */
function recordMotion() {
  const started: string[] = []
  Object.assign(window, { motionStarted: started })
  for (const type of ['animationstart', 'transitionstart'])
    addEventListener(
      type,
      (event) => {
        const name =
          event instanceof AnimationEvent
            ? event.animationName
            : (event as TransitionEvent).propertyName
        started.push(
          `${type} ${name} on <${(event.target as Element).tagName.toLowerCase()} class="${(event.target as Element).className}">`,
        )
      },
      true,
    )
}

/**
 * Walks the views that move: All Wallets (its skeleton while the directory loads), the
 * WalletConnect QR (its placeholder until the pairing URI comes), Connecting (the wallet logo's
 * pulse), a rejection (the shake), Account (its skeletons, the images fading in). Returns the
 * animations running while Connecting waits and every start the frame recorded.
 */
async function walkMovingViews(page: Page) {
  await page.addInitScript(recordMotion)
  const wallet = await installTestWallet(page, {
    name: walletName,
    rdns: 'dev.airlock.access',
    privateKey: generatePrivateKey(),
    autoApprove: false,
  })
  await openModalOnSite(page)
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'All Wallets' }).click()
  await expectOpen(page, 'All Wallets')
  await expect(dialog.getByRole('listitem').first()).toBeVisible()
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()
  await pickWalletConnect(page)
  await dialog.getByRole('button', { name: 'Back', exact: true }).click()

  await dialog.getByRole('button', { name: new RegExp(walletName) }).click()
  const rejected = await wallet.nextApproval('eth_requestAccounts')
  await expectOpen(page, 'Connecting')
  const frame = await modalFrameOf(page)
  const runningWhileConnecting = await frame.evaluate(() =>
    document.getAnimations().map((animation) => (animation as CSSAnimation).animationName ?? ''),
  )
  rejected.reject()
  await expect(dialog.getByText('Connection rejected')).toBeVisible()
  await dialog.getByRole('button', { name: 'Try again' }).click()
  ;(await wallet.nextApproval('eth_requestAccounts')).approve()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await expect(dialog.getByRole('tabpanel')).toBeVisible()
  const started = await frame.evaluate(
    () => (window as unknown as { motionStarted: string[] }).motionStarted,
  )
  return { runningWhileConnecting, started }
}

test('behavior: with prefers-reduced-motion, nothing in the modal moves: no skeleton shimmer, QR placeholder, connecting pulse, shake or fade', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const { runningWhileConnecting, started } = await walkMovingViews(page)
  expect(runningWhileConnecting).toEqual([])
  expect(started).toEqual([])
})

test('behavior: without a motion preference the same walk moves: the connecting pulse runs and the rejection shakes', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  const { runningWhileConnecting, started } = await walkMovingViews(page)
  expect(runningWhileConnecting.length).toBeGreaterThan(0)
  expect(started.some((start) => /^animationstart .*shake/.test(start))).toBe(true)
})
