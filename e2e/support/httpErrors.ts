// Records the answers of 400 and above a page and its frames get (the browser logs each as an
// error in the visitor's console): a normal journey — a first sign-in, a free name — makes none.
import type { Page } from '@playwright/test'

/** Every response of status ≥ 400 the page (its frames included) gets from now on. */
export function recordHttpErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  return errors
}
