// Journey: a visitor browses All Wallets — the registry the API serves — scrolls for more,
// searches, sees what the site excludes and features, and connects an installed wallet from it.
import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expectClosed, expectOpen, modal, waitForAirlock } from './support/modal'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

// Registry ids: the 2021 WalletConnect registry's for old wallets, sha256 of the name for new ones.
const ids = {
  metaMask: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  rainbow: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369',
  phantom: createHash('sha256').update('Phantom').digest('hex'),
  rabby: createHash('sha256').update('Rabby Wallet').digest('hex'),
}

async function openAllWallets(page: Page, options: object = {}) {
  await gotoSdkPage(page, { networks: ['eip155:31337', 'eip155:1'], ...options })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open({ view: 'AllWallets' }))
  await expectOpen(page, 'All Wallets')
  const { dialog } = modal(page)
  const tiles = dialog.getByRole('list', { name: 'All wallets' }).locator('[data-wallet-id]')
  return { dialog, tiles, search: dialog.getByRole('searchbox', { name: 'Search wallets' }) }
}

const namesOf = (tiles: ReturnType<Page['locator']>) =>
  tiles.locator('span[title]').evaluateAll((spans) => spans.map((span) => span.textContent))

test('behavior: All Wallets shows the first 40 wallets and loads more as the list scrolls', async ({
  page,
}) => {
  const { dialog, tiles } = await openAllWallets(page)
  await expect(tiles).toHaveCount(40)
  await expect(tiles.first()).toHaveAttribute('data-wallet-id', ids.metaMask)
  await expect(tiles.first()).toHaveAccessibleName('MetaMask')
  // Logos come from the API: a 2021 logo, and a monogram for a wallet without one.
  await expect(tiles.first().locator('[data-image]')).toHaveAttribute('data-image', 'loaded')
  const coinbase = tiles.filter({ hasText: 'Coinbase Wallet' })
  await expect(coinbase.locator('[data-image]')).toHaveAttribute('data-image', 'loaded')

  await tiles.last().scrollIntoViewIfNeeded()
  await expect.poll(() => tiles.count()).toBeGreaterThan(40)
  // Only wallets for the site's chains (eip155 here): no Solana- or Cosmos-only wallet.
  const names = await namesOf(tiles)
  expect(names).toContain('Phantom')
  expect(names).not.toContain('Solflare')
  expect(names).not.toContain('Keplr')
  expect(new Set(names).size).toBe(names.length)
  // Scrolled to the end, the list has every EVM wallet and no more button.
  await tiles.last().scrollIntoViewIfNeeded()
  await expect(dialog.getByRole('button', { name: 'Load more' })).toHaveCount(0)
})

test('behavior: search narrows the list, and says when nothing matches and what to try next', async ({
  page,
}) => {
  const { dialog, tiles, search } = await openAllWallets(page)
  await expect(tiles).toHaveCount(40)

  await search.fill('rain')
  await expect(tiles).toHaveCount(1)
  await expect(tiles.first()).toHaveAttribute('data-wallet-id', ids.rainbow)

  await search.fill('LEDGER')
  await expect(tiles).toHaveCount(1)
  await expect(tiles.first()).toHaveAccessibleName('Ledger Live')

  await search.fill('wallet')
  await expect.poll(async () => (await namesOf(tiles)).length).toBeGreaterThan(5)
  for (const name of await namesOf(tiles)) expect(name?.toLowerCase()).toContain('wallet')

  await search.fill('no such wallet at all')
  await expect(dialog.getByRole('status')).toHaveText('No wallet found')
  await expect(tiles).toHaveCount(0)

  await search.fill('')
  await expect(tiles).toHaveCount(40)

  // Nothing found, the view says what to try next: a wallet it lacks still connects by QR code.
  await search.fill('metamsk')
  await expect(
    dialog.getByText('Check the spelling, or connect any wallet that scans a QR code.'),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Scan a QR code' }).click()
  await expectOpen(page, 'WalletConnect')
})

test("behavior: the site's excludeWallets hide wallets by rdns and by name; featured wallets come first", async ({
  page,
}) => {
  const { tiles, search } = await openAllWallets(page, {
    excludeWallets: ['io.metamask', 'trust wallet'],
    featuredWalletIds: [ids.phantom, ids.rainbow],
  })
  await expect(tiles).toHaveCount(40)
  await expect(tiles.nth(0)).toHaveAttribute('data-wallet-id', ids.phantom)
  await expect(tiles.nth(1)).toHaveAttribute('data-wallet-id', ids.rainbow)
  await expect(tiles.nth(0)).toHaveAttribute('data-featured', '')
  await expect(tiles.nth(2)).not.toHaveAttribute('data-featured', '')
  const names = await namesOf(tiles)
  expect(names).not.toContain('MetaMask')
  expect(names).not.toContain('Trust Wallet')
  // Featured wallets are not listed twice.
  expect(names.filter((name) => name === 'Rainbow')).toHaveLength(1)

  await search.fill('meta')
  await expect(modal(page).dialog.getByRole('status')).toHaveText('No wallet found')
  await search.fill('trust')
  await expect(tiles).toHaveCount(1)
  await expect(tiles.first()).toHaveAccessibleName('TrustVault')
})

test('behavior: a wallet installed in the page is marked Installed and connects as a browser wallet', async ({
  page,
}) => {
  // The extension's own name differs from the registry's; its rdns is what matches.
  const wallet = await installTestWallet(page, { name: 'Rabby', rdns: 'io.rabby' })
  const { tiles, search } = await openAllWallets(page)
  const rabby = tiles.and(modal(page).frame.locator(`[data-wallet-id="${ids.rabby}"]`))
  await expect(rabby).toHaveAttribute('data-installed', '')
  await expect(rabby).toHaveAccessibleName('Rabby Wallet Installed')
  await expect(tiles.first()).not.toHaveAttribute('data-installed', '')
  await expect(tiles.filter({ hasText: 'Installed' })).toHaveCount(1)

  await search.fill('rabby')
  await expect(tiles).toHaveCount(1)
  await tiles.first().click()
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  await expectClosed(page)
  expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(wallet.address)
})
