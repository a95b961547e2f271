import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ModalConfig, NetworkConfig } from '@airlock/protocol'
import { QueryObserver } from '@tanstack/react-query'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createModalStore, type ModalStore } from '../stores/store'
import { nativeBalanceQuery } from './nativeBalance'
import { queryClientOf } from './queryClient'
import { refreshAccountData } from './refresh'

// A chain's RPC stand-in on loopback: every eth_getBalance is 1 ETH (or fails), and counted.
let server: Server
let network: NetworkConfig
let reads = 0
let failing = false

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const { id, method } = JSON.parse(text) as { id: number; method: string }
    if (method === 'eth_getBalance') reads++
    response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' })
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
  failing = false
})

const config: ModalConfig = { projectId: 'demo', project: null, error: null }
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The Account header asking for the balance: what it shows once the read settles. */
async function headerBalance(store: ModalStore, of: `0x${string}` = address) {
  const observer = new QueryObserver(queryClientOf(store), nativeBalanceQuery(network, of, 'demo'))
  const unmount = observer.subscribe(() => {})
  while (observer.getCurrentResult().isFetching)
    await new Promise((resolve) => setTimeout(resolve, 5))
  unmount()
  return observer.getCurrentResult()
}

describe('native balance', () => {
  test('behavior: a balance read is kept: asking again reads nothing', async () => {
    const store = createModalStore(config)
    expect((await headerBalance(store)).data).toBe('1 ETH')
    expect((await headerBalance(store, address.toLowerCase() as `0x${string}`)).data).toBe('1 ETH')
    expect(reads).toBe(1)
  })

  test('behavior: a refresh of the account data reads it again', async () => {
    const store = createModalStore(config)
    await headerBalance(store)
    refreshAccountData(store)
    await headerBalance(store)
    expect(reads).toBe(2)
  })

  test("behavior: each modal keeps its own balances; one's refresh leaves another's", async () => {
    const first = createModalStore(config)
    const second = createModalStore(config)
    await headerBalance(first)
    await headerBalance(second)
    refreshAccountData(first)
    await headerBalance(second)
    expect(reads).toBe(2)
  })

  test('behavior: a failed read shows nothing, no toast, and is not tried again at once', async () => {
    const store = createModalStore(config)
    failing = true
    const shown = await headerBalance(store)
    expect(shown.data).toBeUndefined()
    expect(store.getState().toast).toBeUndefined()
    failing = false
    await headerBalance(store)
    expect(reads).toBe(1)
  })
})
