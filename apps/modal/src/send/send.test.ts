import type { TokenBalance } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { amountInUsd, sendFormError } from './send'

const usdc: TokenBalance = {
  name: 'Airlock USD',
  symbol: 'aUSD',
  chainId: 'eip155:31337',
  address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  price: 1,
  value: 1250.5,
  quantity: { decimals: '6', numeric: '1250.5' },
  iconUrl: '',
}
const sol: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: 'solana:localnet',
  price: 150,
  quantity: { decimals: '9', numeric: '2' },
  iconUrl: '',
}
const evmReceiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solanaReceiver = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const form = (patch: Partial<Parameters<typeof sendFormError>[0]>) => ({
  token: usdc,
  sendTokenAmount: '1',
  receiverAddress: evmReceiver,
  ...patch,
})

describe('sendFormError: what stops a send before the wallet is asked', () => {
  test('behavior: the spec’s three messages, in its order (§5)', () => {
    expect(sendFormError(form({}), undefined)).toBe('Unsupported chain')
    expect(sendFormError(form({ sendTokenAmount: '' }), 'eip155')).toBe(
      'An amount and receiver address are required',
    )
    expect(sendFormError(form({ receiverAddress: '  ' }), 'eip155')).toBe(
      'An amount and receiver address are required',
    )
    expect(sendFormError(form({ token: undefined }), 'eip155')).toBe('A token is required')
  })

  test('behavior: zero and negative amounts are no amount', () => {
    for (const sendTokenAmount of ['0', '0.000', '-1', 'abc', '1e3'])
      expect(sendFormError(form({ sendTokenAmount }), 'eip155')).toBe(
        'An amount and receiver address are required',
      )
  })

  test('behavior: the receiver must be an address of the namespace', () => {
    expect(sendFormError(form({ receiverAddress: '0x1234' }), 'eip155')).toBe('Invalid address')
    expect(sendFormError(form({ receiverAddress: evmReceiver.slice(2) }), 'eip155')).toBe(
      'Invalid address',
    )
    expect(sendFormError(form({ receiverAddress: solanaReceiver }), 'eip155')).toBe(
      'Invalid address',
    )
    expect(sendFormError(form({ token: sol, receiverAddress: evmReceiver }), 'solana')).toBe(
      'Invalid address',
    )
    expect(sendFormError(form({ token: sol, receiverAddress: 'O0Il'.repeat(10) }), 'solana')).toBe(
      'Invalid address',
    )
    expect(sendFormError(form({ token: sol, receiverAddress: solanaReceiver }), 'solana')).toBe(
      undefined,
    )
  })

  test('behavior: more decimals than the token has, or more than the balance, is refused', () => {
    expect(sendFormError(form({ sendTokenAmount: '0.0000001' }), 'eip155')).toBe(
      'Too many decimals: the token has 6',
    )
    expect(sendFormError(form({ sendTokenAmount: '1250.500001' }), 'eip155')).toBe(
      'Insufficient aUSD balance',
    )
    expect(sendFormError(form({ sendTokenAmount: '1250.5' }), 'eip155')).toBe(undefined)
    expect(sendFormError(form({ sendTokenAmount: '.5' }), 'eip155')).toBe(undefined)
  })
})

test('behavior: amounts written `.5` or `2.` weigh against the balance like `0.5` and `2`', () => {
  expect(
    sendFormError(
      form({ token: sol, receiverAddress: solanaReceiver, sendTokenAmount: '2.' }),
      'solana',
    ),
  ).toBe(undefined)
  expect(
    sendFormError(
      form({ token: sol, receiverAddress: solanaReceiver, sendTokenAmount: '2.000000001' }),
      'solana',
    ),
  ).toBe('Insufficient SOL balance')
  expect(sendFormError(form({ sendTokenAmount: ' 1250.5 ' }), 'eip155')).toBe(undefined)
})

test('amountInUsd: the amount’s value when the token has a price', () => {
  expect(amountInUsd(sol, '1.5')).toBe('$225.00')
  expect(amountInUsd({ ...sol, price: 0 }, '1.5')).toBe(undefined)
  expect(amountInUsd(sol, '')).toBe('$0.00')
  expect(amountInUsd(undefined, '1')).toBe(undefined)
})

describe('sendFormError on a Cosmos network', () => {
  const atom: TokenBalance = {
    name: 'Cosmos',
    symbol: 'ATOM',
    chainId: 'cosmos:airlock-local-1',
    price: 0,
    quantity: { decimals: '6', numeric: '2.5' },
    iconUrl: '',
  }
  const local = { caipNetworkId: 'cosmos:airlock-local-1', name: 'Cosmos Local' } as const
  const cosmosReceiver = 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02'
  const osmosisReceiver = 'osmo1hsk6jryyqjfhp5dhc55tc9jtckygx0epq7zrx7'
  const atomForm = (patch: Partial<Parameters<typeof sendFormError>[0]>) =>
    form({ token: atom, receiverAddress: cosmosReceiver, ...patch })

  test('behavior: an address of the chain, within the balance and the token’s 6 decimals, can be sent to', () => {
    expect(sendFormError(atomForm({}), 'cosmos', local)).toBe(undefined)
  })

  test("error: another chain's address, or none, is refused by the network's name", () => {
    for (const receiverAddress of [osmosisReceiver, evmReceiver, 'cosmos1short'])
      expect(sendFormError(atomForm({ receiverAddress }), 'cosmos', local)).toBe(
        'Not a Cosmos Local address',
      )
  })

  test('error: more decimals than ATOM has, or more than the balance, is refused', () => {
    expect(sendFormError(atomForm({ sendTokenAmount: '0.0000001' }), 'cosmos', local)).toBe(
      'Too many decimals: the token has 6',
    )
    expect(sendFormError(atomForm({ sendTokenAmount: '2.6' }), 'cosmos', local)).toBe(
      'Insufficient ATOM balance',
    )
  })
})
