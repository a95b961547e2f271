// The local WalletConnect relay, proven two ways: raw WebSocket clients check its own rules
// (replay within ttl, no echo, expiry), and two real sign-clients, a dapp and the e2e wallet peer,
// pair, sign, send to a real anvil, reject, switch chains and disconnect through it.
import { randomUUID } from 'node:crypto'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { ICore, SignClientTypes } from '@walletconnect/types'
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import { createWalletPeer, type WalletPeer } from '../e2e/support/walletPeer'
import { startRelay, type WalletConnectRelay } from './wcRelay.mjs'

const anvilAccount0 = {
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
} as const
const bob: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const evmMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities', // which the peer does not implement
]
const evmEvents = ['accountsChanged', 'chainChanged']

// ---------------------------------------------------------------------------------------------
// The relay's own rules, with raw clients

type RawClient = {
  request(method: string, params: unknown): Promise<unknown>
  /** The `data` of every irn_subscription received so far. */
  received: { topic: string; message: string; tag: number }[]
  close(): void
}

/** A bare WebSocket client that identifies as `clientId`, the way sign-client's auth JWT does. */
async function connectRawClient(relayUrl: string, clientId: string): Promise<RawClient> {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const auth = `${encode({ alg: 'EdDSA', typ: 'JWT' })}.${encode({ iss: clientId })}.unsigned`
  const socket = new WebSocket(`${relayUrl}/?auth=${auth}&projectId=test`)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const pending = new Map<number, (reply: { result?: unknown; error?: unknown }) => void>()
  const received: RawClient['received'] = []
  socket.on('message', (data) => {
    const payload = JSON.parse(data.toString())
    if (payload.method === 'irn_subscription') received.push(payload.params.data)
    else pending.get(payload.id)?.(payload)
  })
  let nextId = 1
  return {
    received,
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const id = nextId++
        pending.set(id, (reply) => (reply.error ? reject(reply.error) : resolve(reply.result)))
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      }),
    close: () => socket.close(),
  }
}

/** Lets in-flight frames arrive before asserting that something did not. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))

describe('wcRelay', () => {
  let relay: WalletConnectRelay
  const clients: RawClient[] = []
  const connect = async (clientId: string) => {
    const client = await connectRawClient(relay.url, clientId)
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    relay = await startRelay()
  })
  afterAll(async () => {
    for (const client of clients) client.close()
    await relay.close()
  })

  test('behavior: a message published before anyone subscribed is replayed on subscribe', async () => {
    const dapp = await connect('did:key:dapp-replay')
    const wallet = await connect('did:key:wallet-replay')
    await dapp.request('irn_publish', { topic: 'replay', message: 'hello', ttl: 300, tag: 1 })
    const subscriptionId = await wallet.request('irn_subscribe', { topic: 'replay' })
    await settle()
    expect(subscriptionId).toMatch(/^[0-9a-f]{64}$/)
    expect(wallet.received).toEqual([
      expect.objectContaining({ topic: 'replay', message: 'hello', tag: 1 }),
    ])
  })

  test('behavior: a publisher never gets its own message back, on any of its connections', async () => {
    const dapp = await connect('did:key:dapp-echo')
    const sameDappElsewhere = await connect('did:key:dapp-echo')
    const wallet = await connect('did:key:wallet-echo')
    for (const client of [dapp, sameDappElsewhere, wallet])
      await client.request('irn_subscribe', { topic: 'echo' })
    await dapp.request('irn_publish', { topic: 'echo', message: 'from dapp', ttl: 300, tag: 1 })
    await settle()
    expect(dapp.received).toEqual([])
    expect(sameDappElsewhere.received).toEqual([])
    expect(wallet.received.map(({ message }) => message)).toEqual(['from dapp'])
  })

  test('behavior: messages are gone once their ttl has passed', async () => {
    const dapp = await connect('did:key:dapp-ttl')
    await dapp.request('irn_publish', { topic: 'short', message: 'brief', ttl: 1, tag: 1 })
    await dapp.request('irn_publish', { topic: 'long', message: 'lasting', ttl: 300, tag: 1 })
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const wallet = await connect('did:key:wallet-ttl')
    await wallet.request('irn_batchSubscribe', { topics: ['short', 'long'] })
    await settle()
    expect(wallet.received.map(({ message }) => message)).toEqual(['lasting'])
  })

  test('behavior: unsubscribing stops delivery', async () => {
    const dapp = await connect('did:key:dapp-unsub')
    const wallet = await connect('did:key:wallet-unsub')
    const id = await wallet.request('irn_subscribe', { topic: 'unsub' })
    await wallet.request('irn_unsubscribe', { topic: 'unsub', id })
    await dapp.request('irn_publish', { topic: 'unsub', message: 'missed', ttl: 300, tag: 1 })
    await settle()
    expect(wallet.received).toEqual([])
  })

  test('behavior: wc_proposeSession and wc_approveSession publish with the relay tags and subscribe the sender', async () => {
    const dapp = await connect('did:key:dapp-propose')
    const wallet = await connect('did:key:wallet-propose')
    await dapp.request('wc_proposeSession', {
      pairingTopic: 'pairing',
      sessionProposal: 'proposal',
      ttl: 300,
    })
    await wallet.request('irn_subscribe', { topic: 'pairing' })
    await wallet.request('wc_approveSession', {
      sessionTopic: 'session',
      pairingTopic: 'pairing',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settlement',
      ttl: 300,
    })
    await dapp.request('irn_subscribe', { topic: 'session' })
    await dapp.request('irn_publish', { topic: 'session', message: 'request', ttl: 300, tag: 1 })
    await settle()
    expect(wallet.received).toEqual([
      expect.objectContaining({ topic: 'pairing', message: 'proposal', tag: 1100 }),
      expect.objectContaining({ topic: 'session', message: 'request', tag: 1 }),
    ])
    expect(dapp.received).toEqual([
      expect.objectContaining({ topic: 'pairing', message: 'response', tag: 1101 }),
      expect.objectContaining({ topic: 'session', message: 'settlement', tag: 1102 }),
    ])
  })

  test('behavior: an unknown method gets a JSON-RPC method-not-found error', async () => {
    const client = await connect('did:key:curious')
    await expect(client.request('irn_teleport', {})).rejects.toMatchObject({ code: -32601 })
  })
})

// ---------------------------------------------------------------------------------------------
// A real dapp sign-client and the wallet peer, through the relay, against a real anvil

type DappClient = Awaited<ReturnType<typeof SignClient.init>>

/** A dapp as the modal makes one: its own Core, in-memory storage, no telemetry. */
async function createDappClient(relayUrl: string): Promise<DappClient> {
  const core = new Core({
    projectId: 'airlock-local',
    relayUrl,
    // It logs every error reply at level error; the tests assert those replies.
    logger: 'fatal',
    customStoragePrefix: `dapp-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
  }) as ICore
  return SignClient.init({
    core,
    telemetryEnabled: false,
    metadata: {
      name: 'Airlock test dapp',
      description: 'test',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
}

async function closeDappClient(client: DappClient) {
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose()
}

function nextEvent<Event extends 'session_event' | 'session_delete'>(
  client: DappClient,
  event: Event,
  timeoutMs = 10_000,
): Promise<SignClientTypes.EventArguments[Event]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    )
    client.once(event, (payload) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}

describe('WalletConnect through the local relay', () => {
  let relay: WalletConnectRelay
  let anvil: Anvil
  let dapp: DappClient
  let peer: WalletPeer
  /** Every fetch the clients made that was not to loopback. */
  const outbound: string[] = []
  const realFetch = globalThis.fetch

  /** The dapp proposes, the peer pairs and approves; returns the dapp's session topic. */
  async function connectSession(chains: readonly string[] = ['eip155:31337']) {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [...chains], methods: evmMethods, events: evmEvents },
      },
    })
    if (!uri) throw new Error('connect() gave no pairing URI')
    await peer.pair(uri)
    const { topic } = await peer.approve(await peer.nextProposal())
    const session = await approval()
    expect(session.topic).toBe(topic)
    return session
  }

  const request = (topic: string, method: string, params: unknown, chainId = 'eip155:31337') =>
    dapp.request<unknown>({ topic, chainId, request: { method, params } })

  beforeAll(async () => {
    // Nothing may leave loopback: record and refuse anything else.
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (!['127.0.0.1', 'localhost'].includes(url.hostname)) {
        outbound.push(url.href)
        throw new Error(`blocked: ${url.href}`)
      }
      return realFetch(input, init)
    }
    ;[relay, anvil] = await Promise.all([startRelay(), startAnvil()])
    dapp = await createDappClient(relay.url)
    peer = await createWalletPeer({
      relayUrl: relay.url,
      rpcUrl: anvil.rpcUrl,
      privateKey: anvilAccount0.privateKey,
      name: 'Peer Wallet',
    })
  })

  afterAll(async () => {
    await peer?.close()
    if (dapp) await closeDappClient(dapp)
    await relay?.close()
    await anvil?.stop()
    globalThis.fetch = realFetch
  })

  test('behavior: the wallet approves and the dapp gets a session with its account', async () => {
    const session = await connectSession()
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${anvilAccount0.address}`])
    expect(session.namespaces.eip155?.methods).toEqual(evmMethods)
    expect(session.peer.metadata.name).toBe('Peer Wallet')
    expect(peer.sessions().map(({ topic }) => topic)).toContain(session.topic)
  })

  test('behavior: personal_sign comes back signed by the wallet account', async () => {
    const { topic } = await connectSession()
    const message = 'Sign in to Airlock'
    const signing = request(topic, 'personal_sign', [
      `0x${Buffer.from(message).toString('hex')}`,
      anvilAccount0.address,
    ])
    const pending = await peer.nextRequest()
    expect(pending).toMatchObject({ topic, method: 'personal_sign', chainId: 'eip155:31337' })
    await peer.answer(pending)
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address: anvilAccount0.address, message, signature })).toBe(true)
  })

  test('behavior: eth_signTypedData_v4 comes back signed by the wallet account', async () => {
    const { topic } = await connectSession()
    const typedData = {
      domain: { name: 'Airlock', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const signing = request(topic, 'eth_signTypedData_v4', [
      anvilAccount0.address,
      JSON.stringify(typedData),
    ])
    await peer.answer(await peer.nextRequest())
    const signature = (await signing) as Hex
    expect(await verifyTypedData({ ...typedData, address: anvilAccount0.address, signature })).toBe(
      true,
    )
  })

  test('behavior: a request the user rejects fails at the dapp with 4001', async () => {
    const { topic } = await connectSession()
    const signing = request(topic, 'personal_sign', ['0x68', anvilAccount0.address])
    await peer.rejectRequest(await peer.nextRequest())
    await expect(signing).rejects.toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  test('behavior: eth_sendTransaction returns a hash that anvil mines', async () => {
    const { topic } = await connectSession()
    const sending = request(topic, 'eth_sendTransaction', [
      { from: anvilAccount0.address, to: bob, value: `0x${parseEther('1').toString(16)}` },
    ])
    await peer.answer(await peer.nextRequest())
    const hash = (await sending) as Hex
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await chain.waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: anvilAccount0.address.toLowerCase() })
    expect(receipt.to).toBe(bob.toLowerCase())
  })

  test('behavior: with autoAnswer on, requests are answered without the test stepping in', async () => {
    const { topic } = await connectSession()
    peer.autoAnswer('answer')
    try {
      expect(await request(topic, 'eth_chainId', [])).toBe('0x7a69')
      expect(await request(topic, 'eth_accounts', [])).toEqual([anvilAccount0.address])
      await expect(request(topic, 'wallet_getCapabilities', [])).rejects.toMatchObject({
        code: 4200,
      })
      peer.autoAnswer('reject')
      await expect(request(topic, 'eth_accounts', [])).rejects.toMatchObject({ code: 4001 })
    } finally {
      peer.autoAnswer('off')
    }
  })

  test('behavior: the session holds only the chains the wallet supports; switching emits chainChanged', async () => {
    const multiChainPeer = await createWalletPeer({
      relayUrl: relay.url,
      rpcUrl: anvil.rpcUrl,
      privateKey: anvilAccount0.privateKey,
      chains: ['eip155:31337', 'eip155:1'],
    })
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: {
            chains: ['eip155:1', 'eip155:10', 'eip155:31337'],
            methods: evmMethods,
            events: evmEvents,
          },
        },
      })
      await multiChainPeer.pair(uri ?? '')
      await multiChainPeer.approve(await multiChainPeer.nextProposal())
      const session = await approval()
      expect(session.namespaces.eip155?.chains).toEqual(['eip155:1', 'eip155:31337'])
      expect(session.namespaces.eip155?.accounts).toEqual([
        `eip155:1:${anvilAccount0.address}`,
        `eip155:31337:${anvilAccount0.address}`,
      ])
      multiChainPeer.autoAnswer('answer')
      const chainChanged = nextEvent(dapp, 'session_event')
      expect(
        await request(session.topic, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]),
      ).toBeNull()
      expect((await chainChanged).params).toEqual({
        event: { name: 'chainChanged', data: 1 },
        chainId: 'eip155:1',
      })
      await expect(
        request(session.topic, 'wallet_switchEthereumChain', [{ chainId: '0xa' }]),
      ).rejects.toMatchObject({ code: 4902 })
    } finally {
      await multiChainPeer.close()
    }
  })

  test('behavior: emitChainChanged and emitAccountsChanged arrive as session_event', async () => {
    const { topic } = await connectSession()
    const chainChanged = nextEvent(dapp, 'session_event')
    await peer.emitChainChanged(31337, { topic })
    expect(await chainChanged).toMatchObject({
      topic,
      params: { event: { name: 'chainChanged', data: 31337 }, chainId: 'eip155:31337' },
    })
    const accountsChanged = nextEvent(dapp, 'session_event')
    await peer.emitAccountsChanged([anvilAccount0.address], { topic })
    expect(await accountsChanged).toMatchObject({
      topic,
      params: { event: { name: 'accountsChanged', data: [anvilAccount0.address] } },
    })
  })

  test('behavior: a proposal the user rejects rejects the dapp approval', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: evmMethods, events: [] } },
    })
    await peer.pair(uri ?? '')
    await peer.reject(await peer.nextProposal())
    await expect(approval()).rejects.toEqual({ code: 5000, message: 'User rejected.' })
  })

  test('behavior: a wallet disconnect arrives at the dapp as session_delete', async () => {
    const { topic } = await connectSession()
    const deleted = nextEvent(dapp, 'session_delete')
    await peer.disconnect(topic)
    expect(await deleted).toMatchObject({ topic })
    expect(dapp.session.getAll().map((session) => session.topic)).not.toContain(topic)
    expect(peer.sessions().map((session) => session.topic)).not.toContain(topic)
  })

  test('behavior: nothing reached beyond loopback', () => {
    expect(outbound).toEqual([])
  })
})
