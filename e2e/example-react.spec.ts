// The React + wagmi example dapp (apps/example-react) on the real stack: a visitor connects
// through wagmi's connect with Airlock's connector (@airlock/wagmi) and the embedded wallet, sees
// the account in Airlock's ConnectButton (@airlock/react) and wagmi's balance, signs, pays and
// sends a batch (EIP-5792) through wagmi's hooks, is connected again after a reload, and
// disconnects; closing the modal rejects wagmi's connect instead of leaving it connecting.
import type { Page } from '@playwright/test'
import { type Address, type Hex, parseEther, verifyMessage } from 'viem'
import { answerApproval, freshEmail, signUpByEmail } from './support/email'
import { fund } from './support/faucet'
import { expectClosed, modal } from './support/modal'
import { origins } from './support/ports'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

/** The example's page, its Connect buttons on screen. */
async function openExample(page: Page) {
  await page.goto(origins.example)
  await expect(page.getByRole('button', { name: 'Connect with wagmi' })).toBeEnabled()
}

const output = (page: Page, name: string) => page.getByRole('status', { name })

test('behavior: a visitor connects through wagmi and the embedded wallet, then signs, pays and sends a batch with wagmi hooks; a reload keeps the connection', async ({
  page,
}) => {
  await openExample(page)
  const connectButton = page.getByRole('button', { name: 'Connect', exact: true })
  await expect(connectButton).toBeVisible()

  const { address } = await signUpByEmail(page, freshEmail(), () =>
    page.getByRole('button', { name: 'Connect with wagmi' }).click(),
  )
  const account = address as Address
  // wagmi's account is the modal's, and Airlock's ConnectButton shows it.
  await expect(output(page, 'Address')).toHaveText(account)
  await expect(connectButton).toBeHidden()
  // The short address as the modal shows it (4 and 6 characters), and the balance once funded.
  const shown = `${account.slice(0, 4)}…${account.slice(-6)}`
  await expect(page.getByRole('button', { name: shown })).toBeVisible()

  await fund(account, { ether: '1' })
  await expect(output(page, 'Balance')).toHaveText('1 ETH')

  // Sign: wagmi's useSignMessage, approved in the modal; the signature is the account's.
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  await answerApproval(page, 'message', 'Approve')
  const signature = (await output(page, 'Signature').textContent()) as Hex
  expect(
    await verifyMessage({ address: account, message: 'Hello from the Airlock example', signature }),
  ).toBe(true)

  // Pay: wagmi's useSendTransaction; the receipt is read back through wagmi.
  const receiver = freshAddress()
  const send = page.getByRole('form', { name: 'Send ETH' })
  await send.getByLabel('To').fill(receiver)
  await send.getByRole('button', { name: 'Send' }).click()
  await answerApproval(page, 'transaction', 'Approve')
  await expect(output(page, 'Transaction')).toHaveText(/^0x[0-9a-f]{64} \(success\)$/)
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  // The modal read the balance again after its send: the button shows what is left.
  await expect(
    page.getByRole('button', { name: new RegExp(`^${shown} 0\\.9\\d+ ETH$`) }),
  ).toBeVisible()

  // A batch: wagmi's useSendCalls (EIP-5792), one approval, both paid.
  const [first, second] = [freshAddress(), freshAddress()]
  const batch = page.getByRole('form', { name: 'Send a batch' })
  await batch.getByLabel('First').fill(first)
  await batch.getByLabel('Second').fill(second)
  await batch.getByRole('button', { name: 'Send both' }).click()
  await expect(modal(page).dialog.locator('[data-batch-call]')).toHaveCount(2)
  await answerApproval(page, 'calls', 'Approve')
  await expect(output(page, 'Batch')).toHaveText('success', { timeout: 15_000 })
  expect(await client.getBalance({ address: first })).toBe(parseEther('0.01'))
  expect(await client.getBalance({ address: second })).toBe(parseEther('0.01'))

  // A reload: wagmi reconnects through the connector, nothing clicked.
  await page.reload()
  await expect(output(page, 'Address')).toHaveText(account)

  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('button', { name: 'Connect with wagmi' })).toBeEnabled()
  await expect(connectButton).toBeVisible()
})

test('behavior: closing the modal rejects wagmi’s connect in words, and the button works again', async ({
  page,
}) => {
  await openExample(page)
  await page.getByRole('button', { name: 'Connect with wagmi' }).click()
  const { dialog } = modal(page)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Connect Wallet')
  await page.keyboard.press('Escape')
  await expectClosed(page)
  await expect(output(page, 'Connect error')).toContainText('User rejected the request.')
  await expect(page.getByRole('button', { name: 'Connect with wagmi' })).toBeEnabled()
})

test('behavior: Airlock’s ConnectButton opens the modal without wagmi’s help', async ({ page }) => {
  await openExample(page)
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(modal(page).dialog.getByRole('heading', { level: 1 })).toHaveText('Connect Wallet')
})
