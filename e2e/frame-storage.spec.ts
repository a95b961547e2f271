import type { Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import { frameSelector, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { sdkPageUrl } from './support/sdkPage'
import { expect, storageModes, test } from './support/test'
import { installTestWallet } from './support/testWallet'
import { connectPhone, sealedSessionSaved, signsThroughProvider } from './support/walletConnect'
import { createWalletPeer, type WalletPeer } from './support/walletPeer'

const sdkUrl = sdkPageUrl({ networks: ['eip155:31337'] })

/** What a script on the host page can read: its storage areas and its cookies. */
type HostDump = { local: Record<string, string>; session: Record<string, string>; cookie: string }
const dumpHost = (page: Page): Promise<HostDump> =>
  page.evaluate(() => ({
    local: { ...localStorage },
    session: { ...sessionStorage },
    cookie: document.cookie,
  }))

let cleanups: (() => Promise<void> | void)[] = []
test.afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

test.describe('frame storage', () => {
  for (const mode of storageModes) {
    test(`security: storage ${mode}: a reload restores the session, a copy of the host's storage restores nothing`, async ({
      openStorageContext,
    }) => {
      /** Whether the modal frame itself may keep storage in this context. */
      const frameHasStorage = (page: Page) =>
        page
          .frameLocator(frameSelector)
          .locator(':root')
          .evaluate(() => {
            try {
              return localStorage.length >= 0
            } catch {
              return false
            }
          })

      const peer: WalletPeer = await createWalletPeer({
        privateKey: generatePrivateKey(),
        name: 'Phone Wallet',
      })
      cleanups.push(() => peer.close())
      const context = await openStorageContext(mode)
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto(sdkUrl)
      await waitForAirlock(page)
      expect(await frameHasStorage(page)).toBe(mode !== 'denied')
      await connectPhone(page, peer)
      const topic = peer.sessions()[0]!.topic
      if (mode === 'denied') await sealedSessionSaved(page)
      else
        await expect
          .poll(() =>
            page
              .frameLocator(frameSelector)
              .locator(':root')
              .evaluate(
                (_, origin) =>
                  localStorage.getItem(`airlock:v1:demo:${origin}:walletConnect`) ?? '',
                origins.fixtures,
              ),
          )
          .toContain(topic)

      // What a host script can take: nothing of the session in the clear.
      const dump = await dumpHost(page)
      expect(JSON.stringify(dump)).not.toContain(topic)
      if (mode !== 'denied') expect(Object.keys(dump.local)).toEqual([])

      // Reload: the same session, without a prompt, still answering.
      await page.reload()
      await waitForAirlock(page)
      await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
      expect(await page.evaluate(() => window.airlock!.getState().address)).toBe(peer.address)
      peer.autoAnswer('answer')
      expect(await signsThroughProvider(page, peer.address, 'after reload')).toBe(true)

      // The attacker's browser, with everything the host script copied put back in place.
      const answered = peer.requests.length
      const elsewhere = await openStorageContext(mode)
      const attacker = elsewhere.pages()[0] ?? (await elsewhere.newPage())
      await attacker.addInitScript(
        ({ copied, host }: { copied: HostDump; host: string }) => {
          // Init scripts run in every frame: only the host page's own storage is the copy's.
          if (location.origin !== host) return
          for (const [key, value] of Object.entries(copied.local)) localStorage.setItem(key, value)
          for (const [key, value] of Object.entries(copied.session))
            sessionStorage.setItem(key, value)
          // biome-ignore lint/suspicious/noDocumentCookie: put back as the attacker's script would.
          for (const cookie of copied.cookie.split('; ').filter(Boolean)) document.cookie = cookie
        },
        { copied: dump, host: origins.fixtures },
      )
      // With a sealed copy to open, the frame asks for its key; its answer is this browser's own.
      const keyAsked =
        mode === 'denied'
          ? attacker.waitForResponse((response) => response.url().endsWith('/v1/frame-key'))
          : undefined
      await attacker.goto(sdkUrl)
      await waitForAirlock(attacker)
      await keyAsked
      // One more round trip over the bridge: the frame has finished with what it read.
      await attacker.evaluate(() => window.airlock!.close())
      expect(await attacker.evaluate(() => window.airlock!.getState().status)).toBe('disconnected')
      const refused = await attacker.evaluate(
        (address) =>
          window
            .airlock!.provider.request({ method: 'personal_sign', params: ['steal', address] })
            .then(
              () => null,
              (error) => error.code,
            ),
        peer.address,
      )
      expect(refused).toBe(4900)
      expect(peer.requests.length).toBe(answered)
    })
  }
})

test('security: what the modal remembers for one project on one origin stays there', async ({
  page,
  connectWallet,
}) => {
  await installTestWallet(page, { name: 'Alpha Wallet', rdns: 'dev.airlock.alpha' })
  // Which of its storage keys the host page was asked for (the frame's reads, over the bridge).
  await page.addInitScript(() => {
    const reads: string[] = []
    Object.assign(window, { storageReads: reads })
    const getItem = Storage.prototype.getItem
    Storage.prototype.getItem = function (key: string) {
      reads.push(key)
      return getItem.call(this, key)
    }
  })
  const sdk = (options: object) => sdkPageUrl({ networks: ['eip155:31337'], ...options })
  /** Loads a page and waits until the frame has read what it remembers and acted on it. */
  async function load(url: string, projectId: string) {
    await page.goto(url)
    await waitForAirlock(page)
    await page.waitForFunction(
      (key) => (window as unknown as { storageReads: string[] }).storageReads.includes(key),
      `airlock:v1:${projectId}:recentWallets`,
    )
    // One more round trip over the bridge: the frame has finished with what it read.
    await page.evaluate(() => window.airlock!.close())
    return page.evaluate(() => window.airlock!.getState().status)
  }

  expect(await load(sdk({}), 'demo')).toBe('disconnected')
  await connectWallet('Alpha Wallet')
  await page.waitForFunction(() => localStorage.getItem('airlock:v1:demo:connections') !== null)

  // Another project on the same site sees nothing of it.
  expect(await load(sdk({ projectId: 'neighbour' }), 'neighbour')).toBe('disconnected')
  await page.evaluate(() => window.airlock!.open())
  await expect(modal(page).dialog.getByRole('button', { name: /Alpha Wallet/ })).toBeVisible()
  await expect(modal(page).dialog.getByText('Recent')).toHaveCount(0)
  // The same project on another allowed origin neither.
  expect(await load(origins.demo, 'demo')).toBe('disconnected')
  // Where it was made, the connection comes back.
  await page.goto(sdk({}))
  await waitForAirlock(page)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
})
