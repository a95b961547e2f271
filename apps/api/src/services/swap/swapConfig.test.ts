import { expect, test } from 'vitest'
import { ConfigError } from '../../configError'
import { defaultNetworks } from '../networks'
import { readSwapConfig } from './swapConfig'

const networks = defaultNetworks()
const router = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const key = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'

test('behavior: without either variable swaps are off', () => {
  expect(readSwapConfig({}, networks)).toEqual({ oneInchApiKey: undefined, localRouters: {} })
  expect(
    readSwapConfig(
      { AIRLOCK_SWAP_1INCH_API_KEY: '', AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: ' ' },
      networks,
    ),
  ).toEqual({ oneInchApiKey: undefined, localRouters: {} })
})

test('behavior: a 1inch key and a router per local chain are read', () => {
  expect(
    readSwapConfig(
      {
        AIRLOCK_SWAP_1INCH_API_KEY: key,
        AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: JSON.stringify({ 31337: router }),
      },
      networks,
    ),
  ).toEqual({ oneInchApiKey: key, localRouters: { 31337: router } })
})

test('behavior: a key with spaces or too short is refused without repeating it', () => {
  for (const bad of ['short', `${key} x`]) {
    const read = () => readSwapConfig({ AIRLOCK_SWAP_1INCH_API_KEY: bad }, networks)
    expect(read).toThrow(ConfigError)
    expect(read).toThrow(/^AIRLOCK_SWAP_1INCH_API_KEY must be a 1inch API key/)
    expect(read).not.toThrow(bad)
  }
})

test.each([
  ['not JSON', '{31337:', 'AIRLOCK_SWAP_LOCAL_ROUTERS_JSON is not valid JSON.'],
  [
    'an array',
    `["${router}"]`,
    'AIRLOCK_SWAP_LOCAL_ROUTERS_JSON must be an object from a chain id to a Uniswap v2 router address, such as {"31337":"0x…"}.',
  ],
  [
    'a CAIP id for a key',
    JSON.stringify({ 'eip155:31337': router }),
    'AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: "eip155:31337" is not a chain id such as 31337.',
  ],
  [
    'a router that is not an address',
    JSON.stringify({ 31337: 'uniswap' }),
    'AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: the router of chain 31337 must be an address: 0x and 40 hex characters.',
  ],
  [
    'a chain not in the catalogue',
    JSON.stringify({ 777: router }),
    'AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: chain 777 is not in the network catalogue (eip155:777), so its RPC is unknown.',
  ],
])('behavior: local routers as %s are refused with words', (_, json, message) => {
  const read = () => readSwapConfig({ AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: json }, networks)
  expect(read).toThrow(ConfigError)
  expect(read).toThrow(message)
})
