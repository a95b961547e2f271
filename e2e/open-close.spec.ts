// Journey: a visitor on the demo site opens and closes the modal with mouse and keyboard.
import { expectClosed, expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'

test.beforeEach(async ({ page }) => {
  await page.goto(origins.demo)
})

test('behavior: the snippet creates window.airlock and fires airlock:ready', async ({ page }) => {
  await page.goto(origins.demo)
  const fired = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        if (window.airlock) return resolve(true)
        addEventListener('airlock:ready', () => resolve(!!window.airlock), { once: true })
      }),
  )
  expect(fired).toBe(true)
  const state = await page.evaluate(() => window.airlock!.getState())
  expect(state).toMatchObject({ open: false, status: 'disconnected' })
})

test('behavior: open() shows Connect in the iframe and close() hides it', async ({ page }) => {
  await waitForAirlock(page)
  await expectClosed(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  const { dialog } = modal(page)
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  // WalletConnect comes first (connector-type order), and the registry is one tap away.
  const walletConnect = dialog.getByRole('button', { name: /WalletConnect/ })
  await expect(walletConnect).toBeEnabled()
  await expect(walletConnect).toContainText('QR code')
  await expect(dialog.getByRole('button', { name: 'All Wallets' })).toBeVisible()
  await page.evaluate(() => window.airlock!.close())
  await expectClosed(page)
})

test('behavior: the overlay iframe is sandboxed, titled and on z-index 999', async ({ page }) => {
  await waitForAirlock(page)
  const { iframe } = modal(page)
  await expect(iframe).toHaveAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-popups allow-forms',
  )
  await expect(iframe).toHaveAttribute('allow', 'clipboard-write')
  await expect(iframe).toHaveAttribute('title', 'Airlock wallet modal')
  expect(await iframe.evaluate((element) => getComputedStyle(element).zIndex)).toBe('999')
  expect(await iframe.getAttribute('src')).toBe(`${origins.modal}/modal?projectId=demo`)
})

test('behavior: Esc closes and focus returns to the button that opened it', async ({ page }) => {
  await waitForAirlock(page)
  const connect = page.getByRole('button', { name: 'Connect' })
  await connect.click()
  await expectOpen(page, 'Connect Wallet')
  // Focus is inside the dialog, not left on the host page.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
  // The host showed the frame on the click, before the frame heard of it: focus still moves in.
  await expect(modal(page).dialog).toBeFocused()
  await page.keyboard.press('Escape')
  await expectClosed(page)
  await expect(connect).toBeFocused()
})

test('behavior: the close button closes, and Tab stays inside the dialog', async ({ page }) => {
  await waitForAirlock(page)
  await page.getByRole('button', { name: 'Account' }).click()
  await expectOpen(page, 'Account')
  const { dialog, frame } = modal(page)
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    const inside = await frame
      .locator('body')
      .evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
    expect(inside).toBe(true)
  }
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expectClosed(page)
})

test('behavior: open({view: "Account"}) while disconnected opens Account (opening rule 3)', async ({
  page,
}) => {
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await expect(dialog.getByText('No wallet connected')).toBeVisible()
  for (const tab of ['Tokens', 'NFTs', 'Activity']) {
    await dialog.getByRole('tab', { name: tab }).click()
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
  }
  await expect(dialog.getByText('No activity yet')).toBeVisible()
  // Closing resets to Connect: the next plain open() shows Connect, not Account.
  await page.keyboard.press('Escape')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
})

test('behavior: going back (Back or Esc) pops the stack, and with one entry left closes the modal', async ({
  page,
}) => {
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  const { dialog } = modal(page)
  // Two entries: Account → SwitchNetwork; back pops to Account.
  await dialog.getByRole('button', { name: 'Anvil' }).click()
  await expectOpen(page, 'Choose Network')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expectOpen(page, 'Account')
  await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0)
  // Esc goes back too: from Choose Network to Account, then, one entry left, it closes.
  await dialog.getByRole('button', { name: 'Anvil' }).click()
  await expectOpen(page, 'Choose Network')
  await page.keyboard.press('Escape')
  await expectOpen(page, 'Account')
  await page.keyboard.press('Escape')
  await expectClosed(page)
  // One entry: SwitchNetwork opened directly; choosing a network goes back, which closes.
  await page.evaluate(() => window.airlock!.open({ view: 'SwitchNetwork' }))
  await expectOpen(page, 'Choose Network')
  await dialog.getByRole('button', { name: 'Ethereum' }).click()
  await expectClosed(page)
  expect(await page.evaluate(() => window.airlock!.getState().chainId)).toBe('eip155:1')
})

test('behavior: SwitchNetwork lists the networks the demo project configured, in its order', async ({
  page,
}) => {
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open({ view: 'SwitchNetwork' }))
  const networks = modal(page).dialog.getByRole('list', { name: 'Networks' }).getByRole('button')
  await expect(networks).toHaveText([/Anvil/, /Solana Localnet/, /Ethereum/])
  await expect(networks.first()).toHaveAttribute('aria-current', 'true')
})

test('behavior: opening and closing does not break the host page scroll', async ({ page }) => {
  await waitForAirlock(page)
  await page.evaluate(() => scrollTo({ top: 400, behavior: 'instant' }))
  const before = await page.evaluate(() => scrollY)
  expect(before).toBe(400)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  await page.evaluate(() => window.airlock!.close())
  await expectClosed(page)
  expect(await page.evaluate(() => scrollY)).toBe(before)
  await page.mouse.wheel(0, 200)
  await page.waitForFunction((start) => scrollY > start, before)
})

test('behavior: bad open() parameters are refused by the frame with a typed error', async ({
  page,
}) => {
  await waitForAirlock(page)
  const error = await page.evaluate(() =>
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input.
    window.airlock!.open({ view: 'Nope' as any }).then(
      () => null,
      (error) => ({ name: error.name, code: error.code, message: error.message }),
    ),
  )
  expect(error).toMatchObject({ name: 'InvalidParamsError', code: -32602 })
  expect(error?.message).toContain('Unknown view "Nope"')
  await expectClosed(page)
})

test('behavior: the open modal, as the README shows it', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 560 })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Connect Wallet')
  // Into the test's output folder: tests never write tracked files (docs/modal.png is updated
  // by hand from this picture when the modal's look changes).
  await page.screenshot({ path: test.info().outputPath('modal.png') })
})
