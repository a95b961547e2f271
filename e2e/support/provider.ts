// A request through the site's `airlock.provider`, as the site's own script makes it: its result,
// or its error as `{ error: { code, message } }` so a test can compare what the site hears.
import type { Page } from '@playwright/test'

/** The site asks `method` with `params`; resolves to the result or `{ error: { code, message } }`. */
export function providerRequest(page: Page, method: string, params: unknown) {
  return page.evaluate(
    ([name, args]) =>
      window
        .airlock!.provider.request({ method: name as string, params: args as unknown[] })
        .catch((error: { code?: number; message?: string }) => ({
          error: { code: error.code, message: error.message },
        })),
    [method, params] as const,
  )
}
