// Journey: a visitor connects and reloads the page at once (issue 33). Whatever the wallet (a
// browser extension, a phone through WalletConnect, the email wallet), the site is connected
// again after the reload with nothing clicked — 20 times in a row, each reload within 50 ms of
// the site hearing 'connected'. Playwright's default context denies the frame its own storage,
// so what the frame remembers goes sealed to the host page's: the slowest way to remember.
import type { Page } from '@playwright/test'
import { type Hex, isAddressEqual } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import {
  askForCode,
  codesMailedTo,
  enterCode,
  freshEmail,
  keepRecoveryCode,
  openSite,
  shownRecoveryCode,
} from './support/email'
import { waitForAirlock } from './support/modal'
import { gotoSdkPage } from './support/sdkPage'
import { test as base, expect } from './support/test'
import { installTestWallet } from './support/testWallet'
import { showQr } from './support/walletConnect'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'

const test = base.extend<{ phoneWallet: WalletPeer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it has none.
  phoneWallet: async ({}, use) => {
    const peer = await createWalletPeer({
      privateKey: generatePrivateKey() as Hex,
      name: 'Phone Wallet',
    })
    await use(peer)
    await peer.close()
  },
})

/** Each round's delay between the site hearing 'connected' and the reload: 0 to 47 ms. */
const rounds = 20
const reloadDelays = Array.from({ length: rounds }, (_, round) => Math.floor((round * 50) / rounds))

/** Disconnects from the site and waits until the site has heard it. */
async function disconnectSite(page: Page) {
  await page.evaluate(() => window.airlock!.disconnect())
  await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')
}

test('behavior: an extension wallet connected, then a reload within 50 ms, 20 times: connected again each time with no prompt', async ({
  page,
  pickWallet,
  reloadWhenConnected,
}) => {
  test.setTimeout(180_000)
  const wallet = await installTestWallet(page, { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' })
  await gotoSdkPage(page, { networks: ['eip155:31337'] })
  await waitForAirlock(page)
  const prompts = () =>
    wallet.requests.filter((request) => request.method === 'eth_requestAccounts').length
  for (const [round, delay] of reloadDelays.entries()) {
    await test.step(`round ${round + 1}: reload ${delay} ms after 'connected'`, async () => {
      const reloaded = await reloadWhenConnected(delay)
      await pickWallet('Alpha Wallet')
      const { before, after } = await reloaded()
      expect(before).toBe(wallet.address)
      expect(after).toBe(wallet.address)
      // One prompt a round, the connect's: the reload restored the connection without one.
      expect(prompts()).toBe(round + 1)
      await disconnectSite(page)
    })
  }
})

test('behavior: a WalletConnect wallet connected, then a reload within 50 ms, 20 times: connected again each time with no new pairing', async ({
  page,
  phoneWallet,
  reloadWhenConnected,
}) => {
  test.setTimeout(240_000)
  await gotoSdkPage(page, { networks: ['eip155:31337'] })
  await waitForAirlock(page)
  for (const [round, delay] of reloadDelays.entries()) {
    await test.step(`round ${round + 1}: reload ${delay} ms after 'connected'`, async () => {
      const reloaded = await reloadWhenConnected(delay)
      await phoneWallet.pair(await showQr(page))
      await phoneWallet.approve(await phoneWallet.nextProposal())
      const topics = phoneWallet.sessions().map((session) => session.topic)
      const { before, after } = await reloaded()
      expect(isAddressEqual(before as Hex, phoneWallet.address)).toBe(true)
      expect(isAddressEqual(after as Hex, phoneWallet.address)).toBe(true)
      // The session restored is the one approved: the phone was asked for no other.
      expect(phoneWallet.sessions().map((session) => session.topic)).toEqual(topics)
      await disconnectSite(page)
      await expect.poll(() => phoneWallet.sessions().length).toBe(0)
    })
  }
})

test('behavior: the email wallet signed up, then a reload within 50 ms, 20 times: connected again each time with no code', async ({
  page,
  reloadWhenConnected,
}) => {
  test.setTimeout(300_000)
  await openSite(page)
  for (const [round, delay] of reloadDelays.entries()) {
    await test.step(`round ${round + 1}: reload ${delay} ms after 'connected'`, async () => {
      const email = freshEmail()
      const reloaded = await reloadWhenConnected(delay)
      await enterCode(page, await askForCode(page, email))
      await shownRecoveryCode(page)
      const codes = (await codesMailedTo(email)).length
      // Kept and confirmed as a visitor does (the code read, two of its groups typed back).
      await keepRecoveryCode(page)
      const { before, after } = await reloaded()
      expect(before).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(after).toBe(before)
      expect(await page.evaluate(() => window.airlock!.getState().connectorId)).toBe('email')
      // Opened again from this device's share and the session: no code was asked for.
      expect((await codesMailedTo(email)).length).toBe(codes)
      await disconnectSite(page)
    })
  }
})
