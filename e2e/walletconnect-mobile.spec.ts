// Journey: a visitor on a phone taps a wallet in the list and the wallet app opens through its
// deeplink, carrying a pairing URI that connects; a site without chain adapters gets the
// WalletConnect view straight away (Opening rule 2).
import type { Address, Hex } from 'viem'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'
import { openedByModal, recordWindowOpen } from './support/windowOpen'

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

const sdkPage = gotoSdkPage

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('behavior: WalletConnect lists the wallets; a tap opens the wallet app with a pairing URI that connects', async ({
    page,
    context,
  }) => {
    await recordWindowOpen(context)
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
    // The browser was asked to open rainbow://wc?uri=… in the tap.
    const [link] = await openedByModal(page)
    expect(link).toMatch(/^rainbow:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402/)
    await expect(
      dialog.getByRole('status').filter({ hasText: 'Continue in Rainbow' }),
    ).toBeVisible()
    // A visitor without the app gets it from the phone's store (Rainbow lists the App Store).
    await expect(dialog.getByRole('link', { name: 'Get Rainbow' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/us/app/rainbow-ethereum-wallet/id1457119021',
    )
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

const ledgerLiveId = '4ab2542c2799c825a8465ba5ab8aa7def52b7904f38b74484af917ed9c0fc4e5'

test('behavior: a desktop wallet without a desktop app gets the QR code; one with it gets its button', async ({
  page,
  context,
}) => {
  await recordWindowOpen(context)
  await sdkPage(page, { networks: ['eip155:31337'] })
  await waitForAirlock(page)
  await page.evaluate(() => window.airlock!.open({ view: 'AllWallets' }))
  const { dialog } = modal(page)
  // Rainbow is a phone app only: its QR code, with no desktop button.
  await dialog.locator(`[data-wallet-id="${rainbowId}"]`).click()
  await expectOpen(page, 'WalletConnect')
  const qr = dialog.getByRole('img', { name: 'QR code to scan with a mobile wallet' })
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
  await expect(dialog.getByText('Scan this QR code with Rainbow')).toBeVisible()
  await expect(dialog.getByRole('button', { name: /desktop app/ })).toHaveCount(0)
  // A visitor without Rainbow can get it: no desktop store, so its homepage.
  await expect(dialog.getByText('Don’t have Rainbow?')).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Get Rainbow' })).toHaveAttribute(
    'href',
    'https://rainbow.me/',
  )
  // Ledger Live has a desktop app: the QR code for its phone app, and a button for the desktop.
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.locator(`[data-wallet-id="${ledgerLiveId}"]`).click()
  const uri = await qr.getAttribute('data-uri')
  await dialog.getByRole('button', { name: 'Open Ledger Live desktop app' }).click()
  const opened = await openedByModal(page)
  expect(opened).toEqual([`ledgerlive://wc?uri=${encodeURIComponent(uri!)}`])
})
