// Journey (issue 36): a purchase the visitor can follow. They open Meld's checkout from Buy; the
// order shows in Activity as pending; a webhook with a bad signature, or for an order the API never
// opened, changes nothing; Meld's signed webhook completes it, and Activity shows it completed with
// a toast. Meld's API is faked inside the stack's API process (support/onrampProviders.mjs); the
// test plays Meld's webhook sender, signing as Meld's docs say with the secret the API was given.
import { createHmac } from 'node:crypto'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { meldWebhookSecret } from '../apps/api/test/onrampProviders'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { installTestWallet } from './support/testWallet'

const webhookUrl = `${origins.modal}/v1/onramp/webhooks/meld`

/** Meld's webhook for `orderId`: base64url HMAC-SHA256 over `timestamp.url.body`, as Meld signs. */
function meldWebhook(eventType: string, orderId: string, secret = meldWebhookSecret) {
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

/** A fresh wallet connected on the demo, on Ethereum (where USDC is bought), the modal on Buy. */
async function openBuy(page: Page, connectWallet: (name: string) => Promise<void>) {
  const privateKey = generatePrivateKey()
  await installTestWallet(page, { name: 'Order Wallet', rdns: 'dev.airlock.order', privateKey })
  await page.goto(origins.demo)
  await waitForAirlock(page)
  await connectWallet('Order Wallet')
  await page.evaluate(() => window.airlock!.switchNetwork('eip155:1'))
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('button', { name: 'Buy', exact: true }).click()
  await expectOpen(page, 'Buy')
  return privateKeyToAccount(privateKey).address
}

test('behavior: a purchase shows pending in Activity, bad webhooks change nothing, and Meld’s signed webhook completes it with a toast', async ({
  page,
  context,
  connectWallet,
  request,
}) => {
  await context.route(/^https:\/\/meldcrypto\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title>' }),
  )
  await openBuy(page, connectWallet)
  const { dialog } = modal(page)
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('100')
  const meld = dialog.locator('[data-onramp-provider="meld"]')
  await expect(meld.locator('[data-onramp-receive]')).toHaveText(/^97\.5\d* USDC$/)
  await meld.click()
  const checkout = page.waitForResponse((response) => response.url().includes('/onramp/checkout'))
  const popup = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Meld.io' }).click()
  const { orderId } = (await (await checkout).json()) as { orderId: string }
  expect(orderId).toMatch(/^ord_/)
  await (await popup).close()
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

  // Meld's own webhook: the order completes, Activity shows it, and a toast says so.
  const signed = await request.post(webhookUrl, meldWebhook('TRANSACTION_CRYPTO_COMPLETE', orderId))
  expect(signed.status()).toBe(200)
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 15_000 })
  await expect(row.getByText('Pending', { exact: true })).toHaveCount(0)
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Purchase complete: 97.5 USDC' }),
  ).toBeVisible()
})
