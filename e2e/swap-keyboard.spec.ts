// Journey: a visitor who uses the keyboard only (issue 41) swaps ETH for aUSD from Account. In the
// swap-pool project: it trades on the dev pool the swap specs quote on (playwright.config.ts).
import { usdBalance } from './support/faucet'
import { accountByKeyboard, tabTo } from './support/keyboard'
import { expectOpen, modal } from './support/modal'
import { expect, test } from './support/test'

test('behavior: keyboard only: Swap ETH for aUSD from Account: the aUSD arrives on anvil', async ({
  page,
}) => {
  const wallet = await accountByKeyboard(page)
  const { dialog } = modal(page)
  await tabTo(page, dialog.getByRole('button', { name: 'Swap', exact: true }))
  await page.keyboard.press('Enter')
  await expectOpen(page, 'Swap')
  await tabTo(page, dialog.locator('button[data-swap-to]'))
  await page.keyboard.press('Enter')
  await tabTo(page, dialog.getByRole('list', { name: 'To' }).locator('button[data-symbol="aUSD"]'))
  await page.keyboard.press('Enter')
  await expect(dialog.locator('button[data-swap-to]')).toHaveAttribute('data-swap-to', 'aUSD')
  await tabTo(page, dialog.getByRole('textbox', { name: 'Amount', exact: true }))
  // A small trade: the pool the swap specs quote on barely moves.
  await page.keyboard.type('0.001')
  await expect(dialog.locator('[data-swap-quote]')).toHaveText(/^\d[\d,]*\.\d+$/)
  await tabTo(page, dialog.getByRole('button', { name: 'Swap', exact: true }))
  await page.keyboard.press('Enter')
  await expect(modal(page).frame.getByText(/^Swapped 0\.001 ETH for [\d.,]+ aUSD$/)).toBeVisible()
  expect(await usdBalance(wallet.address)).toBeGreaterThan(0n)
})
