import type { TokenBalance } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import {
  mergePage,
  sortTokens,
  supportsWalletGetAssets,
  walletAssetsToBalances,
} from './accountData'

const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

const token = (fields: Partial<TokenBalance> & Pick<TokenBalance, 'symbol'>): TokenBalance => ({
  name: fields.symbol,
  chainId: 'eip155:1',
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
  ...fields,
})
const ether = token({ name: 'Ether', symbol: 'ETH', value: 3000, price: 3000 })
const usdCoin = token({
  name: 'USD Coin',
  symbol: 'USDC',
  address: usdc,
  value: 1250.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1250.5' },
})

describe('wallet_getAssets', () => {
  const response = {
    '0x1': [
      {
        address: 'native',
        balance: '0x1bc16d674ec80000',
        type: 'NATIVE',
        metadata: {
          name: 'Ether',
          symbol: 'ETH',
          decimals: 18,
          price: 3000,
          iconUrl: 'https://x/eth.png',
        },
      },
      {
        address: usdc,
        balance: '0x4a891da0',
        type: 'ERC20',
        metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, value: 1250.5 },
      },
      { address: bob, balance: '0x1', type: 'ERC721', metadata: { name: 'Art', decimals: 0 } },
      { address: usdc, balance: 'lots', type: 'ERC20', metadata: { decimals: 6 } },
    ],
  }

  test('behavior: NATIVE and ERC20 assets become token balances of the network', () => {
    expect(walletAssetsToBalances(response, 'eip155:1')).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:1',
        price: 3000,
        value: 6000,
        quantity: { decimals: '18', numeric: '2' },
        iconUrl: 'https://x/eth.png',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:1',
        address: usdc,
        price: 1,
        value: 1250.5,
        quantity: { decimals: '6', numeric: '1250.5' },
        iconUrl: '',
      },
    ])
  })

  test("behavior: assets of another chain are not the network's; a chain with no entry has none", () => {
    expect(walletAssetsToBalances({ '0x89': response['0x1'] }, 'eip155:1')).toEqual([])
    const anvil = walletAssetsToBalances({ '0x7A69': response['0x1'] }, 'eip155:31337')
    expect(anvil.map((item) => item.symbol)).toEqual(['ETH', 'USDC'])
  })

  test('behavior: without a price the value stays unknown', () => {
    const [asset] = walletAssetsToBalances(
      { '0x1': [{ balance: '0x0', type: 'native', metadata: { symbol: 'ETH', decimals: 18 } }] },
      'eip155:1',
    )
    expect(asset).toMatchObject({ symbol: 'ETH', price: 0, quantity: { numeric: '0' } })
    expect(asset?.value).toBeUndefined()
  })

  test('behavior: an answer that is not an object of lists is refused', () => {
    expect(() => walletAssetsToBalances('nope', 'eip155:1')).toThrow(/Unexpected account data/)
    expect(() => walletAssetsToBalances({ '0x1': {} }, 'eip155:1')).toThrow(/not a list/)
  })

  test('behavior: capabilities offer wallet_getAssets per chain, or for every chain under 0x0', () => {
    expect(supportsWalletGetAssets({ '0x1': { assetDiscovery: { supported: true } } }, '0x1')).toBe(
      true,
    )
    expect(supportsWalletGetAssets({ '0x0': { assetDiscovery: { supported: true } } }, '0x1')).toBe(
      true,
    )
    expect(supportsWalletGetAssets({ '0x01': { wallet_getAssets: {} } }, '0x1')).toBe(true)
    expect(
      supportsWalletGetAssets({ '0x1': { assetDiscovery: { supported: false } } }, '0x1'),
    ).toBe(false)
    expect(
      supportsWalletGetAssets({ '0x89': { assetDiscovery: { supported: true } } }, '0x1'),
    ).toBe(false)
    expect(
      supportsWalletGetAssets({ '0x1': { wallet_getAssets: { supported: false } } }, '0x1'),
    ).toBe(false)
    expect(supportsWalletGetAssets(undefined, '0x1')).toBe(false)
  })
})

describe('sortTokens', () => {
  test('behavior: tokens are sorted by value, largest first; unknown values count as none', () => {
    const dai = token({ name: 'Dai', symbol: 'DAI', address: bob, value: 12 })
    const unknown = token({ name: 'Mystery', symbol: 'MYS', address: usdc })
    expect(sortTokens([dai, unknown, usdCoin, ether]).map((item) => item.symbol)).toEqual([
      'ETH',
      'USDC',
      'DAI',
      'MYS',
    ])
  })

  test('behavior: on equal values the native token comes first, then names in order', () => {
    const zed = token({ name: 'Zed', symbol: 'ZED', address: bob })
    const abc = token({ name: 'Abc', symbol: 'ABC', address: usdc })
    const native = token({ name: 'Ether', symbol: 'ETH' })
    expect(sortTokens([zed, abc, native]).map((item) => item.symbol)).toEqual(['ETH', 'ABC', 'ZED'])
  })
})

describe('mergePage', () => {
  test('behavior: a page adds the items not already in the list, in order', () => {
    const merged = mergePage(
      [{ id: 'a' }, { id: 'b' }],
      [{ id: 'b' }, { id: 'c' }, { id: 'c' }, { id: 'd' }],
      (item) => item.id,
    )
    expect(merged).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }])
  })
})
