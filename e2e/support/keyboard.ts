/**
 * Keyboard-only steps (issue 41): Tab to a control checking the focus ring of every control on
 * the way, open the modal from the site's own button, connect a browser wallet — shared by the
 * keyboard journeys (keyboard.spec.ts, swap-keyboard.spec.ts).
 */
import { expect, type Locator, type Page } from '@playwright/test'
import type { Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { modalFrameOf } from './accessibility'
import { openSite } from './email'
import { fund } from './faucet'
import { expectOpen, modal } from './modal'
import { installTestWallet } from './testWallet'

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, at most `limit` times;
 * every control it lands on on the way must show a focus ring: it matches `:focus-visible` and
 * has an outline or a box shadow.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}) {
  await expect(target).toBeVisible()
  const frame = await modalFrameOf(page)
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const focused = await frame.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body) return undefined
      const style = getComputedStyle(element)
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
      return {
        element: element.outerHTML.slice(0, 160),
        ring: element.matches(':focus-visible') && (outline || style.boxShadow !== 'none'),
      }
    })
    if (focused) expect(focused.ring, `a focus ring on ${focused.element}`).toBe(true)
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${limit} presses of Tab never reached ${target}`)
}

/** Tab (in the host page) to the site's own "Open wallet" button, Enter: the modal opens. */
export async function openByKeyboard(page: Page, title: string) {
  const opener = page.getByRole('button', { name: 'Open wallet' })
  for (let presses = 0; presses < 5; presses++) {
    if (await opener.evaluate((element) => element === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(opener).toBeFocused()
  await page.keyboard.press('Enter')
  await expectOpen(page, title)
}

/** The site (the SDK page on anvil), a test wallet installed, connected by keyboard only. */
export async function connectByKeyboard(page: Page, privateKey: Hex = generatePrivateKey()) {
  const wallet = await installTestWallet(page, { ...keyWallet, privateKey })
  await openSite(page, { networks: ['eip155:31337'] })
  await openByKeyboard(page, 'Connect Wallet')
  await tabTo(page, modal(page).dialog.getByRole('button', { name: new RegExp(keyWallet.name) }))
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected')
  return wallet
}

export const keyWallet = { name: 'Key Wallet', rdns: 'dev.airlock.keys' }

/** A fresh wallet connected by keyboard, funded with 1 ETH, the modal opened on Account by keyboard. */
export async function accountByKeyboard(page: Page) {
  const wallet = await connectByKeyboard(page)
  await fund(wallet.address, { ether: '1' })
  await openByKeyboard(page, 'Account')
  return wallet
}
