// Journey (issue 41, point 3): the modal on a phone (390 × 844). Under 430 px wide the card is a
// bottom sheet: in every view its bottom is on the screen's bottom edge (only its top moves as
// views change height), it is as wide as the screen, nothing in it is wider than it or makes it
// scroll sideways (long names, addresses and amounts wrap or truncate), and its text fields are
// 16 px or more (iOS zooms the page into smaller ones). It doesn't move for a visitor who asks for
// less motion. At a desktop width the card stays centered. Each view's screenshot is attached.
import type { Locator, Page, TestInfo } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  codesMailedTo,
  enterCode,
  keepRecoveryCode,
  nextCode,
  openSite,
  shownRecoveryCode,
} from './support/email'
import { registerName } from './support/ens'
import { fund } from './support/faucet'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { freshAddress, installTestWallet } from './support/testWallet'

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

/** The dialog card's box in the host page's viewport, and what in it is too wide or too small. */
type CardLayout = {
  left: number
  right: number
  top: number
  bottom: number
  width: number
  height: number
  /** The frame document's and the card's sideways overflow, in px (0 when none). */
  documentOverflow: number
  cardOverflow: number
  /** Elements whose box leaves the card to the left or the right. */
  outside: string[]
  /** Elements other than text fields that scroll sideways. */
  scrollingSideways: string[]
  /** Text fields, selects and text areas under 16 px. */
  smallFields: string[]
}

/** Reads the dialog's layout in the modal's frame; the frame's box places it in the host page. */
async function cardLayout(page: Page): Promise<CardLayout> {
  const { iframe, dialog } = modal(page)
  const frameBox = await iframe.boundingBox()
  if (!frameBox) throw new Error('The modal frame has no box.')
  const inFrame = await dialog.evaluate((card) => {
    const describe = (element: Element) => {
      const classes = [...element.classList].map((name) => `.${name}`).join('')
      const text = (element.textContent ?? '').trim().slice(0, 40)
      return `${element.tagName.toLowerCase()}${classes} "${text}"`
    }
    const box = card.getBoundingClientRect()
    const outside: string[] = []
    const scrollingSideways: string[] = []
    const smallFields: string[] = []
    for (const element of card.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 && rect.height === 0) continue
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
        outside.push(`${describe(element)}: ${rect.left.toFixed(1)} to ${rect.right.toFixed(1)}`)
      const style = getComputedStyle(element)
      const field = element.matches(
        'input:not([type="checkbox"], [type="radio"], [type="hidden"]), select, textarea',
      )
      if (field && Number.parseFloat(style.fontSize) < 16)
        smallFields.push(`${describe(element)}: ${style.fontSize}`)
      if (
        !field &&
        ['auto', 'scroll'].includes(style.overflowX) &&
        element.scrollWidth > element.clientWidth + 1
      )
        scrollingSideways.push(
          `${describe(element)}: ${element.scrollWidth}/${element.clientWidth}`,
        )
    }
    const root = document.documentElement
    return {
      left: box.left,
      right: box.right,
      top: box.top,
      bottom: box.bottom,
      width: box.width,
      height: box.height,
      documentOverflow: Math.max(0, root.scrollWidth - root.clientWidth),
      cardOverflow: Math.max(0, card.scrollWidth - card.clientWidth),
      outside,
      scrollingSideways,
      smallFields,
    }
  })
  return {
    ...inFrame,
    left: frameBox.x + inFrame.left,
    right: frameBox.x + inFrame.right,
    top: frameBox.y + inFrame.top,
    bottom: frameBox.y + inFrame.bottom,
  }
}

/** The page's screenshot, attached to the test's report as `name`. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`)
  // Finite animations (a view's fade-in) shown at their end: the picture is the view at rest.
  await page.screenshot({ path, animations: 'disabled' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

/**
 * Copies the address with the view's Copy address button and checks the toast saying so covers
 * none of `needed` (issue 41: "Address copied" covered the network chips), and that it is on the
 * screen; attaches the screenshot with it as `name`.
 */
async function expectToastClearOf(page: Page, testInfo: TestInfo, name: string, needed: Locator) {
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Copy address', exact: true }).click()
  const toast = dialog.getByRole('status').filter({ hasText: 'Address copied' })
  await expect(toast).toBeVisible()
  const viewport = page.viewportSize()!
  // Its lane opens in 0.15 s: measured once it has settled inside the card.
  await expect
    .poll(async () => {
      const box = (await toast.boundingBox())!
      return box.y + box.height <= viewport.height + 0.5
    })
    .toBe(true)
  const toastBox = (await toast.boundingBox())!
  await attachScreenshot(page, testInfo, name)
  for (const element of await needed.all()) {
    const box = (await element.boundingBox())!
    const overlap =
      box.x < toastBox.x + toastBox.width &&
      toastBox.x < box.x + box.width &&
      box.y < toastBox.y + toastBox.height &&
      toastBox.y < box.y + box.height
    expect(overlap, `${name}: the toast over "${await element.textContent()}"`).toBe(false)
  }
}

/**
 * Checks the view on screen is a bottom sheet on a phone — its bottom on the screen's bottom
 * edge, the screen's full width, nothing wider than it, no field under 16 px — and attaches its
 * screenshot. Answers the sheet's top, which may move from view to view.
 */
async function expectBottomSheet(page: Page, testInfo: TestInfo, view: string) {
  const viewport = page.viewportSize()!
  const sheet = await cardLayout(page)
  await attachScreenshot(page, testInfo, view)
  expect(
    Math.abs(sheet.bottom - viewport.height),
    `${view}: the sheet's bottom`,
  ).toBeLessThanOrEqual(1)
  expect(Math.abs(sheet.left), `${view}: the sheet's left edge`).toBeLessThanOrEqual(1)
  expect(Math.abs(sheet.width - viewport.width), `${view}: the sheet's width`).toBeLessThanOrEqual(
    1,
  )
  // Some of the page shows above it.
  expect(sheet.top, `${view}: the sheet's top`).toBeGreaterThan(viewport.height * 0.05)
  expect(sheet.documentOverflow, `${view}: the frame document's sideways overflow`).toBe(0)
  expect(sheet.cardOverflow, `${view}: the sheet's sideways overflow`).toBe(0)
  expect(sheet.outside, `${view}: elements leaving the sheet sideways`).toEqual([])
  expect(sheet.scrollingSideways, `${view}: elements scrolling sideways`).toEqual([])
  expect(sheet.smallFields, `${view}: fields under 16 px`).toEqual([])
  return sheet.top
}

test.describe('on a phone', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true })

  test('behavior: every step of an email sign-in is a bottom sheet on the screen’s bottom edge, as wide as the screen, nothing wider', async ({
    page,
  }, testInfo) => {
    const { dialog } = modal(page)
    const tops: number[] = []
    await openSite(page, { networks: ['eip155:31337'] })
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Connect Wallet')
    await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeVisible()
    tops.push(await expectBottomSheet(page, testInfo, 'connect'))

    await dialog.getByRole('button', { name: 'All Wallets', exact: true }).tap()
    await expectOpen(page, 'All Wallets')
    await expect(
      dialog.getByRole('list', { name: 'All wallets' }).locator('[data-wallet-id]'),
    ).toHaveCount(40)
    tops.push(await expectBottomSheet(page, testInfo, 'all-wallets'))

    await dialog.getByRole('button', { name: 'Back', exact: true }).tap()
    await expectOpen(page, 'Connect Wallet')
    await dialog.getByRole('button', { name: 'Continue with email' }).tap()
    await expectOpen(page, 'Email')
    tops.push(await expectBottomSheet(page, testInfo, 'email'))

    // A long address: the step after quotes it, one word, in a sentence.
    const email = `phone-visitor-${generatePrivateKey().slice(2, 14)}-sheet@example.com`
    await dialog.getByLabel('Email').fill(email)
    const known = (await codesMailedTo(email)).length
    await dialog.getByRole('button', { name: 'Continue' }).tap()
    await expect(dialog).toContainText(`Enter the 6-digit code sent to ${email}`)
    tops.push(await expectBottomSheet(page, testInfo, 'email-code'))

    await enterCode(page, await nextCode(email, known))
    await shownRecoveryCode(page)
    tops.push(await expectBottomSheet(page, testInfo, 'email-recovery-code'))
    await keepRecoveryCode(page)
    await page.waitForFunction(() => window.airlock!.getState().status === 'connected')

    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Account')
    await expect(dialog.locator(`[data-email="${email}"]`)).toBeVisible()
    tops.push(await expectBottomSheet(page, testInfo, 'account-email'))
    // The views differ in height: only the sheet's top moved.
    expect(new Set(tops.map(Math.round)).size).toBeGreaterThan(1)
  })

  test('behavior: a connected wallet’s Account, Send with a long receiver and amount, Review Send, Receive and Switch Network are bottom sheets with nothing wider than the screen', async ({
    page,
    connectWallet,
    request,
  }, testInfo) => {
    const { dialog } = modal(page)
    const privateKey = generatePrivateKey()
    const owner = privateKeyToAccount(privateKey)
    // A long primary name (one word) and a long balance for Account's header.
    const name = `a-remarkably-long-primary-name-for-a-phone-${owner.address.slice(2, 10).toLowerCase()}.airlock.eth`
    expect(await registerName(request, { owner, name, chainId: 31337 })).toMatchObject({
      status: 201,
    })
    await fund(owner.address, { ether: '123456.789012345678' })
    // A long wallet name, one word, in Connect's list.
    const walletName = 'PhoneWalletWithARemarkablyLongNameThatNeverBreaks'
    await installTestWallet(page, { name: walletName, rdns: 'dev.airlock.phone', privateKey })
    await page.goto(origins.demo)
    await waitForAirlock(page)
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Connect Wallet')
    await expect(dialog.getByRole('button', { name: walletName })).toBeVisible()
    await expectBottomSheet(page, testInfo, 'connect-long-wallet-name')
    await page.evaluate(() => window.airlock!.close())
    await connectWallet(walletName)

    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Account')
    await expect(dialog.locator(`[data-account-name="${name}"]`)).toHaveText(name)
    await expect(dialog.locator('[data-native-balance]')).toHaveText(/ETH/)
    await expectBottomSheet(page, testInfo, 'account')
    // Issue 41: AppKit's layout — the network at the top, at most four round wallet actions.
    const walletActions = dialog.getByRole('list', { name: 'Wallet actions' }).getByRole('button')
    await expect(walletActions).toHaveText(['Buy', 'Swap', 'Receive', 'Send'])
    expect(await walletActions.count()).toBeLessThanOrEqual(4)
    const network = dialog.getByRole('button', { name: 'Anvil', exact: true })
    await expectToastClearOf(page, testInfo, 'account-address-copied', network)

    await dialog.getByRole('button', { name: 'Send', exact: true }).tap()
    await expectOpen(page, 'Send')
    await dialog.getByRole('button', { name: /Token/ }).tap()
    await dialog.locator('button[data-symbol="ETH"]').tap()
    const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true })
    const receiver = dialog.getByRole('textbox', { name: 'To', exact: true })
    const message = dialog.locator('[data-send-error]')
    // More than the balance: the form says so under the fields.
    await amount.fill('123456789012345678901234567890.123456789012345678')
    await receiver.fill(freshAddress())
    await expect(message).not.toHaveText('')
    await expectBottomSheet(page, testInfo, 'send-long-amount')

    // A long name as the receiver: it resolves, shown with its address.
    await receiver.fill(name)
    await expect(dialog.locator(`[data-send-receiver-name="${name}"]`)).toContainText(name)
    await expectBottomSheet(page, testInfo, 'send-long-receiver-name')

    const to = freshAddress()
    // 18 decimals, the most ETH has, and within the balance: the form lets it through.
    await amount.fill('12345.123456789012345678')
    await receiver.fill(to)
    await expect(message).toHaveText('')
    await dialog.getByRole('button', { name: 'Preview send' }).tap()
    await expectOpen(page, 'Review Send')
    await expect(dialog.locator('[data-send-summary]')).toHaveText('12345.123456789012345678 ETH')
    await expect(dialog.locator(`[data-send-receiver="${to}"]`)).toBeVisible()
    await expectBottomSheet(page, testInfo, 'review-send')

    await dialog.getByRole('button', { name: 'Back', exact: true }).tap()
    await expectOpen(page, 'Send')
    await dialog.getByRole('button', { name: 'Back', exact: true }).tap()
    await expectOpen(page, 'Account')
    await dialog.getByRole('button', { name: 'Receive', exact: true }).tap()
    await expectOpen(page, 'Receive')
    await expect(dialog.locator('[data-receive-address]')).toHaveText(owner.address)
    await expectBottomSheet(page, testInfo, 'receive')
    await expectToastClearOf(
      page,
      testInfo,
      'receive-address-copied',
      dialog.getByRole('list', { name: 'Networks' }).getByRole('listitem'),
    )

    await dialog.getByRole('button', { name: 'Back', exact: true }).tap()
    await expectOpen(page, 'Account')
    await dialog.getByRole('button', { name: 'Anvil', exact: true }).tap()
    await expectOpen(page, 'Choose Network')
    await expectBottomSheet(page, testInfo, 'switch-network')
  })

  test('behavior: above a home indicator (a bottom safe-area inset) the sheet still meets the bottom edge, its content kept clear of the inset', async ({
    page,
    context,
  }, testInfo) => {
    const { dialog } = modal(page)
    await openSite(page, { networks: ['eip155:31337'] })
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Connect Wallet')
    await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeVisible()
    // Chromium's emulation of a phone's insets, set in the modal's frame (its own process).
    const frame = page.frames().find((candidate) => candidate.url().startsWith(origins.modal))
    if (!frame) throw new Error('No modal frame.')
    const session = await context.newCDPSession(frame)
    await session.send('Emulation.setSafeAreaInsetsOverride', { insets: { bottom: 34 } })
    await expect(dialog).toHaveCSS('padding-bottom', '34px')
    await expectBottomSheet(page, testInfo, 'connect-safe-area')
  })
})

test.describe('on a phone, for a visitor who asks for less motion', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true, reducedMotion: 'reduce' })

  test('behavior: nothing on the sheet or in it animates or transitions', async ({ page }) => {
    const { dialog } = modal(page)
    /** Every animation and transition on the sheet and in it, as "element: what". */
    const motion = () =>
      dialog.evaluate((card) =>
        [card, ...card.querySelectorAll('*')].flatMap((element) => {
          const style = getComputedStyle(element)
          const moving: string[] = []
          if (style.animationName !== 'none') moving.push(`animation ${style.animationName}`)
          if (
            style.transitionDuration.split(',').some((duration) => Number.parseFloat(duration) > 0)
          )
            moving.push(`transition ${style.transitionProperty} ${style.transitionDuration}`)
          const name = `${element.tagName.toLowerCase()}.${element.getAttribute('class')}`
          return moving.map((what) => `${name}: ${what}`)
        }),
      )
    await openSite(page, { networks: ['eip155:31337'] })
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Connect Wallet')
    await dialog.getByRole('button', { name: 'All Wallets', exact: true }).tap()
    await expectOpen(page, 'All Wallets')
    const logos = dialog.locator('[data-image="loaded"]')
    await expect(logos.first()).toBeVisible()
    expect(await motion()).toEqual([])
    expect(await dialog.evaluate(() => document.getAnimations().length)).toBe(0)

    // The probe sees motion where there is some: the logos fade in for a visitor without the
    // preference.
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    expect(await motion()).toContainEqual(expect.stringMatching(/: transition opacity/))
  })
})

test.describe('on a desktop', () => {
  test.use({ viewport: desktop })

  test('behavior: the card stays a centered card, not a sheet', async ({ page }, testInfo) => {
    const { dialog } = modal(page)
    const expectCentered = async (view: string) => {
      const card = await cardLayout(page)
      await attachScreenshot(page, testInfo, `desktop-${view}`)
      expect(Math.abs((card.left + card.right) / 2 - desktop.width / 2)).toBeLessThanOrEqual(1)
      expect(Math.abs((card.top + card.bottom) / 2 - desktop.height / 2)).toBeLessThanOrEqual(1)
      expect(card.width).toBe(360)
      expect(card.bottom).toBeLessThan(desktop.height - 16)
    }
    await openSite(page, { networks: ['eip155:31337'] })
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Connect Wallet')
    await expect(dialog.getByRole('button', { name: 'Continue with email' })).toBeVisible()
    await expectCentered('connect')
    await dialog.getByRole('button', { name: 'All Wallets', exact: true }).click()
    await expectOpen(page, 'All Wallets')
    await expectCentered('all-wallets')
  })

  test('behavior: a connected wallet’s Account is a centered card whose “Address copied” covers neither the network nor the wallet actions', async ({
    page,
    connectWallet,
  }, testInfo) => {
    const { dialog } = modal(page)
    const privateKey = generatePrivateKey()
    await fund(privateKeyToAccount(privateKey).address, { ether: '2.5' })
    await installTestWallet(page, { name: 'Desk Wallet', rdns: 'dev.airlock.desk', privateKey })
    await page.goto(origins.demo)
    await waitForAirlock(page)
    await connectWallet('Desk Wallet')
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'Account')
    await expect(dialog.locator('[data-native-balance]')).toHaveText(/ETH/)
    const card = await cardLayout(page)
    await attachScreenshot(page, testInfo, 'desktop-account')
    expect(Math.abs((card.left + card.right) / 2 - desktop.width / 2)).toBeLessThanOrEqual(1)
    expect(card.outside).toEqual([])
    const walletActions = dialog.getByRole('list', { name: 'Wallet actions' }).getByRole('button')
    expect(await walletActions.count()).toBeLessThanOrEqual(4)
    await expectToastClearOf(
      page,
      testInfo,
      'desktop-account-address-copied',
      dialog.locator('[data-active-network], [data-wallet-feature]'),
    )
  })
})
