// Shared WalletConnect steps: show the QR code in the modal, read the URI behind it, and pair a
// wallet peer (support/walletPeer.ts) with it until the site is connected.
import type { Page } from '@playwright/test'
import { type Address, type Hex, verifyMessage } from 'viem'
import { connectionSaved, modal } from './modal'
import { expect } from './test'
import type { WalletPeer } from './walletPeer'

/** Opens the modal, clicks WalletConnect and returns the URI behind the QR code once drawn. */
export async function showQr(page: Page): Promise<string> {
  await page.evaluate(() => window.airlock!.open())
  return pickWalletConnect(page)
}

/** In the modal already open (on the site's request), clicks WalletConnect; the QR code's URI. */
export async function pickWalletConnect(page: Page): Promise<string> {
  await modal(page)
    .dialog.getByRole('button', { name: /WalletConnect/ })
    .click()
  return qrUri(page)
}

export async function qrUri(page: Page): Promise<string> {
  const qr = modal(page).dialog.getByRole('img', { name: 'QR code to scan with a mobile wallet' })
  await expect(qr).toHaveAttribute('data-ready', 'true')
  const uri = await qr.getAttribute('data-uri')
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri!
}

/** The whole pairing: QR → the phone pairs and approves → the site is connected. */
export async function connectPhone(page: Page, peer: WalletPeer) {
  const uri = await showQr(page)
  await peer.pair(uri)
  await peer.approve(await peer.nextProposal())
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
}

/**
 * Waits until the frame has saved the session and the connection, sealed, in the host page's
 * storage (the browser denies the frame its own in Playwright's default contexts).
 */
export async function sealedSessionSaved(page: Page, projectId = 'demo') {
  await connectionSaved(page, projectId)
  await page.waitForFunction(
    (key) => localStorage.getItem(key)?.startsWith('airlock-sealed:1:'),
    `airlock:v1:${projectId}:walletConnect`,
  )
}

/**
 * The next request for `method`; others the modal sends on its own (wallet_getCapabilities for
 * the Tokens tab) are answered as the phone would.
 */
export async function nextRequestFor(peer: WalletPeer, method: string) {
  for (;;) {
    const request = await peer.nextRequest()
    if (request.method === method) return request
    await peer.answer(request)
  }
}

/** Asks the connected wallet for a personal_sign through `airlock.provider`; true when it verifies. */
export async function signsThroughProvider(page: Page, address: Address, message: string) {
  const signature = (await page.evaluate(
    ({ address, message }) =>
      window.airlock!.provider.request({ method: 'personal_sign', params: [message, address] }),
    { address, message },
  )) as Hex
  return verifyMessage({ address, message, signature })
}
