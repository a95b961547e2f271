// The approval screen the visitor can trust (issue 34 point 7), end to end on the stack's anvil
// with the email wallet: a site's fee-burning gas price is refused before anything is shown; an
// ordinary send shows its maximum network fee and total, and pays no more; a transaction the
// simulation says reverts is flagged and Approve asks twice (a sponsored smart account's, and the
// email wallet's EOA's whose gas estimate reverts); a Permit2 signature and an unlimited
// approve are shown in words. A swap's simulated "+… aUSD" is the Swap view's (swap.spec.ts).
import {
  encodeFunctionData,
  erc20Abi,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
  verifyTypedData,
} from 'viem'
import { approvalScreen } from './support/email'
import { aUsd, aUsdTransfer, fund, usdBalance } from './support/faucet'
import { sponsoredAccountProject } from './support/operator'
import { origins } from './support/ports'
import { providerRequest } from './support/provider'
import { smartAccountVisitor } from './support/smartAccount'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

/** An amount in ETH as the fee rows show it ("0.000042 ETH", maybe with USD after it), in wei. */
function weiShown(text: string | null): bigint {
  const match = /^(\d+(?:\.\d+)?) ETH(?: \(.+\))?$/.exec(text ?? '')
  if (!match) throw new Error(`Not an ETH amount: ${text}`)
  return parseEther(match[1] as string)
}

test('security: a site that asks to burn the balance in fees (gasPrice = balance / 21000) is refused in words, and nothing is shown or sent', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  const balance = await client.getBalance({ address })
  const gasPrice = balance / 21_000n
  const refused = await providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: address, value: '0x0', gasPrice: toHex(gasPrice) },
  ])
  expect(refused).toEqual({
    error: {
      code: -32602,
      message: expect.stringMatching(
        /^eth_sendTransaction: gasPrice 47619\.\d+ gwei is more than [\d.]+ gwei, 3× the network's fee now \([\d.]+ gwei\); leave it out and the wallet sets it\.$/,
      ),
    },
  })
  // Refused before the visitor is asked: no approval, no fee paid.
  expect(await approvalScreen(page).shown()).toBe(0)
  expect(await client.getBalance({ address })).toBe(balance)
  expect(await client.getTransactionCount({ address })).toBe(0)
})

test('behavior: an ordinary send shows its max network fee and total, and the fee paid on anvil is at most the one shown', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  const receiver = freshAddress()
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: receiver, value: toHex(parseEther('0.01')) },
  ])
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  // The site's request says so: its origin as the bridge saw it, never "your own".
  await expect(screen.askingOrigin).toHaveAttribute('data-asking-origin', origins.fixtures)
  await expect(screen.askedByYou).toHaveCount(0)
  await expect(screen.dialog.locator('[data-value]')).toHaveText('0.01 ETH')
  await expect(screen.row('Max network fee')).toHaveText(/^\d+(\.\d+)? ETH/)
  const maxFee = weiShown(await screen.dialog.locator('[data-fee-max]').textContent())
  expect(maxFee).toBeGreaterThan(0n)
  await expect(screen.row('Total')).toHaveText(/^\d+(\.\d+)? ETH/)
  expect(weiShown(await screen.dialog.locator('[data-fee-total]').textContent())).toBe(
    parseEther('0.01') + maxFee,
  )
  // What it does, simulated: the ether leaves the account.
  await expect(screen.simulation).toHaveAttribute('data-simulation', 'succeeds')
  await expect(screen.dialog.locator('[data-balance-change]')).toHaveText(['−0.01 ETH'])

  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await screen.approve.click()
  const hash = (await sending) as Hex
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  const paid = receipt.gasUsed * receipt.effectiveGasPrice
  expect(paid).toBeLessThanOrEqual(maxFee)
  expect(await client.getBalance({ address })).toBe(parseEther('1') - parseEther('0.01') - paid)
})

test('behavior: a transaction that will revert says "This transaction will likely fail" with its reason, and Approve asks a second time', async ({
  page,
}) => {
  // A sponsored smart account: its fee needs no estimate (the email wallet's EOA, whose estimate
  // reverts and takes the fallback gas, is the next test).
  const smart = await smartAccountVisitor(page, sponsoredAccountProject)
  await fund(smart, { ether: '0', usd: '1' })
  const receiver = freshAddress()
  const reverting = providerRequest(page, 'eth_sendTransaction', [
    { from: smart, to: aUsd, data: aUsdTransfer(receiver, parseUnits('5', 6)) },
  ])
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  await expect(screen.dialog).toContainText(`Transfer 5 aUSD to ${receiver}`)
  await expect(screen.simulation).toHaveAttribute('data-simulation', 'reverts')
  const warning = screen.simulation
  await expect(warning).toHaveAttribute('role', 'alert')
  await expect(warning.locator('strong')).toHaveText('This transaction will likely fail')
  // DevToken's own error, with the balance and the amount asked.
  await expect(warning).toContainText('InsufficientBalance(1000000, 5000000)')

  // The first Approve only asks again.
  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await expect(screen.approve).toHaveText('Approve')
  await screen.approve.click()
  await expect(
    screen.dialog.getByText('It will likely fail and may still cost a fee. Approve anyway?'),
  ).toBeVisible()
  await expect(screen.approve).toHaveText('Approve anyway')

  // The visitor thinks better of it: the site hears no (the first press approved nothing, or the
  // site would hear the send's failure instead), and nothing moved.
  await screen.reject.click()
  expect(await reverting).toMatchObject({ error: { code: 4001 } })
  expect(await usdBalance(receiver)).toBe(0n)
  expect(await usdBalance(smart)).toBe(parseUnits('1', 6))
})

test("behavior: the email wallet's own account (EOA) asked for a call whose gas estimate reverts still shows it, warned with its reason; Approve asks twice, and approved it reverts on chain for at most the fee shown", async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1', usd: '1' })
  const receiver = freshAddress()
  const reverting = providerRequest(page, 'eth_sendTransaction', [
    { from: address, to: aUsd, data: aUsdTransfer(receiver, parseUnits('5', 6)) },
  ])
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  await expect(screen.dialog).toContainText(`Transfer 5 aUSD to ${receiver}`)
  // Its fee, from the fallback gas (the estimate reverted): what approving may cost.
  await expect(screen.row('Max network fee')).toHaveText(/^\d+(\.\d+)? ETH/)
  const maxFee = weiShown(await screen.dialog.locator('[data-fee-max]').textContent())
  expect(maxFee).toBeGreaterThan(0n)
  await expect(screen.simulation).toHaveAttribute('data-simulation', 'reverts')
  const warning = screen.simulation
  await expect(warning).toHaveAttribute('role', 'alert')
  await expect(warning.locator('strong')).toHaveText('This transaction will likely fail')
  await expect(warning).toContainText('InsufficientBalance(1000000, 5000000)')

  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await expect(screen.approve).toHaveText('Approve')
  await screen.approve.click()
  await expect(
    screen.dialog.getByText('It will likely fail and may still cost a fee. Approve anyway?'),
  ).toBeVisible()
  await expect(screen.approve).toHaveText('Approve anyway')
  // Nothing was sent by the first press.
  expect(await client.getTransactionCount({ address })).toBe(0)
  await screen.approve.click()

  // The visitor chose to send it: it is mined, reverts, and costs no more than the fee shown.
  const hash = (await reverting) as Hex
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('reverted')
  expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(maxFee)
  expect(await usdBalance(receiver)).toBe(0n)
  expect(await usdBalance(address)).toBe(parseUnits('1', 6))
})

test('behavior: a Permit2 signature shows its spender, token, amount and expiry, and signs what was shown', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  const spender = freshAddress()
  const expiration = 1_893_456_000 // 2030-01-01 00:00 UTC
  const sigDeadline = 1_893_459_600 // 2030-01-01 01:00 UTC
  const typedData = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      PermitDetails: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint160' },
        { name: 'expiration', type: 'uint48' },
        { name: 'nonce', type: 'uint48' },
      ],
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
    },
    primaryType: 'PermitSingle',
    domain: {
      name: 'Permit2',
      chainId: 31337,
      verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    },
    message: {
      details: {
        token: aUsd,
        amount: parseUnits('25', 6).toString(),
        expiration: String(expiration),
        nonce: '0',
      },
      spender,
      sigDeadline: String(sigDeadline),
    },
  } as const
  const signing = providerRequest(page, 'eth_signTypedData_v4', [
    address,
    JSON.stringify(typedData),
  ])
  const screen = approvalScreen(page)
  await expect(screen.card('typedData')).toBeVisible()
  await expect(screen.dialog.locator('[data-call="permit2Allowance"]')).toHaveText(
    `Allow ${spender} to spend 25 aUSD through Permit2, until 2030-01-01 00:00 UTC`,
  )
  await expect(screen.row('Signed for')).toHaveText('Permit2')
  await expect(screen.row('Chain')).toHaveText('31337')
  await expect(screen.row('Verifying contract')).toHaveText(
    '0x000000000022D473030F116dDEE9F6B43aC78BA3',
  )
  await expect(screen.row('Signature valid until')).toHaveText('2030-01-01 01:00 UTC')
  await expect(screen.row('token')).toHaveText(`"${aUsd}"`)
  await expect(screen.dialog.locator('[data-warning="unlimited"]')).toHaveCount(0)

  await expect(screen.approve).toHaveAttribute('data-arming', 'armed')
  await screen.approve.click()
  const signature = (await signing) as Hex
  const { EIP712Domain: _, ...types } = typedData.types
  expect(
    await verifyTypedData({
      address,
      domain: typedData.domain,
      types,
      primaryType: 'PermitSingle',
      message: {
        details: {
          token: aUsd,
          amount: parseUnits('25', 6),
          expiration,
          nonce: 0,
        },
        spender,
        sigDeadline: BigInt(sigDeadline),
      },
      signature,
    }),
  ).toBe(true)
})

test('security: an unlimited ERC-20 approve is flagged "Unlimited approval", and a reject leaves no allowance', async ({
  page,
  emailVisitor,
}) => {
  const address = await emailVisitor()
  await fund(address, { ether: '1' })
  const spender = freshAddress()
  const approving = providerRequest(page, 'eth_sendTransaction', [
    {
      from: address,
      to: aUsd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, maxUint256],
      }),
    },
  ])
  const screen = approvalScreen(page)
  await expect(screen.card('transaction')).toBeVisible()
  await expect(screen.dialog.locator('[data-call="erc20Approve"]')).toHaveText(
    `Allow ${spender} to spend an unlimited amount`,
  )
  await expect(screen.dialog.locator('[data-warning="unlimited"]')).toHaveText(
    'Unlimited approval: the spender can take all of this token you hold, now and later, until you revoke it.',
  )
  // The simulation sees the same grant.
  await expect(screen.dialog.locator('[data-approval-granted="token"]')).toHaveText(
    `${spender} may spend an unlimited amount`,
  )

  await screen.reject.click()
  expect(await approving).toMatchObject({ error: { code: 4001 } })
  expect(
    await client.readContract({
      address: aUsd,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [address, spender],
    }),
  ).toBe(0n)
})
