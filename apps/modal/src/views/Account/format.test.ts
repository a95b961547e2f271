import type { Transaction } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import {
  counterparty,
  counterpartyLabel,
  formatActivityDate,
  formatTokenAmount,
  formatUsd,
  operationLabel,
  totalValue,
  tradeSummary,
  transactionHash,
  transferSummary,
} from './format'

const alice = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const hash = `0x${'ab'.repeat(32)}`

const transaction = (
  operationType: string,
  transfers: Transaction['transfers'] = [],
  from = alice,
  to = bob,
): Transaction => ({
  id: hash,
  metadata: {
    minedAt: '2025-06-01T11:00:00Z',
    chain: 'eip155:1',
    operationType,
    status: 'confirmed',
    sentFrom: from,
    sentTo: to,
  },
  transfers,
})

describe('account display', () => {
  test('behavior: USD values are en-US currency; under a cent is <$0.01', () => {
    expect(formatUsd(1250.5)).toBe('$1,250.50')
    expect(formatUsd(0)).toBe('$0.00')
    expect(formatUsd(0.004)).toBe('<$0.01')
  })

  test('behavior: a token amount is its balance to 2 decimals and its symbol', () => {
    expect(
      formatTokenAmount({ symbol: 'ETH', quantity: { decimals: '18', numeric: '10000' } }),
    ).toBe('10000 ETH')
    expect(
      formatTokenAmount({ symbol: 'USDC', quantity: { decimals: '6', numeric: '1.239' } }),
    ).toBe('1.23 USDC')
  })

  test('behavior: the total adds the known values; none known is no total', () => {
    expect(totalValue([{ value: 1.5 }, {}, { value: 2 }])).toBe(3.5)
    expect(totalValue([{}, { value: undefined }])).toBeUndefined()
  })

  test('behavior: operations read as past-tense words; unknown ones capitalised', () => {
    expect(operationLabel('send')).toBe('Sent')
    expect(operationLabel('RECEIVE')).toBe('Received')
    expect(operationLabel('mint')).toBe('Minted')
    expect(operationLabel('contract_interaction')).toBe('Contract interaction')
  })

  test('behavior: a sent transaction names its receiver, a received one its sender, truncated', () => {
    const label = (other: ReturnType<typeof counterparty>) => other && counterpartyLabel(other)
    expect(label(counterparty(transaction('send'), alice))).toBe('To 0x3c…4293bc')
    expect(label(counterparty(transaction('receive', [], bob, alice), alice))).toBe(
      'From 0x3c…4293bc',
    )
    expect(label(counterparty(transaction('execute'), alice.toUpperCase()))).toBe('To 0x3c…4293bc')
  })

  test('behavior: a counterparty with a name is called by it', () => {
    expect(counterpartyLabel({ direction: 'to', address: bob }, 'bob.airlock.eth')).toBe(
      'To bob.airlock.eth',
    )
    expect(counterpartyLabel({ direction: 'from', address: bob }, 'bob.airlock.eth')).toBe(
      'From bob.airlock.eth',
    )
  })

  test('behavior: what moved is the first transfer to 3 decimals, or the NFT name', () => {
    const fungible = transaction('send', [
      { fungible_info: { symbol: 'ETH', quantity: { numeric: '0.123456' } } },
      { fungible_info: { symbol: 'USDC', quantity: { numeric: '5' } } },
    ])
    expect(transferSummary(fungible)).toEqual({ label: '0.123 ETH', imageUrl: undefined, more: 1 })
    const art = transaction('mint', [
      {
        nft_info: {
          name: 'Sunrise #4',
          content: { preview: { url: 'https://x/4.png' } },
          flags: { is_spam: false },
        },
      },
    ])
    expect(transferSummary(art)).toEqual({
      label: 'Sunrise #4',
      imageUrl: 'https://x/4.png',
      more: 0,
    })
    expect(transferSummary(transaction('approve'))).toBeUndefined()
  })

  test('behavior: a trade reads what went out, an arrow, what came in, whatever its operation says', () => {
    const eth = { symbol: 'ETH', quantity: { numeric: '0.001' } }
    const aUsd = {
      symbol: 'aUSD',
      quantity: { numeric: '5.00049' },
      icon: { url: 'https://x/ausd.png' },
    }
    // The API lists the incoming side first: direction decides, not order.
    const swap = transaction('trade', [
      { direction: 'in', fungible_info: aUsd },
      { direction: 'out', fungible_info: eth },
    ])
    expect(tradeSummary(swap)).toEqual({
      label: '0.001 ETH → 5 aUSD',
      imageUrl: 'https://x/ausd.png',
      nft: false,
      more: 0,
    })
    const call = transaction('execute', [
      { direction: 'out', fungible_info: aUsd },
      { direction: 'in', fungible_info: eth },
      { direction: 'out', fungible_info: { symbol: 'ZERO', quantity: { numeric: '1' } } },
    ])
    expect(tradeSummary(call)).toMatchObject({ label: '5 aUSD → 0.001 ETH', more: 1 })
    const bought = transaction('trade', [
      { direction: 'out', fungible_info: eth },
      { direction: 'in', nft_info: { name: 'Sunrise #4', flags: { is_spam: false } } },
    ])
    expect(tradeSummary(bought)).toMatchObject({ label: '0.001 ETH → Sunrise #4', nft: true })
  })

  test('behavior: a send, a refund of the same token, or transfers without a direction are no trade', () => {
    const eth = (numeric: string) => ({ symbol: 'ETH', quantity: { numeric } })
    expect(
      tradeSummary(transaction('send', [{ direction: 'out', fungible_info: eth('1') }])),
    ).toBeUndefined()
    const refunded = transaction('trade', [
      { direction: 'out', fungible_info: eth('1') },
      { direction: 'in', fungible_info: eth('0.2') },
    ])
    expect(tradeSummary(refunded)).toBeUndefined()
    const undirected = transaction('trade', [
      { fungible_info: eth('1') },
      { fungible_info: { symbol: 'aUSD', quantity: { numeric: '5' } } },
    ])
    expect(tradeSummary(undirected)).toBeUndefined()
  })

  test('behavior: recent dates are relative, older ones short', () => {
    const now = Date.parse('2025-06-01T12:00:00Z')
    expect(formatActivityDate('2025-06-01T11:59:30Z', now)).toBe('Just now')
    expect(formatActivityDate('2025-06-01T11:55:00Z', now)).toBe('5 min ago')
    expect(formatActivityDate('2025-06-01T09:00:00Z', now)).toBe('3 h ago')
    expect(formatActivityDate('2025-03-04T12:00:00Z', now)).toBe('Mar 4')
    expect(formatActivityDate('2024-03-04T12:00:00Z', now)).toBe('Mar 4, 2024')
    expect(formatActivityDate('yesterday', now)).toBe('')
  })

  test('behavior: a transaction id that starts with a hash gives the hash', () => {
    expect(transactionHash(hash)).toBe(hash)
    expect(transactionHash(`${hash}:3`)).toBe(hash)
    expect(transactionHash('tx-1')).toBeUndefined()
  })
})
