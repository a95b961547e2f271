// A smart account's batch pending in the bundler (issue 35 points 6 and 9): the e2e stack's alto is
// put in manual bundling mode (its debug methods, on in the e2e stack), so a user operation stays
// in its mempool until the test sends the bundle. That holds every test's operations, so this spec
// is its own Playwright project, run after all the others, one test at a time (playwright.config.ts:
// not fully parallel), and the fixture puts alto back in auto mode when each test ends, passed or
// not.
import type { Page } from '@playwright/test'
import { type Hex, parseEther, toHex } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { answerApproval } from './support/email'
import { fund } from './support/faucet'
import { modal, waitForAddress, waitForAirlock } from './support/modal'
import { ports } from './support/ports'
import { providerRequest } from './support/provider'
import { smartAccountVisitor } from './support/smartAccount'
import { test as checked, expect } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

/** The e2e stack's alto, its debug methods too. */
async function alto(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${ports.bundler}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`alto ${method}: ${body.error.message}`)
  return body.result
}

/** The user operations alto holds, not yet bundled. */
const heldOperations = async () =>
  (await alto('debug_bundler_dumpMempool', [entryPoint08Address])) as {
    callData: Hex
    maxFeePerGas: Hex
  }[]
const held = async () => (await heldOperations()).length
/** The one operation alto holds: its calls and fee, to see it replaced. */
const heldOperation = async () => {
  const [operation, ...others] = await heldOperations()
  expect(others).toEqual([])
  return operation
}

type HeldBundler = { sendBundleNow(): Promise<void> }

const test = checked.extend<{ heldBundler: HeldBundler }>({
  heldBundler: async ({ page: _ }, use) => {
    await alto('debug_bundler_setBundlingMode', ['manual'])
    try {
      await use({
        async sendBundleNow() {
          await expect.poll(held).toBeGreaterThan(0)
          await alto('debug_bundler_sendBundleNow')
        },
      })
    } finally {
      await alto('debug_bundler_setBundlingMode', ['auto'])
    }
  },
})

const statusOf = async (page: Page, id: Hex) =>
  (await providerRequest(page, 'wallet_getCallsStatus', [id])) as {
    status: number
    receipts?: { status: string; transactionHash: Hex }[]
  }

/** A smart-account visitor with 1 ETH sends 0.01 ETH to a fresh address as a batch, approved. */
async function sendPendingBatch(page: Page) {
  const smart = await smartAccountVisitor(page)
  await fund(smart, { ether: '1' })
  const receiver = freshAddress()
  const sending = providerRequest(page, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x7a69',
      calls: [{ to: receiver, value: toHex(parseEther('0.01')) }],
    },
  ])
  await answerApproval(page, 'calls', 'Approve')
  const { id } = (await sending) as { id: Hex }
  return { smart, receiver, id }
}

test('behavior: a batch pending across a reload is 100, then 200 with its receipt once the bundle is sent', async ({
  page,
  heldBundler,
}) => {
  const { smart, receiver, id } = await sendPendingBatch(page)
  await expect.poll(held).toBe(1)

  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, smart)
  expect(await statusOf(page, id)).toMatchObject({ status: 100, atomic: true })

  await heldBundler.sendBundleNow()
  await expect.poll(async () => (await statusOf(page, id)).status, { timeout: 15_000 }).toBe(200)
  const { receipts = [] } = await statusOf(page, id)
  expect(receipts).toMatchObject([{ status: '0x1' }])
  expect(
    await client.getTransactionReceipt({ hash: receipts[0]?.transactionHash as Hex }),
  ).toMatchObject({ status: 'success' })
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
})

test('behavior: a pending batch cancelled from Transaction Status: the visitor approves the no-op, it lands, the status is Cancelled (400) and nothing was sent', async ({
  page,
  heldBundler,
}) => {
  const { receiver, id } = await sendPendingBatch(page)
  await expect.poll(held).toBe(1)

  expect(await providerRequest(page, 'wallet_showCallsStatus', [id])).toBeNull()
  const { dialog } = modal(page)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Transaction Status')
  await expect(dialog.getByRole('status')).toHaveText('Pending')
  const original = await heldOperation()
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(dialog.getByText('Cancel the pending transaction')).toBeVisible()
  await answerApproval(page, 'calls', 'Approve')
  // Back on its status, the no-op in its place in alto's mempool (other calls, a higher fee).
  await expect(dialog.getByRole('status')).toHaveText('Pending')
  await expect.poll(async () => (await heldOperation())?.callData).not.toBe(original?.callData)
  expect(BigInt((await heldOperation())?.maxFeePerGas ?? 0)).toBeGreaterThan(
    BigInt(original?.maxFeePerGas ?? 0),
  )

  await heldBundler.sendBundleNow()
  await expect(dialog.getByRole('status')).toHaveText('Cancelled', { timeout: 15_000 })
  expect(await statusOf(page, id)).toMatchObject({ status: 400 })
  expect(await client.getBalance({ address: receiver })).toBe(0n)
})

test('behavior: a pending batch sped up from Transaction Status: the visitor approves the higher fee, the replacement lands, Confirmed (200) with its transaction hash', async ({
  page,
  heldBundler,
}) => {
  const { receiver, id } = await sendPendingBatch(page)
  await expect.poll(held).toBe(1)

  expect(await providerRequest(page, 'wallet_showCallsStatus', [id])).toBeNull()
  const { dialog } = modal(page)
  await expect(dialog.getByRole('status')).toHaveText('Pending')
  const original = await heldOperation()
  await dialog.getByRole('button', { name: 'Speed up', exact: true }).click()
  await expect(dialog.getByText('Speed up the pending transaction')).toBeVisible()
  await answerApproval(page, 'calls', 'Approve')
  // Back on its status, the same calls held with a higher fee in its place.
  await expect(dialog.getByRole('status')).toHaveText('Pending')
  await expect
    .poll(async () => BigInt((await heldOperation())?.maxFeePerGas ?? 0))
    .toBeGreaterThan(BigInt(original?.maxFeePerGas ?? 0))
  expect((await heldOperation())?.callData).toBe(original?.callData)

  await heldBundler.sendBundleNow()
  await expect(dialog.getByRole('status')).toHaveText('Confirmed', { timeout: 15_000 })
  const { status, receipts = [] } = await statusOf(page, id)
  expect(status).toBe(200)
  await expect(dialog.getByText(receipts[0]?.transactionHash as Hex)).toBeVisible()
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
})
