// ApproveTransaction's fee rows as the visitor sees them (issue 34, fees): the most the network
// fee can be and the total with the value, in ETH and in USD when the account's balances know
// ETH's price; a sponsored operation's fee as none; a Solana transaction's base and priority fee.
import type { TokenBalance } from '@airlock/protocol'
import { address } from '@solana/kit'
import { screen } from '@testing-library/dom'
import { parseEther, parseGwei } from 'viem'
import { describe, expect, test } from 'vitest'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import { approveText } from '../../messages/approveText'
import { ether, evmAccount, evmReceiver } from '../../test/fixtures'
import {
  anvil,
  connectedState,
  projectConfig,
  renderView,
  solanaLocalnet,
} from '../../test/renderView'

/** ApproveTransaction asking about `approval`, the account's balances answered with `tokens`. */
function renderApproval(approval: PendingApproval, tokens?: TokenBalance[]) {
  const solana = approval.network.startsWith('solana')
  const network = solana ? solanaLocalnet : anvil
  return renderView('ApproveTransaction', {
    config: projectConfig({ networks: [network] }),
    state: { ...connectedState(approval.from, network), approval },
    api: tokens
      ? { [`GET /v1/accounts/${approval.from}/balances`]: () => ({ balances: tokens }) }
      : {},
  })
}

/** The text of the row labelled `label`, once it is shown. */
async function row(label: string) {
  const term = await screen.findByText(label, { selector: 'dt' })
  return term.nextElementSibling?.textContent
}

const transfer: PendingApproval = {
  kind: 'transaction',
  network: anvil.caipNetworkId,
  from: evmAccount,
  to: evmReceiver,
  value: parseEther('0.25'),
  // 21,000 gas at 2 gwei: 0.000042 ETH at most.
  fee: { maxFee: 21_000n * parseGwei('2') },
}

describe('FeeRows', () => {
  test('behavior: the max network fee and the total, in ETH and USD at the balances’ price', async () => {
    renderApproval(transfer, [ether]) // ETH at $2,000
    await expect.poll(() => row(approveText.maxFee)).toBe('0.000042 ETH ($0.08)')
    expect(await row(approveText.total)).toBe('0.250042 ETH ($500.08)')
  })

  test('behavior: with no price known, the fee and total are in ETH alone', async () => {
    renderApproval(transfer)
    expect(await row(approveText.maxFee)).toBe('0.000042 ETH')
    expect(await row(approveText.total)).toBe('0.250042 ETH')
  })

  test('behavior: a fee-burning request that came through would show its real total', async () => {
    // Value 0 and a 10 ETH fee: the total is the fee, not "0 ETH".
    renderApproval({ ...transfer, to: evmAccount, value: 0n, fee: { maxFee: parseEther('10') } })
    expect(await row(approveText.value)).toBe('0 ETH')
    expect(await row(approveText.maxFee)).toBe('10 ETH')
    expect(await row(approveText.total)).toBe('10 ETH')
  })

  test('behavior: a batch’s total adds its calls’ values; a sponsored fee is none', async () => {
    renderApproval({
      kind: 'calls',
      network: anvil.caipNetworkId,
      from: evmAccount,
      calls: [
        { to: evmReceiver, value: parseEther('0.1') },
        { to: evmReceiver, value: parseEther('0.2') },
      ],
      fee: { maxFee: 0n, sponsored: true },
    })
    expect(await row(approveText.maxFee)).toBe(approveText.sponsoredFee)
    expect(await row(approveText.total)).toBe('0.3 ETH')
  })

  test('behavior: a Solana transaction shows its base and priority fee', async () => {
    renderApproval({
      kind: 'transaction',
      network: solanaLocalnet.caipNetworkId,
      from: address('HcQSbf1EKjKeM9ox7UuhjHzxHYYHcBeKcHeP8mDsBcTr'),
      send: true,
      instructions: [],
      fee: { base: 5000n, priority: 1_500_000n },
    })
    expect(await row(approveText.baseFee)).toBe('0.000005 SOL')
    expect(await row(approveText.priorityFee)).toBe('0.0015 SOL')
  })
})
