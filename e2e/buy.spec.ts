import { openBuy } from './support/buy'
import { modal } from './support/modal'
import { expect, test } from './support/test'

const wallet = { name: 'Buy Wallet', rdns: 'dev.airlock.buy' }

test('behavior: limits and fees in words, quotes per provider, then the checkout in a new window for the address', async ({
  page,
  connectWallet,
}) => {
  const address = await openBuy(page, connectWallet, wallet)
  const { dialog } = modal(page)
  await expect(dialog.locator('[data-onramp-currency]')).toContainText('USDC')
  await expect(dialog.locator('[data-onramp-limits]')).toHaveText('From 10.00 to 7,500.00 USD')
  const amount = dialog.getByRole('textbox', { name: 'Amount', exact: true })
  const message = dialog.locator('[data-onramp-error]')
  const quotes: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/onramp/quote')) quotes.push(request.postData() ?? '')
  })

  await amount.fill('5')
  await expect(message).toHaveText('The minimum is 10.00 USD')
  await amount.fill('7500.01')
  await expect(message).toHaveText('The maximum is 7,500.00 USD')
  await amount.fill('12.345')
  await expect(message).toHaveText('At most 2 decimals')
  expect(quotes).toEqual([])

  await amount.fill('100')
  const meld = dialog.locator('[data-onramp-provider="meld"]')
  const coinbase = dialog.locator('[data-onramp-provider="coinbase"]')
  await expect(meld.locator('[data-onramp-receive]')).toHaveText(/^97\.5\d* USDC$/)
  await expect(coinbase.locator('[data-onramp-receive]')).toHaveText(/^98\.53\d* USDC$/)
  // Each provider's own fees for this amount, from its quote (issue 36).
  await expect(meld.locator('[data-onramp-fees]')).toHaveText('Fees 2.50 USD')
  await expect(coinbase.locator('[data-onramp-fees]')).toHaveText('Fees 1.47 USD')
  // The best quote is chosen.
  await expect(coinbase).toHaveAttribute('aria-pressed', 'true')

  await meld.click()
  await expect(meld).toHaveAttribute('aria-pressed', 'true')
  const checkout = page.waitForRequest((request) => request.url().includes('/onramp/checkout'))
  const popup = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Meld.io (test)' }).click()
  expect(JSON.parse((await checkout).postData() ?? '{}')).toMatchObject({
    provider: 'meld',
    address,
    network: 'eip155:1',
    amount: '100',
  })
  const checkoutPage = await popup
  // The stand-in's checkout page (Meld's widget would be https on meldcrypto.com).
  await expect
    .poll(() => checkoutPage.url())
    .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/meld\/checkout\/[\w-]+$/)
  await expect(checkoutPage.getByText(`sent to ${address}`)).toBeVisible()
  await expect(dialog.locator('[data-onramp-handoff]')).toHaveText(
    'Complete your purchase in the Meld.io (test) window.',
  )

  // The checkout page may not send the modal elsewhere: the frame's sandbox came with the window.
  const tabnabbed = await checkoutPage.evaluate(() => {
    try {
      window.opener.location.href = 'https://phishing.example/'
      return 'navigated'
    } catch (error) {
      return (error as Error).name
    }
  })
  expect(tabnabbed).toBe('SecurityError')
  await expect(dialog.locator('[data-onramp-handoff]')).toBeVisible()
})
