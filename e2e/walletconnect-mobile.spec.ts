// Journey: a visitor on a phone taps a wallet in the list and the wallet app opens through its
// deeplink, carrying a pairing URI that connects; a site without chain adapters gets the
// WalletConnect view straight away (Opening rule 2).
import { expect, type Page, test } from '@playwright/test'
import type { Address, Hex } from 'viem'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'

// Anvil's account #5: signs nothing on chain here.
const phone = {
  privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as Hex,
  address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' as Address,
}
const rainbowId = '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369'

let peers: WalletPeer[] = []
test.afterEach(async () => {
  await Promise.all(peers.map((peer) => peer.close()))
  peers = []
})

function sdkPage(page: Page, options: object) {
  const query = encodeURIComponent(JSON.stringify(options))
  return page.goto(`${origins.fixtures}/sdk.html?options=${query}`)
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('behavior: WalletConnect lists the wallets; a tap opens the wallet app with a pairing URI that connects', async ({
    page,
    context,
  }) => {
    // Records what the frame asks the browser to open; a phone would hand it to the app.
    await context.addInitScript(() => {
      const opened: string[] = []
      Object.assign(window, { opened })
      window.open = (url) => {
        opened.push(String(url))
        return null
      }
    })
    await sdkPage(page, { networks: ['eip155:31337'] })
    await waitForAirlock(page)
    await page.evaluate(() => window.airlock!.open())
    const { dialog } = modal(page)
    await dialog.getByRole('button', { name: /WalletConnect/ }).tap()
    await expectOpen(page, 'All Wallets')
    const rainbow = dialog.locator(`[data-wallet-id="${rainbowId}"]`)
    // The pairing URI is made as the list shows, so the tap can open the app at once.
    await expect(dialog.locator('[data-pairing="ready"]')).toBeVisible()
    await rainbow.tap()
    // The browser was asked to open rainbow://wc?uri=… in the tap (recorded by the init script).
    const link = await modal(page)
      .frame.locator('body')
      .evaluate(() => (window as unknown as { opened: string[] }).opened[0])
    expect(link).toMatch(/^rainbow:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402/)
    await expect(
      dialog.getByRole('status').filter({ hasText: 'Continue in Rainbow' }),
    ).toBeVisible()
    // The wallet app pairs with the URI it was opened with.
    const peer = await createWalletPeer({ privateKey: phone.privateKey, name: 'Rainbow' })
    peers.push(peer)
    await peer.pair(new URL(link!).searchParams.get('uri')!)
    await peer.approve(await peer.nextProposal())
    await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
    expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(phone.address)
  })

  test('behavior: Opening rule 2 — no adapters and no address shows All Wallets on a phone', async ({
    page,
  }) => {
    // A network the API doesn't know leaves the site without adapters.
    await sdkPage(page, { networks: ['eip155:999999999'] })
    await waitForAirlock(page)
    await page.evaluate(() => window.airlock!.open())
    await expectOpen(page, 'All Wallets')
  })
})

test('behavior: Opening rule 2 — no adapters and no address shows the WalletConnect QR code on a desktop', async ({
  page,
}) => {
  await sdkPage(page, { networks: ['eip155:999999999'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'WalletConnect')
  const qr = modal(page).dialog.getByRole('img', { name: 'QR code to scan with a mobile wallet' })
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
})

test('behavior: a wallet with a desktop app gets its button; one without links gets the QR code', async ({
  page,
}) => {
  await sdkPage(page, { networks: ['eip155:31337'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open({ view: 'AllWallets' }))
  const { dialog } = modal(page)
  await dialog.locator(`[data-wallet-id="${rainbowId}"]`).click()
  await expectOpen(page, 'WalletConnect')
  const qr = dialog.getByRole('img', { name: 'QR code to scan with a mobile wallet' })
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
  await expect(dialog.getByText('Scan this QR code with Rainbow')).toBeVisible()
})
