// Journey: a connected visitor sends ETH and the 6-decimals ERC-20 from the modal on anvil, with
// the form's checks before the wallet is asked, a decline, and balances checked on the chain. With
// the email wallet the send is reviewed once (issue 34 point 5): no preview, the wallet's approval
// screen is the review.
import type { Page } from '@playwright/test'
import { createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { approvalScreen } from './support/email'
import { registerName } from './support/ens'
import { fund } from './support/faucet'
import { expectOpen, modal, waitForAirlock } from './support/modal'
import { origins } from './support/ports'
import { sdkPageUrl } from './support/sdkPage'
import { type ConnectWallet, expect, test } from './support/test'
import {
  anvilClient,
  anvilRpcUrl,
  freshAddress,
  installTestWallet,
  type TestWallet,
} from './support/testWallet'

/** What devchain/seed.mjs deploys on a fresh chain, and who may mint it (anvil #9). */
const aUsd = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' as const
const minter = privateKeyToAccount(
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
)
// Anvil's standard account #7: this spec's own, so other specs' balances don't move.
const senderKey = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' as const
const sender = privateKeyToAccount(senderKey)
const client = anvilClient()

const usdBalance = (address: `0x${string}`) =>
  client.readContract({ address: aUsd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

// One worker: the minter's nonce is shared, and the sender's balance checks assume no other send.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // 100 aUSD for the sender, minted so no other account's balance moves.
  const wallet = createWalletClient({
    account: minter,
    chain: foundry,
    transport: http(anvilRpcUrl),
  })
  const hash = await wallet.writeContract({
    address: aUsd,
    abi: [
      {
        type: 'function',
        name: 'mint',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
        ],
        outputs: [],
      },
    ],
    functionName: 'mint',
    args: [sender.address, parseUnits('100', 6)],
  })
  await client.waitForTransactionReceipt({ hash })
})

/** Connects the sender's wallet on `url` and shows Account. */
async function connectedAccount(
  page: Page,
  connectWallet: ConnectWallet,
  url: string = origins.demo,
): Promise<TestWallet> {
  const wallet = await installTestWallet(page, {
    name: 'Send Wallet',
    rdns: 'dev.airlock.send',
    privateKey: senderKey,
  })
  await page.goto(url)
  await waitForAirlock(page)
  await connectWallet('Send Wallet')
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  return wallet
}

async function openSend(page: Page, connectWallet: ConnectWallet): Promise<TestWallet> {
  const wallet = await connectedAccount(page, connectWallet)
  await modal(page).dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  return wallet
}

function form(page: Page) {
  const { dialog } = modal(page)
  return {
    dialog,
    message: dialog.locator('[data-send-error]'),
    amount: dialog.getByRole('textbox', { name: 'Amount', exact: true }),
    receiver: dialog.getByRole('textbox', { name: 'To', exact: true }),
    preview: dialog.getByRole('button', { name: 'Preview send' }),
    async pick(symbol: string) {
      await dialog.getByRole('button', { name: /Token/ }).click()
      await dialog.locator(`button[data-symbol="${symbol}"]`).click()
    },
  }
}

test('behavior: sending ETH asks the wallet, lands on anvil, clears the form and says so', async ({
  page,
  connectWallet,
}) => {
  await openSend(page, connectWallet)
  const send = form(page)
  const receiver = freshAddress()
  await send.pick('ETH')
  await send.amount.fill('1.25')
  await send.receiver.fill(receiver)
  await expect(send.message).toHaveText('')
  await expect(send.dialog.locator('[data-send-usd]')).toHaveText('$3,125.00')
  await expect(send.dialog.locator('[data-send-fee]')).toHaveText(/^\d[\d.,]* ETH$/)
  await send.preview.click()
  await expectOpen(page, 'Review Send')
  await expect(send.dialog.locator('[data-send-summary]')).toHaveText('1.25 ETH')
  await send.dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText('Sent 1.25 ETH')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('1.25'))
  // Success cleared the send state.
  await modal(page).dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(form(page).amount).toHaveValue('')
  await expect(form(page).receiver).toHaveValue('')
})

test('behavior: with the email wallet, Send is reviewed once: the approval screen shows the receiver, amount, network and fee, and its Approve sends', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  await page.evaluate(() => window.airlock!.open())
  await expectOpen(page, 'Account')
  await modal(page).dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expectOpen(page, 'Send')
  const send = form(page)
  const receiver = freshAddress()
  await send.pick('ETH')
  await send.amount.fill('0.25')
  await send.receiver.fill(receiver)
  await expect(send.dialog.locator('[data-send-fee]')).toHaveText(/^\d[\d.,]* ETH$/)
  await send.preview.click()

  // No 'Review Send' of the modal's own: the wallet's approval is the review, with all it said.
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  await expect(screen.askedByYou).toHaveText('Your own, made here: no site asks for it')
  await expect(screen.askingOrigin).toHaveCount(0)
  await expect(screen.row('Network')).toHaveText('Anvil')
  await expect(screen.row('To')).toHaveText(receiver)
  await expect(screen.dialog.locator('[data-value]')).toHaveText('0.25 ETH')
  await expect(screen.row('Max network fee')).toHaveText(/^\d+(\.\d+)? ETH/)
  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await screen.approve.click()
  await expect(modal(page).frame.getByText('Sent 0.25 ETH')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.25'))
})

test('behavior: a name in To resolves to its owner, the review names it, the ETH lands there and Activity says to whom', async ({
  page,
  connectWallet,
  request,
}) => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const name = `pay-${owner.address.slice(2, 10).toLowerCase()}.airlock.eth`
  const avatar = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
  expect(await registerName(request, { owner, name, attributes: { avatar } })).toMatchObject({
    status: 201,
  })
  await openSend(page, connectWallet)
  const send = form(page)
  await send.pick('ETH')
  await send.amount.fill('0.5')
  await send.receiver.fill(name.toUpperCase())
  const resolved = send.dialog.locator(`[data-send-receiver-name="${name}"]`)
  await expect(resolved).toContainText(name)
  await expect(resolved.locator('img')).toHaveAttribute('src', avatar)
  await expect(send.message).toHaveText('')
  await send.preview.click()
  await expectOpen(page, 'Review Send')
  await expect(send.dialog.locator(`[data-send-receiver="${owner.address}"]`)).toContainText(name)
  await send.dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText('Sent 0.5 ETH')).toBeVisible()
  await expectOpen(page, 'Account')
  expect(await client.getBalance({ address: owner.address })).toBe(parseEther('0.5'))
  const { dialog } = modal(page)
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const toName = dialog.getByRole('tabpanel').locator(`[data-counterparty="${owner.address}"]`)
  await expect(toName).toHaveText(`To ${name}`, { timeout: 15_000 })
})

test('behavior: sending the 6-decimals ERC-20 calls transfer and moves exactly that amount', async ({
  page,
  connectWallet,
}) => {
  const wallet = await connectedAccount(page, connectWallet)
  const tokenRow = modal(page).dialog.getByRole('tabpanel').locator('[data-symbol="aUSD"]')
  await expect(tokenRow).toBeVisible()
  const rowBefore = await tokenRow.textContent()
  await modal(page).dialog.getByRole('button', { name: 'Send', exact: true }).click()
  const send = form(page)
  const receiver = freshAddress()
  const before = await usdBalance(sender.address)
  await send.pick('aUSD')
  await send.amount.fill('12.345678')
  await send.receiver.fill(receiver)
  await send.preview.click()
  await send.dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).frame.getByText('Sent 12.345678 aUSD')).toBeVisible()
  expect(await usdBalance(receiver)).toBe(12_345_678n)
  expect(await usdBalance(sender.address)).toBe(before - 12_345_678n)
  const sent = wallet.requests.filter((request) => request.method === 'eth_sendTransaction')
  const [transaction] = (sent.at(-1)?.params ?? []) as { to: string }[]
  expect(transaction?.to.toLowerCase()).toBe(aUsd.toLowerCase())
  // Account's Tokens tab shows the new balance once the indexer has it.
  const whole = (before - 12_345_678n) / 1_000_000n
  await expect(tokenRow).not.toHaveText(rowBefore ?? '', { timeout: 15_000 })
  await expect(tokenRow).toContainText(`${whole}.`)
})

test('behavior: the form says what is missing or wrong, and the wallet is not asked', async ({
  page,
  connectWallet,
}) => {
  const wallet = await openSend(page, connectWallet)
  const send = form(page)
  // Nothing is said before the visitor types; Preview waits.
  await expect(send.message).toHaveText('')
  await expect(send.preview).toBeDisabled()
  await send.amount.fill('1')
  await send.receiver.fill(freshAddress())
  await expect(send.message).toHaveText('A token is required')
  await send.pick('aUSD')
  await expect(send.message).toHaveText('')
  await send.receiver.fill('0x1234')
  await expect(send.message).toHaveText('Invalid address')
  await send.receiver.fill(freshAddress())
  await send.amount.fill('100000')
  await expect(send.message).toHaveText('Insufficient aUSD balance')
  await send.amount.fill('0.0000001')
  await expect(send.message).toHaveText('Too many decimals: the token has 6')
  for (const amount of ['0', '-1'])
    await send.amount
      .fill(amount)
      .then(() => expect(send.message).toHaveText('An amount and receiver address are required'))
  await expect(send.preview).toBeDisabled()
  expect(wallet.requests.some((request) => request.method === 'eth_sendTransaction')).toBe(false)
})

test('behavior: a declined send shows Signature declined, keeps the form and moves nothing', async ({
  page,
  connectWallet,
}) => {
  const wallet = await openSend(page, connectWallet)
  const send = form(page)
  const receiver = freshAddress()
  await send.pick('ETH')
  await send.amount.fill('0.5')
  await send.receiver.fill(receiver)
  await send.preview.click()
  wallet.rejectNext('eth_sendTransaction')
  await send.dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(send.message).toHaveText('Signature declined')
  await expect(
    modal(page).frame.getByRole('status').filter({ hasText: 'Signature declined' }).first(),
  ).toBeVisible()
  await expectOpen(page, 'Review Send')
  expect(await client.getBalance({ address: receiver })).toBe(0n)
})

/** A connected account on a page whose site turned Send off. */
function connectedWithSendOff(page: Page, connectWallet: ConnectWallet) {
  const options = { networks: ['eip155:31337'], features: { send: false } }
  return connectedAccount(page, connectWallet, sdkPageUrl(options))
}

test('behavior: Send is not offered when the site turns the feature off', async ({
  page,
  connectWallet,
}) => {
  await connectedWithSendOff(page, connectWallet)
  await expect(modal(page).dialog.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  await expect(modal(page).dialog.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0)
})

test('security: open({ view: "WalletSend" }) is refused when Send is off, whatever else asks', async ({
  page,
  connectWallet,
}) => {
  await connectedWithSendOff(page, connectWallet)
  await page.evaluate(() => window.airlock!.close())
  const refusal = await page.evaluate(() =>
    window.airlock!.open({ view: 'WalletSend' }).then(
      () => null,
      (error) => ({ name: error.name, shortMessage: error.shortMessage }),
    ),
  )
  expect(refusal).toEqual({
    name: 'InvalidParamsError',
    shortMessage:
      'The WalletSend view needs the "send" feature, which is off for this project or page.',
  })
  expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(false)
})
