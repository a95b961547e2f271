// Journey (issue 35): gas sponsorship pays for the calls the project lists, and only those. The
// stack's sponsored project lists aUSD's `transfer` on anvil (e2e/global-setup.ts). A visitor's
// smart account with no ether sends aUSD, sponsored through the API's relay, alto and the dev
// paymaster. The sponsor's policy is asked before the visitor is: an aUSD approval (a function
// not listed) from an account with no ether to pay for itself is refused before any screen, in
// the API's words, through the provider (4100), and nothing lands; a plain ether send (a target
// not listed) from an account with ether is shown with the sponsor's reason and the account's own
// fee, and lands paid by the account.
import { encodeFunctionData, erc20Abi, type Hex, parseEther, parseUnits, toHex } from 'viem'
import { answerApproval, approvalScreen } from './support/email'
import { aUsd, aUsdTransfer, fund, usdBalance } from './support/faucet'
import { sponsoredAccountProject } from './support/operator'
import { providerRequest } from './support/provider'
import { smartAccountVisitor } from './support/smartAccount'
import { expect, test } from './support/test'
import { anvilClient, freshAddress } from './support/testWallet'

const client = anvilClient()

test("behavior: a listed call is sponsored; a function the project does not list, from an account that can't pay for itself, is refused before any screen in the API's words, and nothing lands", async ({
  page,
}) => {
  const smart = await smartAccountVisitor(page, sponsoredAccountProject)
  await fund(smart, { ether: '0', usd: '5' })
  const receiver = freshAddress()

  // Within the policy: aUSD's transfer, paid by the paymaster.
  const transferring = providerRequest(page, 'eth_sendTransaction', [
    { from: smart, to: aUsd, data: aUsdTransfer(receiver, parseUnits('2', 6)) },
  ])
  await answerApproval(page, 'transaction', 'Approve')
  const hash = (await transferring) as Hex
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect(await usdBalance(receiver)).toBe(parseUnits('2', 6))
  expect(await client.getBalance({ address: smart })).toBe(0n)

  // Beyond it: aUSD's approve, a function the project does not list.
  const approving = providerRequest(page, 'eth_sendTransaction', [
    {
      from: smart,
      to: aUsd,
      data: encodeApprove(receiver, parseUnits('1', 6)),
    },
  ])
  const notListed = `The call (to ${aUsd.toLowerCase()}, function 0x095ea7b3) is not sponsored: this project sponsors only the functions 0xa9059cbb of that contract on eip155:31337.`
  expect(await approving).toEqual({ error: { code: 4100, message: notListed } })
  // Refused before the visitor was asked: the approval screen never showed it.
  expect(await approvalScreen(page).shown()).toBe(0)
  expect(
    await client.readContract({
      address: aUsd,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [smart, receiver],
    }),
  ).toBe(0n)
})

test("behavior: ether to a person, a target the project does not list, is shown with the sponsor's reason and the account's own fee, and lands paid by the account", async ({
  page,
}) => {
  const smart = await smartAccountVisitor(page, sponsoredAccountProject)
  // Ether of its own to send, and to pay for the operation the sponsor won't.
  await fund(smart, { ether: '0.05' })
  const receiver = freshAddress()
  const sending = providerRequest(page, 'eth_sendTransaction', [
    { from: smart, to: receiver, value: toHex(parseEther('0.01')) },
  ])
  const screen = approvalScreen(page)
  await expect(screen.row('Sponsor')).toHaveText(
    'None for this call: your account pays the network fee.',
  )
  await expect(screen.row('Sponsor')).toHaveAttribute(
    'title',
    `The call (to ${receiver.toLowerCase()}) is not sponsored: this project sponsors calls to ${aUsd.toLowerCase()} on eip155:31337.`,
  )
  await expect(screen.row('Max network fee')).toContainText('ETH')
  await expect(screen.row('Max network fee')).not.toContainText('a sponsor pays it')
  await answerApproval(page, 'transaction', 'Approve')
  const hash = (await sending) as Hex
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  // The account paid the operation's fee itself, beyond the 0.01 it sent.
  expect(await client.getBalance({ address: smart })).toBeLessThan(parseEther('0.04'))
})

/** The calldata of an ERC-20 `approve` of `amount` to `spender`. */
function encodeApprove(spender: Hex, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}
