import { expect, test } from 'vitest'
import * as constants from './constants'

test('behavior: caches and timings match spec §9', () => {
  expect(constants.balanceCacheMs).toBe(30 * 1000)
  expect(constants.nativeBalanceCacheMs).toBe(30 * 1000)
  expect(constants.ensCacheMs).toBe(5 * 60 * 1000)
  expect(constants.identityCacheMs).toBe(5 * 60 * 1000)
  expect(constants.balanceRetryGapMs).toBe(30 * 1000)
  expect(constants.pairingExpiryMs).toBe(4 * 60 * 1000)
  expect(constants.pairingExpiredMarginMs).toBe(10 * 1000)
  expect(constants.errorEventsPerMinute).toBe(5)
  expect(constants.socialPopup).toEqual({ width: 600, height: 800, closedCheckMs: 1000 })
  expect(constants.imagePreloadTimeoutMs).toBe(2000)
  expect(constants.emailUpdatePollMs).toBe(1000)
  expect(constants.shakeMs).toBe(500)
  expect(constants.toastReplaceDelayMs).toBe(150)
})

test('behavior: wallets and swaps match spec §9', () => {
  expect(constants.recentWalletsKept).toBe(2)
  expect(constants.swapSlippageTolerance).toBe(1)
  expect(constants.swapsProviderDefault).toBe('1inch')
  expect(constants.swapSupportedChainIds).toEqual([
    1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
  ])
})

test('behavior: onramp defaults match spec §9', () => {
  expect(constants.onrampDefaultPaymentCurrency).toEqual({
    id: 'USD',
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  })
  expect(constants.onrampProviderFeeRange).toBe('1-2%')
  expect(constants.onrampDefaultPurchaseCurrency.symbol).toBe('USDC')
  expect(constants.onrampDefaultPurchaseCurrency.networks.map(({ name }) => name)).toEqual([
    'Ethereum',
    'Polygon',
  ])
  expect(constants.coinbasePayChains).toEqual([
    'ethereum',
    'arbitrum',
    'polygon',
    'berachain',
    'avalanche-c-chain',
    'optimism',
    'celo',
    'base',
  ])
})

// Spec §6's chain support, with Bitcoin's Send, balances and activity (issue 38).
test('behavior: account types and chain support match spec §9 and §6', () => {
  expect(constants.defaultAccountTypes).toEqual({
    eip155: 'smartAccount',
    solana: 'eoa',
    polkadot: 'eoa',
    bip122: 'payment',
  })
  expect(constants.chainSupport).toEqual({
    send: ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'],
    names: ['eip155'],
    activity: ['eip155', 'bip122', 'cosmos', 'polkadot'],
    balances: ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'],
    onramp: ['eip155', 'solana'],
  })
})

test('behavior: display and validation limits match the spec', () => {
  expect(constants.displayDecimals).toEqual({ amount: 3, balance: 2, transfer: 3, networkFee: 8 })
  expect(constants.addressTruncation).toEqual({ startChars: 4, endChars: 6 })
  expect(constants.emailTruncationChars).toBe(30)
  expect(constants.modalWidthPx).toBe(360)
  expect(constants.modalZIndex).toBe(999)
  expect(constants.defaultThemeMode).toBe('dark')
  expect(constants.accountNameMinChars).toBe(4)
  expect(constants.nameChainIdLimit).toBe(2_147_483_648)
})
