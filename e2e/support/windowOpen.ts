// Records what the modal asks the browser to open (a wallet's deeplink) in every frame of a
// context, instead of opening it: a phone would hand `rainbow://…` to the app; Chromium here has
// no app to hand it to.
import type { BrowserContext, Page } from '@playwright/test'
import { modal } from './modal'

export function recordWindowOpen(context: BrowserContext) {
  return context.addInitScript(() => {
    const opened: string[] = []
    Object.assign(window, { opened })
    window.open = (url) => {
      opened.push(String(url))
      return null
    }
  })
}

/** The URLs the modal's frame asked to open, in order. */
export function openedByModal(page: Page): Promise<string[]> {
  return modal(page)
    .frame.locator('body')
    .evaluate(() => (window as unknown as { opened: string[] }).opened)
}
