// Activity is complete (issue 35 point 7): native value moved inside a transaction — a smart
// account's send, made by the EntryPoint's call to it — is in the account's Activity, from the
// built-in indexer's call traces on the stack's anvil.
import type { Page } from '@playwright/test'
import { type Hex, parseEther, toHex } from 'viem'
import { answerApproval } from './support/email'
import { fund } from './support/faucet'
import { modal } from './support/modal'
import { providerRequest } from './support/provider'
import { smartAccountVisitor } from './support/smartAccount'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

/** The Activity row of `hash`, looked for again (the modal closed and opened) until it is there. */
async function activityRow(page: Page, hash: Hex) {
  const { dialog } = modal(page)
  const row = dialog.getByRole('tabpanel').locator(`li[data-tx-hash="${hash}"]`)
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.airlock!.close())
        await page.evaluate(() => window.airlock!.open())
        await dialog.getByRole('tab', { name: 'Activity' }).click()
        return row.count()
      },
      // The API's account-data cache lets go within 30 s.
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBe(1)
  return row
}

test('behavior: a smart account’s ETH send, made inside a user operation, is in its Activity as a send of 0.01 ETH', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const smart = await smartAccountVisitor(page)
  await fund(smart, { ether: '1' })
  const receiver = freshAddress()
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: smart, to: receiver, value: toHex(parseEther('0.01')) },
  ])
  await answerApproval(page, 'transaction', 'Approve')
  const hash = (await sending) as Hex
  const transaction = await client.getTransaction({ hash })
  // The bundler sent it, to the EntryPoint, with no value of its own: only a trace shows the send.
  expect(transaction.value).toBe(0n)
  expect(transaction.from.toLowerCase()).not.toBe(smart.toLowerCase())

  const row = await activityRow(page, hash)
  await expect(row).toHaveAttribute('data-operation', 'send')
  await expect(row).toContainText('0.01')
  await expect(row).toContainText('ETH')
})
