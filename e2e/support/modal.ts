// Helpers to find the modal from a host page and to wait for the SDK.
import { expect, type Page } from '@playwright/test'

export const frameSelector = 'iframe[data-airlock]'

export function modal(page: Page) {
  const frame = page.frameLocator(frameSelector)
  return { iframe: page.locator(frameSelector), frame, dialog: frame.getByRole('dialog') }
}

/** Waits for the loader's `airlock:ready` (or an SDK fixture's ready flag) and the handshake. */
export async function waitForAirlock(page: Page) {
  await page.waitForFunction(() => 'airlock' in window)
  // close() waits for the bridge's handshake; on a closed modal it changes nothing.
  await page.evaluate(() => window.airlock?.close())
}

/**
 * The frame hidden as the SDK hides it: transparent and inert (no focus, no clicks, hidden from
 * assistive technology), while its document stays laid out for the next open. No frame at all
 * counts as hidden too.
 */
export async function expectFrameHidden(page: Page) {
  const { iframe } = modal(page)
  if ((await iframe.count()) === 0) return
  await expect(iframe).toHaveCSS('opacity', '0')
  await expect(iframe).toHaveJSProperty('inert', true)
}

export async function expectClosed(page: Page) {
  await expectFrameHidden(page)
  expect(await page.evaluate(() => window.airlock?.getState().open)).toBe(false)
}

export async function expectOpen(page: Page, title: string) {
  const { iframe, dialog } = modal(page)
  await expect(iframe).toHaveCSS('opacity', '1')
  await expect(iframe).toHaveJSProperty('inert', false)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText(title)
  expect(await page.evaluate(() => window.airlock?.getState().open)).toBe(true)
}

/**
 * Waits until the frame has saved the visitor's connections, sealed, in the host page's storage
 * (Playwright's default contexts deny the frame its own), so a reload can restore them.
 */
export async function connectionSaved(page: Page, projectId = 'demo') {
  await page.waitForFunction(
    (key) => localStorage.getItem(key)?.startsWith('airlock-sealed:1:'),
    `airlock:v1:${projectId}:connections`,
  )
}

/** Waits until the site's state names `address` as the connected account. */
export async function waitForAddress(page: Page, address: string | undefined) {
  await page.waitForFunction((expected) => window.airlock!.getState().address === expected, address)
}

/**
 * The visitor, connected on a Solana network, sends `amount` of `symbol` to `receiver` from the
 * Account view: Send, the token, amount and receiver, the fee in SOL, Preview send, Send.
 */
export async function sendSolanaFromModal(
  page: Page,
  symbol: string,
  amount: string,
  receiver: string,
) {
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  await dialog.getByRole('button', { name: /Token/ }).click()
  await dialog.locator(`button[data-symbol="${symbol}"]`).click()
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount)
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(receiver)
  await expect(dialog.locator('[data-send-fee]')).toHaveText(/ SOL$/)
  await dialog.getByRole('button', { name: 'Preview send' }).click()
  await expectOpen(page, 'Review Send')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
}

/**
 * The visitor chooses `name` in Choose Network (opened by the site), which closes it; waits
 * until the site is on `caipNetworkId`.
 */
export async function chooseNetwork(page: Page, name: string, caipNetworkId: string) {
  await page.evaluate(() => window.airlock!.open({ view: 'SwitchNetwork' }))
  await expectOpen(page, 'Choose Network')
  await modal(page).dialog.getByRole('button', { name }).click()
  await page.waitForFunction((id) => window.airlock!.getState().chainId === id, caipNetworkId)
}

/**
 * The visitor opens Receive from Account: it shows `address` (its QR code's text) on `networks`;
 * then the modal is closed.
 */
export async function expectReceive(page: Page, address: string, networks: string[]) {
  const { dialog } = modal(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
  await expectOpen(page, 'Receive')
  await expect(dialog.locator('[data-receive-address]')).toHaveText(address)
  await expect(dialog.getByRole('listitem')).toHaveText(networks)
  await page.evaluate(() => window.airlock!.close())
}
