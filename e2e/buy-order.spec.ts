// Journey (issue 36): a purchase the visitor can follow, through the stack's Meld stand-in
// (scripts/devOnramp.mjs), as a newcomer walks it with `npm start`. They open the checkout from
// Buy; the order shows in Activity as pending; a webhook with a bad signature, or one for an order
// the API never opened, changes nothing; they complete the purchase on the checkout page, whose
// signed webhook completes the order, and Activity shows it completed with a toast.
import { createHmac } from 'node:crypto'
import { devOnrampKeys } from '../scripts/devOnramp.mjs'
import { openBuy } from './support/buy'
import { expectOpen, modal } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'

const webhookUrl = `${origins.modal}/v1/onramp/webhooks/meld`

/** Meld's webhook for `orderId`: base64url HMAC-SHA256 over `timestamp.url.body`, as Meld signs. */
function meldWebhook(eventType: string, orderId: string, secret = devOnrampKeys.meldWebhookSecret) {
  const body = JSON.stringify({
    eventType,
    eventId: `evt-${eventType}`,
    timestamp: new Date().toISOString(),
    accountId: 'W2aRZnYGPwhBWB94iFsZus',
    version: '2025-03-01',
    payload: {
      paymentTransactionId: 'W9k9Tg12BFk1i68WpQYQY8',
      externalSessionId: orderId,
      paymentTransactionStatus: 'SETTLED',
    },
  })
  const timestamp = new Date().toISOString()
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}.${webhookUrl}.${body}`)
    .digest('base64url')
  return {
    headers: {
      'content-type': 'application/json',
      'meld-signature': `${signature}=`,
      'meld-signature-timestamp': timestamp,
    },
    data: body,
  }
}

const wallet = { name: 'Order Wallet', rdns: 'dev.airlock.order' }

test('behavior: a purchase shows pending in Activity, bad webhooks change nothing, and completing it at the checkout (its signed webhook) shows it completed with a toast', async ({
  page,
  connectWallet,
  request,
}) => {
  await openBuy(page, connectWallet, wallet)
  const { dialog } = modal(page)
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('100')
  const meld = dialog.locator('[data-onramp-provider="meld"]')
  await expect(meld.locator('[data-onramp-receive]')).toHaveText(/^97\.5\d* USDC$/)
  await meld.click()
  const checkout = page.waitForResponse((response) => response.url().includes('/onramp/checkout'))
  const popup = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Meld.io (test)' }).click()
  const { orderId } = (await (await checkout).json()) as { orderId: string }
  expect(orderId).toMatch(/^ord_/)
  const checkoutPage = await popup
  await expect(checkoutPage.getByRole('button', { name: 'Complete purchase' })).toBeVisible()
  await expect(dialog.locator('[data-onramp-handoff]')).toBeVisible()

  // Back to Account's Activity: the purchase is there, pending.
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expectOpen(page, 'Account')
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const purchases = dialog.getByRole('list', { name: 'Purchases' })
  const row = purchases.locator(`[data-onramp-order="${orderId}"]`)
  await expect(row).toContainText('Bought 97.5 USDC')
  await expect(row).toHaveAttribute('data-status', 'pending')
  await expect(row.getByText('Pending', { exact: true })).toBeVisible()

  // A webhook not signed by Meld's secret, and a signed one for an order never opened: refused.
  const forged = await request.post(
    webhookUrl,
    meldWebhook('TRANSACTION_CRYPTO_COMPLETE', orderId, 'not-the-meld-webhook-secret'),
  )
  expect(forged.status()).toBe(401)
  const unknown = await request.post(
    webhookUrl,
    meldWebhook('TRANSACTION_CRYPTO_COMPLETE', 'ord_neverOpenedByThisApi00'),
  )
  expect(unknown.status()).toBe(404)
  // The next read of the orders after them still says pending.
  const reread = await page.waitForResponse((response) => response.url().includes('/onramp/orders'))
  expect(await reread.json()).toMatchObject({ orders: [{ id: orderId, status: 'pending' }] })
  await expect(row).toHaveAttribute('data-status', 'pending')

  // The visitor completes the purchase at the checkout; its signed webhook completes the order,
  // Activity shows it, and a toast says so.
  await checkoutPage.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(
    checkoutPage.getByText("Meld's webhook was sent: the API answered 200"),
  ).toBeVisible()
  await checkoutPage.close()
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 15_000 })
  await expect(row.getByText('Pending', { exact: true })).toHaveCount(0)
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Purchase complete: 97.5 USDC' }),
  ).toBeVisible()
})
