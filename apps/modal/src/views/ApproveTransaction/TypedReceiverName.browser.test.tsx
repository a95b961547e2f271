// The name the visitor typed in Send, on the approval of that send (issue 34 point 5: the one
// review says whom by name, as the preview did): shown beside the address it resolved to while
// the send is under way, and never for another address or once no send of theirs is waiting.
import { screen } from '@testing-library/dom'
import { encodeFunctionData, erc20Abi, parseEther } from 'viem'
import { expect, test } from 'vitest'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import { approveText } from '../../messages/approveText'
import { emptySend, type SendState } from '../../stores/sendState'
import { ether, evmAccount, evmReceiver } from '../../test/fixtures'
import { connectedState, renderView } from '../../test/renderView'

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const someoneElse = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

/** The visitor's send of `amount` ETH to bob.airlock.eth, which resolved to evmReceiver. */
const bobsSend = (loading: boolean): SendState => ({
  ...emptySend,
  token: ether,
  sendTokenAmount: '0.25',
  receiverInput: 'bob.airlock.eth',
  receiverAddress: evmReceiver,
  receiverProfileName: 'bob.airlock.eth',
  loading,
})

function renderApproval(approval: PendingApproval, send: SendState) {
  return renderView('ApproveTransaction', {
    state: { ...connectedState(evmAccount), approval, send },
  })
}

/** A transaction from the account to `to`, sending `value` with `data`. */
const transaction = (to: `0x${string}`, value: bigint, data?: `0x${string}`): PendingApproval => ({
  kind: 'transaction',
  network: 'eip155:31337',
  from: evmAccount,
  to,
  value,
  ...(data ? { data } : {}),
})
const native = (to: `0x${string}`) => transaction(to, parseEther('0.25'))

test('behavior: the approval of the visitor’s send to a name shows the name beside the address', async () => {
  renderApproval(native(evmReceiver), bobsSend(true))
  const term = await screen.findByText(approveText.receiverName, { selector: 'dt' })
  expect(term.nextElementSibling).toHaveTextContent('bob.airlock.eth')
  expect(screen.getByText(evmReceiver)).toBeVisible()
})

test('behavior: an ERC-20 transfer to that address shows the name too', async () => {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [evmReceiver, 1_000_000n],
  })
  renderApproval(transaction(usdc, 0n, data), bobsSend(true))
  const term = await screen.findByText(approveText.receiverName, { selector: 'dt' })
  expect(term.nextElementSibling).toHaveTextContent('bob.airlock.eth')
})

test('security: no name for another address, nor when no send of the visitor’s is under way', async () => {
  const { modal } = renderApproval(native(someoneElse), bobsSend(true))
  await screen.findByText(approveText.to, { selector: 'dt' })
  expect(screen.queryByText(approveText.receiverName, { selector: 'dt' })).toBeNull()
  modal.store.setState({ approval: native(evmReceiver), send: bobsSend(false) })
  await screen.findByText(evmReceiver)
  expect(screen.queryByText(approveText.receiverName, { selector: 'dt' })).toBeNull()
})
