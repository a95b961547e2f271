// The approval screen's decoded calls (issue 34 point 3) as the visitor sees them: each kind of
// call in words, with the token list's units; the warnings (unlimited approval, approval for all,
// a token contract's unverified claim); a call no decoder knows, its raw data one tap away; a
// 5792 batch call by call.
import type { SwapToken } from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  maxUint160,
  maxUint256,
} from 'viem'
import { expect, test } from 'vitest'
import { userEvent } from 'vitest/browser'
import { increaseAllowanceAbi } from '../../embeddedWallet/decode/erc20'
import { erc1155TransferAbi } from '../../embeddedWallet/decode/nft'
import { permit2Address, permit2ApproveAbi } from '../../embeddedWallet/decode/permit2'
import type { ApprovalCall, ApprovalRequest } from '../../embeddedWallet/evmSigner'
import { approveText as text } from '../../messages/approveText'
import { evmAccount, evmReceiver, usdCoin } from '../../test/fixtures'
import { renderApproval } from '../../test/renderApproval'

const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const collection = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const usdcListed: SwapToken = { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }

const from: Address = evmAccount

function transaction(to: Address, data?: Hex): ApprovalRequest {
  return {
    kind: 'transaction',
    network: 'eip155:31337',
    from,
    to,
    value: 0n,
    ...(data ? { data } : {}),
  }
}

const transferData = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [evmReceiver, 1_500_000n],
})

test('behavior: an ERC-20 transfer is said in the token list’s symbol and decimals', async () => {
  renderApproval(transaction(usdc, transferData), { tokenList: [usdcListed] })
  expect(await screen.findByText(text.transfer('1.5 USDC', evmReceiver))).toBeVisible()
  expect(document.querySelector('[data-warning]')).toBeNull()
})

test('behavior: a token nothing trusted knows shows its raw units of the contract', async () => {
  renderApproval(transaction(usdc, transferData))
  expect(
    await screen.findByText(text.transfer(text.rawUnits('1500000', usdc), evmReceiver)),
  ).toBeVisible()
})

test('warning: an unlimited ERC-20 approve is said so and flagged', async () => {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [evmReceiver, maxUint256],
  })
  renderApproval(transaction(usdc, data), { tokenList: [usdcListed] })
  expect(await screen.findByText(text.approve(text.unlimited, evmReceiver))).toBeVisible()
  expect(screen.getByText(text.unlimitedWarning)).toBeVisible()
})

test('behavior: a bounded approve shows its amount, unflagged', async () => {
  const approve = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [evmReceiver, 2_000_000n],
  })
  renderApproval(transaction(usdc, approve), { tokenList: [usdcListed] })
  expect(await screen.findByText(text.approve('2 USDC', evmReceiver))).toBeVisible()
  expect(screen.queryByText(text.unlimitedWarning)).toBeNull()
})

test('behavior: an increaseAllowance says what it adds', async () => {
  const data = encodeFunctionData({
    abi: increaseAllowanceAbi,
    functionName: 'increaseAllowance',
    args: [evmReceiver, 3_000_000n],
  })
  renderApproval(transaction(usdc, data), { tokenList: [usdcListed] })
  expect(await screen.findByText(text.increaseAllowance('3 USDC', evmReceiver))).toBeVisible()
})

test('warning: a Permit2 approve names the token’s spender and expiry, unlimited flagged', async () => {
  const data = encodeFunctionData({
    abi: permit2ApproveAbi,
    functionName: 'approve',
    args: [usdc, evmReceiver, maxUint160, 1_767_225_600],
  })
  renderApproval(transaction(permit2Address, data), { tokenList: [usdcListed] })
  expect(
    await screen.findByText(
      text.permit2Allowance(text.unlimited, evmReceiver, '2026-01-01 00:00 UTC'),
    ),
  ).toBeVisible()
  expect(screen.getByText(text.unlimitedWarning)).toBeVisible()
})

test('warning: setApprovalForAll is flagged as approval for all; its revocation is not', async () => {
  const grant = encodeFunctionData({
    abi: erc721Abi,
    functionName: 'setApprovalForAll',
    args: [evmReceiver, true],
  })
  const { modal } = renderApproval(transaction(collection, grant))
  expect(await screen.findByText(text.approvalForAll(evmReceiver, collection))).toBeVisible()
  expect(screen.getByText(text.approvalForAllWarning)).toBeVisible()

  const revoke = encodeFunctionData({
    abi: erc721Abi,
    functionName: 'setApprovalForAll',
    args: [evmReceiver, false],
  })
  modal.store.setState({ approval: transaction(collection, revoke) })
  expect(await screen.findByText(text.revokeApprovalForAll(evmReceiver, collection))).toBeVisible()
  expect(screen.queryByText(text.approvalForAllWarning)).toBeNull()
})

test('behavior: an ERC-721 transfer names the NFT, from and to', async () => {
  const data = encodeFunctionData({
    abi: erc721Abi,
    functionName: 'safeTransferFrom',
    args: [evmAccount, evmReceiver, 42n],
  })
  renderApproval(transaction(collection, data))
  expect(
    await screen.findByText(text.nftTransfer('42', collection, evmAccount, evmReceiver)),
  ).toBeVisible()
})

test('behavior: transferFrom on a token with decimals is an amount of it, not an NFT', async () => {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transferFrom',
    args: [evmAccount, evmReceiver, 4_000_000n],
  })
  renderApproval(transaction(usdc, data), { tokenList: [usdcListed] })
  expect(
    await screen.findByText(text.tokenTransferFrom('4 USDC', evmAccount, evmReceiver)),
  ).toBeVisible()
})

test('behavior: an ERC-1155 batch transfer lists each id with its amount', async () => {
  const data = encodeFunctionData({
    abi: erc1155TransferAbi,
    functionName: 'safeBatchTransferFrom',
    args: [evmAccount, evmReceiver, [1n, 2n], [5n, 6n], '0x'],
  })
  renderApproval(transaction(collection, data))
  const items = `${text.multiTokenItem('5', '1')}, ${text.multiTokenItem('6', '2')}`
  expect(
    await screen.findByText(text.multiTokenTransfer(items, collection, evmAccount, evmReceiver)),
  ).toBeVisible()
})

test('behavior: a token the indexer knows for the account is trusted, its contract agreeing', async () => {
  renderApproval(transaction(usdc, transferData), {
    indexed: [usdCoin],
    claims: { [usdc]: { symbol: 'USDC', decimals: 6 } },
  })
  expect(await screen.findByText(text.transfer('1.5 USDC', evmReceiver))).toBeVisible()
  expect(document.querySelector('[data-warning]')).toBeNull()
})

test('warning: a contract that claims another symbol than the token list’s is shown unverified', async () => {
  renderApproval(transaction(usdc, transferData), {
    tokenList: [usdcListed],
    claims: { [usdc]: { symbol: 'USDT', decimals: 6 } },
  })
  expect(await screen.findByText(text.transfer('1.5 USDC', evmReceiver))).toBeVisible()
  expect(await screen.findByText(text.unverifiedClaim('USDT', 6))).toBeVisible()
})

test('warning: a token only its contract names is shown in its claim, marked unverified', async () => {
  renderApproval(transaction(usdc, transferData), {
    claims: { [usdc]: { symbol: 'USDC', decimals: 6 } },
  })
  expect(await screen.findByText(text.transfer('1.5 USDC', evmReceiver))).toBeVisible()
  expect(screen.getByText(text.contractClaimOnly('USDC'))).toBeVisible()
})

test('error: a call no decoder knows says "Unknown contract call", its raw data one tap away', async () => {
  const data = `0xdeadbeef${'ab'.repeat(300)}` as Hex
  renderApproval(transaction(collection, data))
  expect(await screen.findByText(text.unknownCall)).toBeVisible()
  const raw = document.querySelector('[data-raw-data]')
  expect(raw).not.toBeVisible()
  await userEvent.click(screen.getByText(text.showData))
  expect(raw).toBeVisible()
  expect(raw).toHaveTextContent(data)
  // The screen keeps its buttons in reach: the data wraps and scrolls inside the card.
  expect(screen.getByRole('button', { name: text.approveButton })).toBeVisible()
})

test('behavior: a 5792 batch is decoded call by call', async () => {
  const calls: ApprovalCall[] = [
    { to: usdc, value: 0n, data: transferData },
    { to: collection, value: 0n, data: '0x12345678' },
  ]
  renderApproval(
    { kind: 'calls', network: 'eip155:31337', from, calls },
    { tokenList: [usdcListed] },
  )
  const transfer = await screen.findByText(text.transfer('1.5 USDC', evmReceiver))
  const unknown = screen.getByText(text.unknownCall)
  const [first, second] = screen.getAllByText(/Call \d of 2/).map((label) => label.closest('li'))
  expect(first).toContainElement(transfer)
  expect(second).toContainElement(unknown)
})
