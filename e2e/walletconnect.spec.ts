// Journey: a visitor connects a phone wallet through WalletConnect. The modal shows a QR code;
// the wallet (a real sign-client in the test process, signing with an anvil key) pairs with the
// URI behind it through the local relay, approves or rejects, answers the site's requests and
// disconnects. The site sees it all through airlock.provider.
import type { Page } from '@playwright/test'
import { type Address, type Hex, parseEther, verifyMessage } from 'viem'
import { expectClosed, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { gotoSdkPage } from './support/sdkPage'
import { expect, test } from './support/test'
import { anvilClient } from './support/testWallet'
import {
  connectPhone,
  nextRequestFor,
  qrUri,
  sealedSessionSaved,
  showQr,
  signsThroughProvider,
} from './support/walletConnect'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'

// Anvil's account #4: no other spec sends from it, so nonces don't race.
const phone = {
  privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' as Hex,
  address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as Address,
}

let peers: WalletPeer[] = []
async function phoneWallet(options: { chains?: `eip155:${number}`[] } = {}) {
  const peer = await createWalletPeer({
    privateKey: phone.privateKey,
    name: 'Phone Wallet',
    ...options,
  })
  peers.push(peer)
  return peer
}
test.afterEach(async () => {
  await Promise.all(peers.map((peer) => peer.close()))
  peers = []
})

/** The SDK page with this spec's networks unless a test names others. */
const sdkPage = (page: Page, options: object = {}) =>
  gotoSdkPage(page, { networks: ['eip155:31337', 'eip155:1'], ...options })

/** A site page whose visitor has connected the phone wallet; returns the wallet. */
async function connectedPhone(page: Page, options: { chains?: `eip155:${number}`[] } = {}) {
  const peer = await phoneWallet(options)
  await sdkPage(page)
  await waitForAirlock(page)
  await connectPhone(page, peer)
  return peer
}

test('behavior: scanning the QR code and approving connects the site through WalletConnect', async ({
  page,
}) => {
  const peer = await phoneWallet()
  // Everything the page and its frames log: sign-client warns of a metadata URL not the page's.
  const consoleMessages: string[] = []
  page.on('console', (message) => consoleMessages.push(message.text()))
  await sdkPage(page)
  await waitForAirlock(page)
  const uri = await showQr(page)
  await peer.pair(uri)
  const proposal = await peer.nextProposal()
  // The proposal asks for the site's networks with eip155's standard methods and events.
  expect(proposal.params.optionalNamespaces.eip155).toMatchObject({
    chains: ['eip155:31337', 'eip155:1'],
    events: ['chainChanged', 'accountsChanged'],
  })
  expect(proposal.params.optionalNamespaces.eip155!.methods).toEqual(
    expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4']),
  )
  // Not eth_sign: it signs any hash, which a phishing page passes off as a message.
  expect(proposal.params.optionalNamespaces.eip155!.methods).not.toContain('eth_sign')
  // The wallet is told the site in words, and the origin that really asks (the modal's, what
  // WalletConnect Verify attests) as the URL.
  const site = new URL(origins.fixtures).host
  expect(proposal.params.proposer.metadata).toMatchObject({
    name: site,
    description: `Connect to ${site} via Airlock`,
    url: origins.modal,
    icons: [`${origins.fixtures}/favicon.ico`],
  })
  await peer.approve(proposal)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(consoleMessages.filter((text) => /metadata\.url/.test(text))).toEqual([])
  await expectClosed(page)
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    status: 'connected',
    address: phone.address,
    caipAddress: `eip155:31337:${phone.address}`,
    chainId: 'eip155:31337',
    connectorId: 'walletConnect',
  })
  expect(
    await page.evaluate(() => window.airlock!.provider.request({ method: 'eth_accounts' })),
  ).toEqual([phone.address])
  // The session has no eth_sign, so the site's request fails as unsupported (4200) in the frame.
  expect(
    await page.evaluate(async (address) => {
      try {
        await window.airlock!.provider.request({
          method: 'eth_sign',
          params: [address, `0x${'ab'.repeat(32)}`],
        })
        return undefined
      } catch (error) {
        return (error as { code: number }).code
      }
    }, phone.address),
  ).toBe(4200)
  // The Account view names the wallet of the session.
  await page.evaluate(() => window.airlock!.open())
  await expect(
    modal(page).dialog.getByText(`${phone.address.slice(0, 4)}…${phone.address.slice(-6)}`),
  ).toBeVisible()
})

test('behavior: copy link puts the pairing URI on the clipboard and says so', async ({
  page,
  context,
}) => {
  for (const origin of [origins.modal, origins.fixtures])
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  await sdkPage(page)
  await waitForAirlock(page)
  const uri = await showQr(page)
  const { dialog } = modal(page)
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)
})

test('error: a rejected proposal says so and offers a fresh QR code that still works', async ({
  page,
}) => {
  const peer = await phoneWallet()
  await sdkPage(page)
  await waitForAirlock(page)
  const first = await showQr(page)
  await peer.pair(first)
  await peer.reject(await peer.nextProposal())
  const { dialog } = modal(page)
  await expect(dialog.getByRole('alert').filter({ hasText: 'Connection rejected' })).toBeVisible()
  expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  const second = await qrUri(page)
  expect(second).not.toBe(first)
  await peer.pair(second)
  await peer.approve(await peer.nextProposal())
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
})

test('behavior: personal_sign is answered by the phone; a declined one rejects with Signature declined', async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  const message = 'Sign in with your phone'
  const signing = page.evaluate(
    ([text, address]) =>
      window.airlock!.provider.request({ method: 'personal_sign', params: [text, address] }),
    [message, phone.address] as const,
  )
  const request = await nextRequestFor(peer, 'personal_sign')
  expect(request).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })
  await peer.answer(request)
  const signature = (await signing) as Hex
  expect(await verifyMessage({ address: phone.address, message, signature })).toBe(true)

  const declined = page.evaluate(async (address) => {
    try {
      await window.airlock!.provider.request({
        method: 'personal_sign',
        params: ['again', address],
      })
      return undefined
    } catch (error) {
      const { code, shortMessage } = error as { code: number; shortMessage: string }
      return { code, shortMessage }
    }
  }, phone.address)
  await peer.rejectRequest(await nextRequestFor(peer, 'personal_sign'))
  expect(await declined).toEqual({ code: 4001, shortMessage: 'Signature declined' })
})

test('behavior: eth_sendTransaction through the phone lands on anvil', async ({ page }) => {
  const peer = await connectedPhone(page)
  peer.autoAnswer('answer')
  const receiver = '0x000000000000000000000000000000000000dEaD'
  const before = await anvilClient().getBalance({ address: receiver })
  const hash = (await page.evaluate(
    ([from, to, value]) =>
      window.airlock!.provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to, value }],
      }),
    [phone.address, receiver, `0x${parseEther('0.01').toString(16)}`] as const,
  )) as Hex
  const receipt = await anvilClient().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(phone.address.toLowerCase())
  expect(await anvilClient().getBalance({ address: receiver })).toBe(before + parseEther('0.01'))
})

test('behavior: the wallet switching chain and disconnecting reach the site', async ({ page }) => {
  const peer = await connectedPhone(page, { chains: ['eip155:31337', 'eip155:1'] })
  await page.evaluate(() => {
    const seen: unknown[] = []
    ;(window as unknown as { seen: unknown[] }).seen = seen
    window.airlock!.provider.on('chainChanged', (chainId) => seen.push(['chainChanged', chainId]))
    window.airlock!.provider.on('disconnect', () => seen.push(['disconnect']))
  })
  await peer.emitChainChanged(1)
  await page.waitForFunction(() => window.airlock!.getState().chainId === 'eip155:1')
  await peer.disconnect()
  await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')
  const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)
  expect(seen).toEqual([['chainChanged', '0x1'], ['disconnect']])
  expect(
    await page.evaluate(() => window.airlock!.provider.request({ method: 'eth_accounts' })),
  ).toEqual([])
})

test('behavior: a network the wallet did not approve is shown as such', async ({ page }) => {
  await connectedPhone(page, { chains: ['eip155:31337'] })
  await page.evaluate(() => window.airlock!.open({ view: 'SwitchNetwork' }))
  const { dialog } = modal(page)
  const ethereum = dialog.locator('[data-network="eip155:1"]')
  await expect(ethereum).toBeDisabled()
  await expect(ethereum).toContainText('Not approved by the wallet')
  await expect(dialog.locator('[data-network="eip155:31337"]')).toBeEnabled()
})

test("behavior: a session that expires disconnects the site and shows 'Session Expired'", async ({
  page,
}) => {
  // The page's clock runs as usual until the test jumps it past the session's 7 days.
  await page.clock.install()
  await connectedPhone(page)
  await page.clock.fastForward(169 * 60 * 60 * 1000)
  await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')
  await page.evaluate(() => window.airlock!.open())
  const alert = modal(page).dialog.getByRole('alert')
  await expect(alert).toContainText('Session Expired')
  await alert.getByRole('button', { name: 'Dismiss' }).click()
  await expect(modal(page).dialog.getByRole('alert')).toHaveCount(0)
})

test('behavior: a reload restores the session without a prompt, and it still answers', async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  const proposals = peer.sessions().length
  await sealedSessionSaved(page)
  await page.reload()
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({
    address: phone.address,
    connectorId: 'walletConnect',
  })
  expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(false)
  // No new pairing: the same session, which still carries requests.
  expect(peer.sessions()).toHaveLength(proposals)
  peer.autoAnswer('answer')
  expect(await signsThroughProvider(page, phone.address, 'after reload')).toBe(true)
})

test('behavior: disconnecting from the site ends the session on the phone too', async ({
  page,
}) => {
  const peer = await connectedPhone(page)
  expect(peer.sessions()).toHaveLength(1)
  await page.evaluate(() => window.airlock!.disconnect())
  expect(await page.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
  await expect.poll(() => peer.sessions().length).toBe(0)
})
