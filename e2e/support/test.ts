// The `test` every e2e spec uses: Playwright's, plus an automatic check that no page of the test
// (the host page, its frames — the modal's included — and any window it opened) had an uncaught
// error or an unhandled rejection (a spec that passes with a broken page does not pass), and the
// shared steps as fixtures: `connectWallet` connects a browser wallet through the modal.
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test'

/** Collects every uncaught error and unhandled rejection of the context's pages into `errors`. */
export function watchPageErrors(context: BrowserContext, errors: string[]) {
  const watch = (page: Page) =>
    page.on('pageerror', (error) =>
      errors.push(`${page.url()}: ${error.stack ?? `${error.name}: ${error.message}`}`),
    )
  for (const page of context.pages()) watch(page)
  context.on('page', watch)
}

/** Opens the modal, picks the named browser wallet and waits until the site is connected. */
export type ConnectWallet = (walletName: string, page?: Page) => Promise<void>

export const test = base.extend<{ pageErrors: string[]; connectWallet: ConnectWallet }>({
  connectWallet: async ({ page }, use) => {
    await use(async (walletName, target = page) => {
      await target.evaluate(() => window.airlock!.open())
      await target
        .frameLocator('iframe[data-airlock]')
        .getByRole('dialog')
        .getByRole('button', { name: new RegExp(walletName) })
        .click()
      await target.waitForFunction(() => window.airlock!.getState().status === 'connected')
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
