// The `test` every e2e spec uses: Playwright's, plus an automatic check that no page of the test
// (the host page, its frames — the modal's included — and any window it opened) had an uncaught
// error or an unhandled rejection. A spec that passes with a broken page does not pass.
import { type BrowserContext, test as base, expect } from '@playwright/test'

/** Collects every uncaught error and unhandled rejection of the context's pages into `errors`. */
export function watchPageErrors(context: BrowserContext, errors: string[]) {
  const watch = (page: import('@playwright/test').Page) =>
    page.on('pageerror', (error) =>
      errors.push(`${page.url()}: ${error.stack ?? `${error.name}: ${error.message}`}`),
    )
  for (const page of context.pages()) watch(page)
  context.on('page', watch)
}

export const test = base.extend<{ pageErrors: string[] }>({
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
