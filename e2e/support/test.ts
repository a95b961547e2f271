// The `test` every e2e spec uses: Playwright's, plus an automatic check that no page of the test
// (the host page, its frames — the modal's included — and any window it opened) had an uncaught
// error or an unhandled rejection (a spec that passes with a broken page does not pass), and the
// shared steps as fixtures: `pickWallet` picks a browser wallet in the modal and `connectWallet`
// waits for the site to be connected with it; `signAndSend` signs and pays through the site's
// `airlock.provider`; `reloadWhenConnected` reloads the page at once when the site is connected;
// `emailVisitor` signs a new visitor up with the email wallet on the demo project, on anvil;
// `expectAccessible` checks the modal's view with axe (WCAG 2.0/2.1 A and AA) in the light and dark
// themes at desktop and phone widths, and fails on any serious or critical violation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test'
import { type Address, type Hex, parseEther, verifyMessage } from 'viem'
import { accessibilityViolations, describeViolation } from './accessibility'
import { freshEmail, openSite, signUpByEmail } from './email'
import { waitForAirlock } from './modal'
import { anvilClient, freshAddress } from './testWallet'

/** Collects every uncaught error and unhandled rejection of the context's pages into `errors`. */
export function watchPageErrors(context: BrowserContext, errors: string[]) {
  const watch = (page: Page) =>
    page.on('pageerror', (error) =>
      errors.push(`${page.url()}: ${error.stack ?? `${error.name}: ${error.message}`}`),
    )
  for (const page of context.pages()) watch(page)
  context.on('page', watch)
}

/** Opens the modal and picks the named browser wallet (the wallet may prompt). */
export type PickWallet = (walletName: string, page?: Page) => Promise<void>

/** Opens the modal, picks the named browser wallet and waits until the site is connected. */
export type ConnectWallet = (walletName: string, page?: Page) => Promise<void>

/**
 * Arms the page as a visitor who reloads at once: `delayMs` (under 50) after the site hears
 * 'connected', the page reloads itself. Returns the wait for what follows: the reloaded page's
 * bridge up and the site connected again, with nothing clicked; it resolves to the address the
 * site had before the reload and the one it has after.
 */
export type ReloadWhenConnected = (
  delayMs: number,
  page?: Page,
) => Promise<() => Promise<{ before: string | null; after: string | undefined }>>

/**
 * Signs a message with `personal_sign` and sends ether with `eth_sendTransaction`, both through
 * the page's `airlock.provider` from the connected `from`; checks that the signature verifies
 * and that a receiver of this call's own holds exactly the ether sent, on anvil.
 */
export type SignAndSend = (
  from: Address,
  options: { message: string; ether: string },
  page?: Page,
) => Promise<void>

/**
 * The third-party storage regimes a modal frame meets: denied (Playwright's default context, as
 * incognito, Safari, Brave), partitioned (a regular profile) and allowed (third-party cookies
 * allowed, and with them unpartitioned storage).
 */
export const storageModes = ['denied', 'partitioned', 'allowed'] as const
export type StorageMode = (typeof storageModes)[number]

/**
 * Signs a fresh email up with the embedded wallet on the demo project's page, on anvil only; the
 * modal closes connected. Resolves the account's address (the EOA: the demo project offers no
 * smart account unless the visitor switches).
 */
export type EmailVisitor = (page?: Page) => Promise<Address>

/**
 * Checks the view the modal shows now (`view` names it in the report) with axe in both themes at
 * both widths (support/accessibility.ts); fails listing each serious or critical violation (rule,
 * impact, element, help), and attaches them to the test's report.
 */
export type ExpectAccessible = (view: string, page?: Page) => Promise<void>

/** A browser context in `mode`, its page errors watched, closed (and its profile removed) after. */
export type OpenStorageContext = (mode: StorageMode) => Promise<BrowserContext>

export const test = base.extend<{
  pageErrors: string[]
  pickWallet: PickWallet
  connectWallet: ConnectWallet
  reloadWhenConnected: ReloadWhenConnected
  signAndSend: SignAndSend
  openStorageContext: OpenStorageContext
  emailVisitor: EmailVisitor
  expectAccessible: ExpectAccessible
}>({
  expectAccessible: async ({ page }, use, testInfo) => {
    await use((view, target = page) =>
      base.step(`accessible: ${view}`, async () => {
        const violations = await accessibilityViolations(target)
        if (violations.length)
          await testInfo.attach(`accessibility violations in ${view}`, {
            body: JSON.stringify(violations, null, 2),
            contentType: 'application/json',
          })
        expect(
          violations.map(describeViolation),
          `serious or critical accessibility violations in ${view}`,
        ).toEqual([])
      }),
    )
  },
  emailVisitor: async ({ page }, use) => {
    await use(async (target = page) => {
      await openSite(target, { networks: ['eip155:31337'] })
      const { address } = await signUpByEmail(target, freshEmail())
      return address as Address
    })
  },
  openStorageContext: async ({ browser, playwright, launchOptions, pageErrors }, use) => {
    const closes: (() => Promise<void>)[] = []
    await use(async (mode) => {
      if (mode === 'denied') {
        const context = await browser.newContext()
        closes.push(() => context.close())
        watchPageErrors(context, pageErrors)
        return context
      }
      const profile = mkdtempSync(join(tmpdir(), 'airlock-profile-'))
      if (mode === 'allowed') {
        mkdirSync(join(profile, 'Default'))
        writeFileSync(
          join(profile, 'Default', 'Preferences'),
          JSON.stringify({
            profile: { cookie_controls_mode: 0, block_third_party_cookies: false },
          }),
        )
      }
      // A regular profile blocks third-party cookies and, with tracking protection's 3PCD off,
      // partitions the frame's storage by top-level site; 'allowed' also allows the third-party
      // cookies, and with them unpartitioned storage.
      const context = await playwright.chromium.launchPersistentContext(profile, {
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--disable-features=TrackingProtection3pcd'],
      })
      closes.push(async () => {
        await context.close()
        rmSync(profile, { recursive: true, force: true })
      })
      watchPageErrors(context, pageErrors)
      return context
    })
    for (const close of closes.reverse()) await close()
  },
  signAndSend: async ({ page }, use) => {
    await use(async (from, { message, ether }, target = page) => {
      const signature = (await target.evaluate(
        ([text, address]) =>
          window.airlock!.provider.request({ method: 'personal_sign', params: [text, address] }),
        [`0x${Buffer.from(message).toString('hex')}`, from],
      )) as Hex
      expect(await verifyMessage({ address: from, message, signature })).toBe(true)
      // Its own receiver: another test sending to the same one in parallel would change the sum.
      const receiver = freshAddress()
      const client = anvilClient()
      const hash = (await target.evaluate(
        ([sender, to, value]) =>
          window.airlock!.provider.request({
            method: 'eth_sendTransaction',
            params: [{ from: sender, to, value }],
          }),
        [from, receiver, `0x${parseEther(ether).toString(16)}`],
      )) as Hex
      await client.waitForTransactionReceipt({ hash })
      expect(await client.getBalance({ address: receiver })).toBe(parseEther(ether))
    })
  },
  pickWallet: async ({ page }, use) => {
    await use(async (walletName, target = page) => {
      await target.evaluate(() => window.airlock!.open())
      await target
        .frameLocator('iframe[data-airlock]')
        .getByRole('dialog')
        .getByRole('button', { name: new RegExp(walletName) })
        .click()
    })
  },
  connectWallet: async ({ page, pickWallet }, use) => {
    await use(async (walletName, target = page) => {
      await pickWallet(walletName, target)
      await target.waitForFunction(() => window.airlock!.getState().status === 'connected')
    })
  },
  reloadWhenConnected: async ({ page }, use) => {
    await use(async (delayMs, target = page) => {
      // The page is loaded: its next load is the reload.
      const reloaded = target.waitForEvent('load')
      await target.evaluate((delay) => {
        const unsubscribe = window.airlock!.subscribe((state) => {
          if (state.status !== 'connected') return
          unsubscribe()
          sessionStorage.setItem('e2e:addressBeforeReload', state.address ?? '')
          setTimeout(() => location.reload(), delay)
        })
      }, delayMs)
      return async () => {
        await reloaded
        await waitForAirlock(target)
        await target.waitForFunction(
          () => window.airlock!.getState().status === 'connected',
          undefined,
          { timeout: 10_000 },
        )
        return target.evaluate(() => ({
          before: sessionStorage.getItem('e2e:addressBeforeReload'),
          after: window.airlock!.getState().address,
        }))
      }
    })
  },
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      watchPageErrors(context, errors)
      await use(errors)
      expect(errors, 'uncaught errors or unhandled rejections in a page or its frames').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
