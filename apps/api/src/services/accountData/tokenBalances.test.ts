import { describe, expect, test } from 'vitest'
import type { TokenHolding } from './adapter'
import { fallbackTokenIcon, toTokenBalances } from './tokenBalances'

const eth: TokenHolding = { name: 'Ether', symbol: 'ETH', decimals: 18, balance: 10n ** 18n / 2n }
const ausd: TokenHolding = {
  address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
  name: 'Airlock USD',
  symbol: 'aUSD',
  decimals: 6,
  balance: 1_250_500_000n,
  iconUrl: 'https://tokens.example/ausd.png',
}
const zero: TokenHolding = {
  address: '0xa15bb66138824a1c7167f5e85b957d04dd34e468',
  name: 'Zero Token',
  symbol: 'ZERO',
  decimals: 0,
  balance: 45n,
}

describe('toTokenBalances', () => {
  test('behavior: amounts are exact, value is amount × price, highest value first', () => {
    const prices = new Map([
      ['native', 2500],
      ['0x700b6a60ce7eaaea56f065753d8dcb9653dbad35', 1],
    ])
    // 1250.5 aUSD at 1 USD outranks 0.5 ETH at 2500 USD (1250).
    expect(toTokenBalances([eth, ausd], prices, 'eip155:31337')).toEqual([
      {
        name: 'Airlock USD',
        symbol: 'aUSD',
        chainId: 'eip155:31337',
        address: ausd.address,
        value: 1250.5,
        price: 1,
        quantity: { decimals: '6', numeric: '1250.5' },
        iconUrl: 'https://tokens.example/ausd.png',
      },
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 1250,
        price: 2500,
        quantity: { decimals: '18', numeric: '0.5' },
        iconUrl: fallbackTokenIcon('ETH'),
      },
    ])
  })

  test('behavior: an unpriced token has price 0, no value, and sorts after priced ones by symbol', () => {
    const balances = toTokenBalances([zero, ausd, eth], new Map([['native', 0]]), 'eip155:31337')
    expect(balances.map((token) => [token.symbol, token.price, token.value])).toEqual([
      ['ETH', 0, 0],
      ['aUSD', 0, undefined],
      ['ZERO', 0, undefined],
    ])
    expect(balances[1]).not.toHaveProperty('value')
  })

  test('behavior: tokens with zero decimals are kept (the modal filters them, spec §5)', () => {
    const [balance] = toTokenBalances([zero], new Map(), 'eip155:31337')
    expect(balance?.quantity).toEqual({ decimals: '0', numeric: '45' })
  })

  test('behavior: a non-http icon URL is replaced by the fallback badge', () => {
    const [balance] = toTokenBalances(
      [{ ...ausd, iconUrl: 'javascript:alert(1)' }],
      new Map(),
      'eip155:1',
    )
    expect(balance?.iconUrl).toBe(fallbackTokenIcon('aUSD'))
  })

  test('behavior: a value too large for a double is left out rather than Infinity', () => {
    const [balance] = toTokenBalances(
      [{ ...zero, balance: 10n ** 400n }],
      new Map([[zero.address!, 1]]),
      'eip155:1',
    )
    expect(balance?.value).toBeUndefined()
    expect(balance?.price).toBe(1)
  })
})

describe('fallbackTokenIcon', () => {
  test('behavior: shows the first letter or digit and never the rest of the symbol', () => {
    const icon = decodeURIComponent(fallbackTokenIcon('<script>x'))
    expect(icon.startsWith('data:image/svg+xml,<svg')).toBe(true)
    expect(icon).toContain('>S</text>')
    expect(icon).not.toContain('<script')
    expect(decodeURIComponent(fallbackTokenIcon('$$$'))).toContain('>?</text>')
  })
})
