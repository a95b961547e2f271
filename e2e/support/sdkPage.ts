/**
 * The fixtures origin's SDK page (e2e/fixtures/sdk.html): it calls `createAirlock(options)` with
 * the options in its query, so a test says exactly what the site passes.
 */
import type { Page } from '@playwright/test'
import { origins } from './ports'

export function sdkPageUrl(options: object): string {
  return `${origins.fixtures}/sdk.html?options=${encodeURIComponent(JSON.stringify(options))}`
}

export function gotoSdkPage(page: Page, options: object) {
  return page.goto(sdkPageUrl(options))
}
