// EIP-5792 in the browser (issue 35 point 5): a smart account's batch followed by its id after a
// reload (the id carries what its status needs: nothing is kept in the frame), and shown to the
// visitor by wallet_showCallsStatus in CallsStatus; the EOA's batch of sequential transactions,
// its capabilities and its status from every receipt.
import { type Address, type Hex, parseEther, toHex } from 'viem'
import { answerApproval, freshEmail, openSite, signUpByEmail } from './support/email'
import { fund } from './support/faucet'
import { modal, waitForAddress, waitForAirlock } from './support/modal'
import { providerRequest } from './support/provider'
import { smartAccountVisitor } from './support/smartAccount'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

const statusOf = async (page: Parameters<typeof providerRequest>[0], id: Hex) =>
  (await providerRequest(page, 'wallet_getCallsStatus', [id])) as {
    status: number
    atomic: boolean
    receipts?: { status: string; transactionHash: Hex }[]
  }

test('behavior: a smart account batch is followed by its id after a reload, and wallet_showCallsStatus shows it Confirmed with its transaction hash', async ({
  page,
}) => {
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
  await expect.poll(async () => (await statusOf(page, id)).status, { timeout: 15_000 }).toBe(200)

  // A reload: the frame starts again with nothing kept, and the id still answers.
  await page.reload()
  await waitForAirlock(page)
  await waitForAddress(page, smart)
  const status = await statusOf(page, id)
  expect(status).toMatchObject({ status: 200, atomic: true, receipts: [{ status: '0x1' }] })
  const transactionHash = status.receipts?.[0]?.transactionHash as Hex

  expect(await providerRequest(page, 'wallet_showCallsStatus', [id])).toBeNull()
  const { dialog } = modal(page)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Transaction Status')
  await expect(dialog.getByRole('status')).toHaveText('Confirmed')
  await expect(dialog.getByText(transactionHash)).toBeVisible()
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))

  // An id this account did not send: 5730, and nothing is shown for it.
  expect(
    await providerRequest(page, 'wallet_getCallsStatus', [`0x01${'ab'.repeat(56)}`]),
  ).toMatchObject({ error: { code: 5730 } })
})

test('behavior: the EOA sends a batch as sequential transactions after one approval; atomicRequired is 5760', async ({
  page,
}) => {
  // The demo project has no smart accounts: the email wallet is its EOA.
  await openSite(page)
  const { address } = await signUpByEmail(page, freshEmail())
  const eoa = address as Address
  await fund(eoa, { ether: '1' })
  expect(await providerRequest(page, 'wallet_getCapabilities', [eoa, ['0x7a69']])).toEqual({
    '0x7a69': { atomic: { status: 'unsupported' } },
  })
  const [first, second] = [freshAddress(), freshAddress()]
  const calls = [
    { to: first, value: toHex(parseEther('0.01')) },
    { to: second, value: toHex(parseEther('0.02')) },
  ]
  expect(
    await providerRequest(page, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls },
    ]),
  ).toMatchObject({ error: { code: 5760 } })

  const sending = providerRequest(page, 'wallet_sendCalls', [
    { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls },
  ])
  await expect(modal(page).dialog.locator('[data-batch-call]')).toHaveCount(2)
  await answerApproval(page, 'calls', 'Approve')
  const { id } = (await sending) as { id: Hex }
  await expect.poll(async () => (await statusOf(page, id)).status, { timeout: 15_000 }).toBe(200)
  const status = await statusOf(page, id)
  expect(status).toMatchObject({ atomic: false, receipts: [{ status: '0x1' }, { status: '0x1' }] })
  expect(await client.getBalance({ address: first })).toBe(parseEther('0.01'))
  expect(await client.getBalance({ address: second })).toBe(parseEther('0.02'))
})
