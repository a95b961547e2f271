// Clickjacking of the approval (issue 34 point 4): a host page that makes the modal's frame
// transparent over its own "Claim" button, or covers the frame with its own picture while clicks
// pass through to it, gets no approval from the visitor's click — the frame arms Approve only
// after the card has been seen for 500 ms, as Chromium proves it inside the frame
// (IntersectionObserver v2). The same request, once the visitor can see it, is approved.
import type { Page } from '@playwright/test'
import { type Address, type Hex, verifyMessage } from 'viem'
import { freshEmail, openSite, signUpByEmail } from './support/email'
import { modal } from './support/modal'
import { expect, test } from './support/test'

type Claim = { signature?: Hex; error?: number }
type ClaimWindow = Window & { claim?: Claim }

/** The site asks the wallet to sign "hi"; what it gets back lands on `window.claim`. */
async function askForSignature(page: Page, address: string) {
  await page.evaluate((account) => {
    window.airlock!.provider.request({ method: 'personal_sign', params: ['0x6869', account] }).then(
      (signature) => {
        ;(window as ClaimWindow).claim = { signature: signature as Hex }
      },
      (error: { code: number }) => {
        ;(window as ClaimWindow).claim = { error: error.code }
      },
    )
  }, address)
}

const claimOf = (page: Page) => page.evaluate(() => (window as ClaimWindow).claim)

/** The host page's own "Claim" button, put where the frame's Approve is. */
async function claimButtonUnder(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
) {
  await page.evaluate((at) => {
    const claim = document.body.appendChild(document.createElement('button'))
    claim.textContent = 'Claim'
    claim.style.cssText = `position:fixed;left:${at.x}px;top:${at.y}px;width:${at.width}px;height:${at.height}px`
  }, box)
}

const hidings = {
  'makes the frame transparent': () => {
    const style = document.head.appendChild(document.createElement('style'))
    style.id = 'hiding'
    style.textContent = 'iframe[data-airlock] { opacity: 0 !important }'
  },
  'covers the frame with its own picture': () => {
    const cover = document.body.appendChild(document.createElement('div'))
    cover.id = 'hiding'
    // Above the frame, opaque, and letting clicks through to the frame below.
    cover.style.cssText = 'position:fixed;inset:0;z-index:1000;background:#fff;pointer-events:none'
  },
}

for (const [hiding, hide] of Object.entries(hidings))
  test(`security: a host page that ${hiding} over its own button gets no approval from the visitor's click`, async ({
    page,
  }) => {
    await openSite(page)
    const { address } = await signUpByEmail(page, freshEmail())
    const { dialog } = modal(page)
    const approve = dialog.getByRole('button', { name: 'Approve', exact: true })

    // Hidden before the request: the modal opens for it without the visitor ever seeing it.
    await page.evaluate(hide)
    await askForSignature(page, address)
    await expect(dialog.locator('[data-approval-kind="message"]')).toBeAttached()
    const shownAt = Date.now()
    const box = await approve.boundingBox()
    if (!box) throw new Error('Approve has no box.')
    await claimButtonUnder(page, box)
    // The host waits out the old 500 ms delay, counted from the request, before the visitor's
    // click it asked for ("Claim your reward").
    await page.waitForFunction((after) => Date.now() > after, shownAt + 1_000)
    await expect(approve).toHaveAttribute('data-arming', 'waiting')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)

    // Seen again: the same request still waits (the click approved nothing) and arms only now.
    await page.evaluate(() => document.getElementById('hiding')?.remove())
    await expect(approve).toHaveAttribute('data-arming', 'armed')
    await expect(dialog.locator('[data-approval-message]')).toHaveText('hi')
    expect(await claimOf(page)).toBeUndefined()

    // The visitor, seeing it, decides: Reject declines it as the visitor's no.
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect.poll(() => claimOf(page)).toEqual({ error: 4001 })
  })

test('behavior: a request the visitor sees is approved and signed', async ({ page }) => {
  await openSite(page)
  const { address } = await signUpByEmail(page, freshEmail())
  const { dialog } = modal(page)
  await askForSignature(page, address)
  const approve = dialog.getByRole('button', { name: 'Approve', exact: true })
  await expect(approve).toHaveAttribute('data-arming', 'armed')
  await approve.click()
  await expect.poll(async () => (await claimOf(page))?.signature).toMatch(/^0x[0-9a-f]{130}$/)
  const { signature } = (await claimOf(page)) as { signature: Hex }
  expect(await verifyMessage({ address: address as Address, message: 'hi', signature })).toBe(true)
})
