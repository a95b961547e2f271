import { swapSupportedChainIds } from '@airlock/protocol'
import { expect, test } from 'vitest'
import { defaultNetworks } from '../networks'
import { createSwapNetworks, unsupportedSwapNetworkMessage } from './swap'

const networks = defaultNetworks()
const router = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'

test('behavior: a local router serves its chain; 1inch the spec’s networks when it has a key', () => {
  const swaps = createSwapNetworks({
    config: { oneInchApiKey: 'k'.repeat(32), localRouters: { 31337: router } },
    networks,
  })
  expect(swaps.adapterFor(31337)?.provider).toBe('Anvil')
  for (const chainId of swapSupportedChainIds)
    expect(swaps.adapterFor(chainId)?.provider).toBe('1inch')
  expect(swaps.adapterFor(11155111)).toBeUndefined()
  expect(swaps.served.map(({ chainId }) => chainId)).toEqual([31337, ...swapSupportedChainIds])
})

test('behavior: without a 1inch key the spec’s networks have no swaps', () => {
  const swaps = createSwapNetworks({
    config: { oneInchApiKey: undefined, localRouters: { 31337: router } },
    networks,
  })
  expect(swaps.adapterFor(1)).toBeUndefined()
  expect(unsupportedSwapNetworkMessage(1, swaps)).toBe(
    'Swaps do not work on Ethereum (1). They work on Anvil (31337).',
  )
})

test('behavior: with no provider at all the refusal says so', () => {
  const swaps = createSwapNetworks({
    config: { oneInchApiKey: undefined, localRouters: {} },
    networks,
  })
  expect(unsupportedSwapNetworkMessage(8453, swaps)).toBe(
    'Swaps do not work on Base (8453): this API has no swap provider configured.',
  )
})
