// The approval screen's typed data (issue 34 point 3) as the visitor sees it: an EIP-2612 Permit
// and Permit2's signatures in words (spender, token, amount, expiry), unlimited flagged; the
// domain's name, chain and verifying contract, with a warning when its chain is not the active
// network; other typed data field by field.
import type { SwapToken } from '@airlock/protocol'
import { screen } from '@testing-library/dom'
import { type Address, maxUint160, type TypedDataDomain } from 'viem'
import { expect, test } from 'vitest'
import { permit2Address } from '../../embeddedWallet/decode/permit2'
import type { ApprovalRequest } from '../../embeddedWallet/evmSigner'
import { approveText as text } from '../../messages/approveText'
import { evmAccount, evmReceiver } from '../../test/fixtures'
import { renderApproval } from '../../test/renderApproval'

const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const weth = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const tokenList: SwapToken[] = [
  { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { address: weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
]

function typedData(
  domain: TypedDataDomain,
  primaryType: string,
  message: Record<string, unknown>,
): ApprovalRequest {
  return {
    kind: 'typedData',
    network: 'eip155:31337',
    from: evmAccount as Address,
    domain,
    primaryType,
    message,
  }
}

/** The value of the domain's row named `label`. */
function domainRow(label: string) {
  const rows = document.querySelector('[data-typed-data-domain]')
  const term = [...(rows?.querySelectorAll('dt') ?? [])].find((dt) => dt.textContent === label)
  return term?.nextElementSibling?.textContent
}

test('behavior: an EIP-2612 Permit names the spender, the amount in the token list’s units and the deadline', async () => {
  renderApproval(
    typedData(
      { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: usdc },
      'Permit',
      {
        owner: evmAccount,
        spender: evmReceiver,
        value: '2500000',
        nonce: 0,
        deadline: 1_767_225_600,
      },
    ),
    { tokenList },
  )
  expect(
    await screen.findByText(text.permit('2.5 USDC', evmReceiver, '2026-01-01 00:00 UTC')),
  ).toBeVisible()
  expect(domainRow(text.domainName)).toBe('USD Coin')
  expect(domainRow(text.domainChain)).toBe('31337')
  expect(domainRow(text.domainContract)).toBe(usdc)
  expect(screen.queryByText(text.unlimitedWarning)).toBeNull()
})

test('warning: a Permit2 PermitSingle shows spender, token, amount and expiry; unlimited flagged', async () => {
  renderApproval(
    typedData(
      { name: 'Permit2', chainId: 31337, verifyingContract: permit2Address },
      'PermitSingle',
      {
        details: {
          token: usdc,
          amount: maxUint160.toString(),
          expiration: 1_767_225_600,
          nonce: 0,
        },
        spender: evmReceiver,
        sigDeadline: '1767222000',
      },
    ),
    { tokenList },
  )
  expect(
    await screen.findByText(
      text.permit2Allowance(text.unlimited, evmReceiver, '2026-01-01 00:00 UTC'),
    ),
  ).toBeVisible()
  expect(screen.getByText(text.unlimitedWarning)).toBeVisible()
  expect(domainRow(text.signatureDeadline)).toBe('2025-12-31 23:00 UTC')
  expect(domainRow(text.domainContract)).toBe(permit2Address)
})

test('behavior: a Permit2 PermitBatch shows each token’s allowance', async () => {
  renderApproval(
    typedData(
      { name: 'Permit2', chainId: 31337, verifyingContract: permit2Address },
      'PermitBatch',
      {
        details: [
          { token: usdc, amount: '1000000', expiration: 1_767_225_600, nonce: 0 },
          { token: weth, amount: '500000000000000000', expiration: 1_767_225_600, nonce: 0 },
        ],
        spender: evmReceiver,
        sigDeadline: 1_767_222_000,
      },
    ),
    { tokenList },
  )
  expect(
    await screen.findByText(text.permit2Allowance('1 USDC', evmReceiver, '2026-01-01 00:00 UTC')),
  ).toBeVisible()
  expect(
    screen.getByText(text.permit2Allowance('0.5 WETH', evmReceiver, '2026-01-01 00:00 UTC')),
  ).toBeVisible()
})

test('behavior: a Permit2 signature transfer with a witness says what the spender may take once', async () => {
  renderApproval(
    typedData(
      { name: 'Permit2', chainId: 31337, verifyingContract: permit2Address },
      'PermitBatchWitnessTransferFrom',
      {
        permitted: [{ token: usdc, amount: '3000000' }],
        spender: evmReceiver,
        nonce: 7,
        deadline: 1_767_225_600,
        witness: { orderId: 1 },
      },
    ),
    { tokenList },
  )
  expect(await screen.findByText(text.permit2Transfer('3 USDC', evmReceiver))).toBeVisible()
  expect(screen.getByText(text.witness)).toBeVisible()
})

test('warning: typed data whose domain is on another chain than the active network is flagged', async () => {
  renderApproval(
    typedData({ name: 'Permit2', chainId: 1, verifyingContract: permit2Address }, 'PermitSingle', {
      details: { token: usdc, amount: '1', expiration: 1, nonce: 0 },
      spender: evmReceiver,
      sigDeadline: 1,
    }),
  )
  expect(await screen.findByText(text.otherChainWarning('1', 'Anvil'))).toBeVisible()
  expect(domainRow(text.domainChain)).toBe('1')
})

test('behavior: other typed data shows its domain and each field, with no warning', async () => {
  renderApproval(
    typedData({ name: 'Ether Mail', version: '1', chainId: 31337 }, 'Mail', {
      from: { name: 'Cow' },
      contents: 'Hello, Bob!',
    }),
  )
  expect(await screen.findByText('"Hello, Bob!"')).toBeVisible()
  expect(domainRow(text.domainName)).toBe('Ether Mail')
  expect(domainRow(text.domainVersion)).toBe('1')
  expect(domainRow(text.primaryType)).toBe('Mail')
  expect(document.querySelector('[data-warning]')).toBeNull()
})

test('error: typed data the screen can’t render says so, its raw data one tap away, Reject in reach', async () => {
  // Not what the signer hands over (it parses JSON), but what any failure while rendering does.
  const unreadable = Object.defineProperty({ contents: 'hi' }, 'amount', {
    enumerable: true,
    get() {
      throw new Error('unreadable')
    },
  })
  renderApproval(typedData({ name: 'Mail', chainId: 31337 }, 'Mail', unreadable))
  expect(await screen.findByText(text.undecodedSignature)).toBeVisible()
  expect(screen.getByText(text.showData)).toBeVisible()
  expect(screen.getByRole('button', { name: text.reject })).toBeVisible()
})
