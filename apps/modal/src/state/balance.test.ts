import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ModalConfig, NetworkConfig } from '@airlock/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { refreshAccountData } from './accountData'
import { createNativeBalances } from './balance'
import { createModalStore } from './store'

// A chain's RPC stand-in on loopback: every eth_getBalance is 1 ETH, and counted.
let server: Server
let network: NetworkConfig
let reads = 0

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const { id, method } = JSON.parse(text) as { id: number; method: string }
    if (method === 'eth_getBalance') reads++
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0xde0b6b3a7640000' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  network = {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => {
  reads = 0
})

const config: ModalConfig = { projectId: 'demo', project: null, error: null }
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('native balance', () => {
  test('behavior: a balance read is kept: asking again reads nothing', async () => {
    const { nativeBalance } = createNativeBalances(createModalStore(config))
    expect(await nativeBalance(network, address)).toBe('1 ETH')
    expect(await nativeBalance(network, address.toLowerCase())).toBe('1 ETH')
    expect(reads).toBe(1)
  })

  test('behavior: a refresh of the account data forgets the kept balance', async () => {
    const store = createModalStore(config)
    const { nativeBalance } = createNativeBalances(store)
    await nativeBalance(network, address)
    refreshAccountData(store)
    await nativeBalance(network, address)
    expect(reads).toBe(2)
  })

  test("behavior: each modal keeps its own balances; one's refresh leaves another's", async () => {
    const first = createModalStore(config)
    const second = createModalStore(config)
    await createNativeBalances(first).nativeBalance(network, address)
    const { nativeBalance } = createNativeBalances(second)
    await nativeBalance(network, address)
    refreshAccountData(first)
    await nativeBalance(network, address)
    expect(reads).toBe(2)
  })
})
