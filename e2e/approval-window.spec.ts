// The approval window (issue 34 point 4): where the browser can't prove the modal's frame is seen
// (no IntersectionObserver v2: Firefox, Safari — emulated here by taking it out of Chromium), a
// request that moves value is approved in a top-level window on the modal's own origin, which no
// host page can make transparent or cover. A host page that makes the frame transparent over its
// own button gets no approval from the visitor's click: the click can only open that window.

import { approvalWindowPath } from '@airlock/protocol'
import type { Page } from '@playwright/test'
import { type Address, type Hex, parseEther, toHex } from 'viem'
import { freshEmail, openSite, signUpByEmail } from './support/email'
import { fund } from './support/faucet'
import { modal } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

type Sent = { hash?: Hex; error?: number }
type SentWindow = Window & { sent?: Sent }

test.beforeEach(async ({ context }) => {
  // As in Firefox and Safari: the frame can't prove what it shows is visible.
  await context.addInitScript(() => {
    delete (IntersectionObserverEntry.prototype as { isVisible?: unknown }).isVisible
  })
})

/** An email visitor on anvil with 1 ETH; the site asks it to send 0.01 ETH to `receiver`. */
async function askToSend(page: Page, receiver: Address) {
  await openSite(page, { networks: ['eip155:31337'] })
  const { address } = await signUpByEmail(page, freshEmail())
  await fund(address as Address, { ether: '1' })
  await page.evaluate(
    ([from, to, value]) => {
      window
        .airlock!.provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value }] })
        .then(
          (hash) => {
            ;(window as SentWindow).sent = { hash: hash as Hex }
          },
          (error: { code: number }) => {
            ;(window as SentWindow).sent = { error: error.code }
          },
        )
    },
    [address, receiver, toHex(parseEther('0.01'))] as const,
  )
  return address as Address
}

const sentOf = (page: Page) => page.evaluate(() => (window as SentWindow).sent)

test('behavior: where the frame cannot prove it is seen, a send is approved in a window on the modal’s own origin', async ({
  page,
  context,
}) => {
  const receiver = freshAddress()
  await askToSend(page, receiver)
  const { dialog } = modal(page)
  const card = dialog.locator('[data-approval-kind="transaction"]')
  await expect(card).toHaveAttribute('data-approval-window', 'closed')
  // The frame shows what is asked, and no Approve of its own.
  await expect(dialog.locator('[data-value]')).toHaveText('0.01 ETH')
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)

  const opening = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Approve in a secure window' }).click()
  const approvalWindow = await opening
  await expect(approvalWindow).toHaveURL(`${origins.modal}${approvalWindowPath}`)
  await expect(card).toHaveAttribute('data-approval-window', 'open')
  await expect(dialog).toContainText('Approve or reject in the window that opened.')

  // The same screen, in the window: the site that asks, what it sends, its fee.
  const shown = approvalWindow.locator('[data-approval-kind="transaction"]')
  await expect(shown.locator('[data-asking-origin]')).toHaveText(new URL(page.url()).origin)
  await expect(shown.locator('[data-value]')).toHaveText('0.01 ETH')
  await expect(shown.locator('[data-fee-max]')).toHaveText(/^\d+(\.\d+)? ETH/)
  await expect(shown.locator('[data-balance-change]')).toHaveText(['−0.01 ETH'])
  const approve = shown.getByRole('button', { name: 'Approve', exact: true })
  await expect(approve).toHaveAttribute('data-arming', 'armed')
  const closing = approvalWindow.waitForEvent('close')
  await approve.click()

  await expect.poll(async () => (await sentOf(page))?.hash).toMatch(/^0x[0-9a-f]{64}$/)
  const { hash } = (await sentOf(page)) as { hash: Hex }
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  // Decided: the window goes, and the frame's approval with it.
  await closing
  await expect(card).toHaveCount(0)
})

test('security: a host page that makes the frame transparent over its own button gets no approval from the visitor’s click, only the approval window', async ({
  page,
  context,
}) => {
  const receiver = freshAddress()
  await askToSend(page, receiver)
  const { dialog } = modal(page)
  const card = dialog.locator('[data-approval-kind="transaction"]')
  const inWindow = dialog.getByRole('button', { name: 'Approve in a secure window' })
  await expect(card).toHaveAttribute('data-approval-window', 'closed')

  // The host hides the frame and puts its own "Claim" where the frame's button is.
  const box = await inWindow.boundingBox()
  if (!box) throw new Error('The button has no box.')
  await page.evaluate((at) => {
    const style = document.head.appendChild(document.createElement('style'))
    style.textContent = 'iframe[data-airlock] { opacity: 0 !important }'
    const claim = document.body.appendChild(document.createElement('button'))
    claim.textContent = 'Claim'
    claim.style.cssText = `position:fixed;left:${at.x}px;top:${at.y}px;width:${at.width}px;height:${at.height}px`
  }, box)
  const opening = context.waitForEvent('page')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)

  // The click opened the approval window, in plain view, and approved nothing.
  const approvalWindow = await opening
  await expect(approvalWindow).toHaveURL(`${origins.modal}${approvalWindowPath}`)
  await expect(card).toHaveAttribute('data-approval-window', 'open')
  expect(await sentOf(page)).toBeUndefined()

  // The visitor, seeing what it is, rejects it in the window.
  await approvalWindow.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect.poll(() => sentOf(page)).toEqual({ error: 4001 })
  expect(await client.getBalance({ address: receiver })).toBe(0n)
})

test('behavior: a visitor who closes the approval window can open it again; a message to sign stays in the frame', async ({
  page,
  context,
}) => {
  const receiver = freshAddress()
  const address = await askToSend(page, receiver)
  const { dialog } = modal(page)
  const card = dialog.locator('[data-approval-kind="transaction"]')
  const opening = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Approve in a secure window' }).click()
  await (await opening).close()
  await expect(card).toHaveAttribute('data-approval-window', 'closed')
  // Still asked: opened again, it shows the same request.
  const reopening = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Approve in a secure window' }).click()
  const again = await reopening
  await expect(again.locator('[data-value]')).toHaveText('0.01 ETH')
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect.poll(() => sentOf(page)).toEqual({ error: 4001 })
  // Rejected in the frame: the window goes too.
  await expect.poll(() => again.isClosed()).toBe(true)

  // A message moves nothing: it is signed in the frame, which says visibility is not proven.
  const signing = page.evaluate(
    (account) =>
      window.airlock!.provider.request({ method: 'personal_sign', params: ['0x6869', account] }),
    address,
  )
  await expect(dialog.locator('[data-approval-kind="message"]')).toBeVisible()
  await expect(dialog).toContainText("This browser can't prove the request is shown to you")
  const approve = dialog.getByRole('button', { name: 'Approve', exact: true })
  await expect(approve).toHaveAttribute('data-arming', 'armed')
  await approve.click()
  expect(await signing).toMatch(/^0x[0-9a-f]{130}$/)
})
