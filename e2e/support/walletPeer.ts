// A WalletConnect wallet for tests: a real @walletconnect/sign-client in the wallet role, running
// in the Node test process, that signs with a viem local account and sends to anvil, and — given a
// Solana account — signs and sends on the local Solana chain too (walletPeerSolana.ts); likewise
// Bitcoin, Cosmos and Polkadot accounts (walletPeerBitcoin.ts, walletPeerCosmos.ts,
// walletPeerPolkadot.ts) on the stack's regtest, Cosmos Local and Polkadot Local. Tests drive
// it as a user drives the wallet app on their phone: pair with the URI the modal shows, approve or
// reject the proposal, answer or reject requests, switch chains, disconnect.
//
//   const peer = await createWalletPeer({ privateKey })  // the e2e stack's relay and anvil
//   await peer.pair(uri)                                  // the wc: URI behind the QR code
//   const { topic } = await peer.approve(await peer.nextProposal())
//   peer.autoAnswer('answer')                             // or: peer.answer(await peer.nextRequest())
//   await peer.close()
//
// It talks to the local relay (devchain/wcRelay.mjs) only: storage is in memory under a prefix of
// its own, telemetry is off and Verify is stubbed, so nothing reaches walletconnect.org.
//
// Requests queue here in arrival order, each answered when the test says (or at once with
// autoAnswer). sign-client's own queue is off: it hands the wallet one request at a time and
// holds the next one for 1 s after each answer.

import { randomUUID } from 'node:crypto'
import { parseCaipNetworkId } from '@airlock/protocol'
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { ICore, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { getSdkError, parseUri } from '@walletconnect/utils'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { PeerError } from './peerError'
import { ports } from './ports'
import { type BitcoinPeerAccount, bitcoinPeerMethods } from './walletPeerBitcoin'
import { type CosmosPeerAccount, cosmosAddressOn, cosmosPeerMethods } from './walletPeerCosmos'
import { type PolkadotPeerAccount, polkadotPeerMethods } from './walletPeerPolkadot'
import { type SolanaChainId, type SolanaPeerAccount, solanaPeerMethods } from './walletPeerSolana'

/** The relay the e2e global setup starts. */
export const e2eRelayUrl = `ws://127.0.0.1:${ports.relay}`

/** A CAIP-2 EVM chain id: `eip155:31337`. */
export type Eip155ChainId = `eip155:${number}`

export type WalletPeerOptions = {
  /** The relay's ws:// URL (devchain/wcRelay.mjs); defaults to the e2e stack's. */
  relayUrl?: string
  /** The EVM JSON-RPC the peer sends transactions to; defaults to the e2e stack's anvil. */
  rpcUrl?: string
  privateKey: Hex
  /** The wallet's name as the dapp sees it in the session's peer metadata. */
  name?: string
  /** Chains the wallet supports; defaults to the chain at rpcUrl. */
  chains?: readonly Eip155ChainId[]
  /** A Solana account (walletPeerSolana.ts): the wallet then approves the solana namespace too. */
  solana?: SolanaPeerAccount
  /** The Solana chains it supports; defaults to the e2e stack's, `solana:localnet`. */
  solanaChains?: readonly SolanaChainId[]
  /** A Bitcoin account (walletPeerBitcoin.ts): the wallet then approves bip122 (regtest) too. */
  bitcoin?: BitcoinPeerAccount
  /** A Cosmos account (walletPeerCosmos.ts): the wallet then approves cosmos (Cosmos Local) too. */
  cosmos?: CosmosPeerAccount
  /** A Polkadot account (walletPeerPolkadot.ts): the wallet then approves polkadot (Polkadot Local) too. */
  polkadot?: PolkadotPeerAccount
  /** sign-client's log level; defaults to 'error'. */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
}

/** sign-client's `session_proposal` payload, as the wallet receives it. */
export type SessionProposal = SignClientTypes.EventArguments['session_proposal']

/** A session request waiting for the wallet's answer. */
export type PendingRequest = {
  topic: string
  id: number
  method: string
  params: unknown
  /** The CAIP-2 chain the dapp sent it for. */
  chainId: string
}

/** What the wallet sent back for a request. */
export type RpcReply = { result: unknown } | { error: { code: number; message: string } }

/** 'answer' and 'reject' handle each request as it arrives (and any still queued). */
export type AutoAnswerMode = 'answer' | 'reject' | 'off'

export type WalletPeer = {
  readonly name: string
  readonly address: Address
  readonly chains: readonly Eip155ChainId[]
  /** The Solana account's address, when the wallet has one. */
  readonly solanaAddress: string | undefined
  /** Every session request received, in arrival order, answered or not. */
  readonly requests: readonly PendingRequest[]
  /** Pairs with a `wc:` URI; the dapp's proposal then arrives for nextProposal(). */
  pair(uri: string): Promise<void>
  /** The next session proposal not yet taken, waiting up to timeoutMs (10 s) for one. */
  nextProposal(options?: { timeoutMs?: number }): Promise<SessionProposal>
  /**
   * Approves with namespaces built from what the proposal asked for (its eip155 methods and
   * events, and solana's when the wallet has a Solana account) on the chains both sides have;
   * accounts are `<chain>:<address>` for each chain and address (eip155 default: the peer's
   * own). Throws when a required chain is unsupported or no asked chain is.
   */
  approve(
    proposal: SessionProposal,
    options?: { chains?: readonly Eip155ChainId[]; accounts?: readonly Address[] },
  ): Promise<{ topic: string }>
  /** The user rejects the proposal (USER_REJECTED). */
  reject(proposal: SessionProposal): Promise<void>
  /** The next request not yet taken nor answered automatically, waiting up to timeoutMs (10 s). */
  nextRequest(options?: { timeoutMs?: number }): Promise<PendingRequest>
  /** Does what the request asks for real (sign, send to rpcUrl, switch chain) and replies. */
  answer(request: PendingRequest): Promise<RpcReply>
  /** The user rejects the request: 4001 User rejected the request. */
  rejectRequest(request: PendingRequest): Promise<RpcReply>
  /** Replies with `outcome` as it is: a wallet answering what it likes, right or wrong. */
  respond(request: PendingRequest, outcome: RpcReply): Promise<RpcReply>
  autoAnswer(mode: AutoAnswerMode): void
  /** Emits accountsChanged on one session, or on every session when no topic is given. */
  emitAccountsChanged(accounts: readonly Address[], options?: { topic?: string }): Promise<void>
  /** Emits chainChanged (data: the chain id as a number) and makes it the session's chain. */
  emitChainChanged(chainId: number, options?: { topic?: string }): Promise<void>
  /** The wallet ends one session, or every session (USER_DISCONNECTED). */
  disconnect(topic?: string): Promise<void>
  /** The active sessions. */
  sessions(): SessionTypes.Struct[]
  /**
   * Closes the relay connection and stops sign-client's timers; sessions stay, as when a phone
   * goes offline (disconnect() first to end them).
   */
  close(): Promise<void>
}

const userRejected = () => new PeerError(4001, 'User rejected the request.')
const unauthorized = () =>
  new PeerError(4100, 'The requested account and/or method has not been authorized by the user.')
const invalidParams = (detail: string) => new PeerError(-32602, `Invalid parameters: ${detail}`)

/**
 * Items handed out in arrival order to whoever waits for the next one.
 * @param nothingCame the timeout's message, e.g. "Wallet got no session proposal"
 */
function createInbox<Item>(nothingCame: string) {
  const items: Item[] = []
  const waiters: { resolve(item: Item): void; reject(error: Error): void }[] = []
  return {
    push(item: Item) {
      const waiter = waiters.shift()
      if (waiter) waiter.resolve(item)
      else items.push(item)
    },
    /** Takes every queued item. */
    drain: () => items.splice(0),
    next(timeoutMs: number): Promise<Item> {
      const ready = items.shift()
      if (ready !== undefined) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const waiter = {
          resolve: (item: Item) => {
            clearTimeout(timer)
            resolve(item)
          },
          reject: (error: Error) => {
            clearTimeout(timer)
            reject(error)
          },
        }
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`${nothingCame} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.push(waiter)
      })
    },
    close(reason: string) {
      for (const waiter of waiters.splice(0)) waiter.reject(new Error(reason))
    },
  }
}

const chainNumber = (chainId: string) => Number(parseCaipNetworkId(chainId).reference)

/**
 * Keeps WalletConnect Verify off the network. In Node, sign-client's wallet side fetches
 * verify.walletconnect.org for every proposal and request that arrives without an attestation
 * (and the local relay has none to give); in a browser, register() waits up to 5 s for an
 * attestation iframe on every connect and request.
 */
function turnOffVerify(core: ICore) {
  core.verify.register = async () => ''
  // No result reads as "not verified" (validation UNKNOWN), which the type doesn't allow for.
  core.verify.resolve = (async () => undefined) as unknown as ICore['verify']['resolve']
}

/**
 * Starts a wallet peer connected to the relay.
 * @example
 * const peer = await createWalletPeer({ relayUrl: relay.url, rpcUrl: anvil, privateKey })
 * await peer.pair(uri)
 * await peer.approve(await peer.nextProposal())
 */
export async function createWalletPeer(options: WalletPeerOptions): Promise<WalletPeer> {
  const {
    relayUrl = e2eRelayUrl,
    rpcUrl = `http://127.0.0.1:${ports.anvil}`,
    privateKey,
    name = 'Airlock Test Wallet',
  } = options
  const account = privateKeyToAccount(privateKey)
  const publicClient = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const walletClient = createWalletClient({ account, transport: http(rpcUrl, { retryCount: 0 }) })
  const rpcChainId = await publicClient.getChainId()
  const chains = options.chains ?? [`eip155:${rpcChainId}` as const]
  const { solana, solanaChains = ['solana:localnet'] } = options
  const solanaMethods = solana && solanaPeerMethods(solana)
  const { bitcoin } = options
  const bitcoinMethods = bitcoin && bitcoinPeerMethods(bitcoin)
  const { cosmos, polkadot } = options
  const cosmosMethods = cosmos && cosmosPeerMethods(cosmos)
  const polkadotMethods = polkadot && polkadotPeerMethods(polkadot)

  // Core declares `relayUrl: string | undefined` where ICore has `relayUrl?: string`, which
  // exactOptionalPropertyTypes tells apart; the published types disagree, the object is an ICore.
  const core = new Core({
    projectId: 'airlock-local',
    relayUrl,
    logger: options.logLevel ?? 'error',
    // Several clients share the test process: each needs its own keys and records.
    customStoragePrefix: `wallet-peer-${randomUUID()}`,
    // unstorage's memory driver (the `unstorage` package must be installed in Node).
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
  }) as ICore
  turnOffVerify(core)
  const client = await SignClient.init({
    core,
    telemetryEnabled: false,
    signConfig: { disableRequestQueue: true },
    metadata: {
      name,
      description: 'WalletConnect wallet peer for Airlock tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })

  const proposals = createInbox<SessionProposal>(`${name} got no session proposal`)
  const incoming = createInbox<PendingRequest>(`${name} got no session request`)
  const requests: PendingRequest[] = []
  const activeChainByTopic = new Map<string, Eip155ChainId>()
  let mode: AutoAnswerMode = 'off'
  // One transaction at a time, so nonces from the pending block don't race.
  let sending: Promise<unknown> = Promise.resolve()

  const reply = async (request: PendingRequest, outcome: RpcReply) => {
    await client.respond({
      topic: request.topic,
      response: { id: request.id, jsonrpc: '2.0', ...outcome },
    })
    return outcome
  }

  const sessionChains = (topic: string): Eip155ChainId[] =>
    (client.session.get(topic).namespaces.eip155?.chains ?? []) as Eip155ChainId[]

  const activeChain = (topic: string): Eip155ChainId => {
    const chain = activeChainByTopic.get(topic) ?? sessionChains(topic)[0]
    if (!chain) throw new Error(`${name}: session ${topic} has no eip155 chain`)
    return chain
  }

  const targetTopics = (topic: string | undefined) =>
    topic === undefined ? client.session.getAll().map((session) => session.topic) : [topic]

  const emitChainChanged = async (chainId: number, topic?: string) => {
    for (const sessionTopic of targetTopics(topic)) {
      const chain = `eip155:${chainId}` as const
      await client.emit({
        topic: sessionTopic,
        event: { name: 'chainChanged', data: chainId },
        chainId: chain,
      })
      activeChainByTopic.set(sessionTopic, chain)
    }
  }

  const requireOwnAddress = (address: unknown) => {
    if (
      typeof address !== 'string' ||
      !isAddress(address) ||
      !isAddressEqual(address, account.address)
    )
      throw unauthorized()
  }

  const quantity = (value: unknown, field: string): bigint | undefined => {
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${field} must be hex`)
    return hexToBigInt(value)
  }

  const sendTransaction = async (request: PendingRequest, params: unknown[]): Promise<Hex> => {
    const tx = params[0]
    if (!tx || typeof tx !== 'object')
      throw invalidParams('eth_sendTransaction needs a transaction')
    const fields = tx as Record<string, unknown>
    requireOwnAddress(fields.from)
    if (chainNumber(request.chainId) !== rpcChainId)
      throw new PeerError(4901, `${name} sends only to chain ${rpcChainId} (${rpcUrl})`)
    const { to } = fields
    if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to)))
      throw invalidParams('to must be an address')
    const data = fields.data ?? fields.input
    if (data !== undefined && (typeof data !== 'string' || !isHex(data)))
      throw invalidParams('data must be hex')
    const value = quantity(fields.value, 'value')
    const gas = quantity(fields.gas, 'gas')
    const gasPrice = quantity(fields.gasPrice, 'gasPrice')
    const nonce = quantity(fields.nonce, 'nonce')
    const send = sending.then(() =>
      walletClient.sendTransaction({
        chain: null,
        ...(typeof to === 'string' ? { to } : {}),
        ...(data === undefined ? {} : { data }),
        ...(value === undefined ? {} : { value }),
        ...(gas === undefined ? {} : { gas }),
        ...(nonce === undefined ? {} : { nonce: Number(nonce) }),
        ...(gasPrice === undefined ? {} : { gasPrice }),
      }),
    )
    sending = send.catch(() => undefined)
    try {
      return await send
    } catch (error) {
      throw new PeerError(-32603, (error as Error).message.split('\n')[0] ?? 'sending failed')
    }
  }

  const perform = async (request: PendingRequest): Promise<unknown> => {
    if (request.method.startsWith('solana_')) {
      if (!solanaMethods) throw new PeerError(4200, `${name} has no Solana account.`)
      return solanaMethods.perform(request.method, request.params)
    }
    if (request.chainId.startsWith('bip122:')) {
      if (!bitcoinMethods) throw new PeerError(4200, `${name} has no Bitcoin account.`)
      return bitcoinMethods.perform(request.method, request.params)
    }
    if (request.chainId.startsWith('cosmos:')) {
      if (!cosmosMethods) throw new PeerError(4200, `${name} has no Cosmos account.`)
      return cosmosMethods.perform(request.method, request.params)
    }
    if (request.chainId.startsWith('polkadot:')) {
      if (!polkadotMethods) throw new PeerError(4200, `${name} has no Polkadot account.`)
      return polkadotMethods.perform(request.method, request.params)
    }
    const params = Array.isArray(request.params) ? (request.params as unknown[]) : []
    switch (request.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return numberToHex(chainNumber(request.chainId))
      case 'personal_sign': {
        const [message, address] = params
        if (typeof message !== 'string') throw invalidParams('personal_sign needs a message')
        requireOwnAddress(address)
        return isHex(message)
          ? account.signMessage({ message: { raw: message } })
          : account.signMessage({ message })
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = params
        requireOwnAddress(address)
        let typedData: TypedDataDefinition
        try {
          typedData = (typeof json === 'string' ? JSON.parse(json) : json) as TypedDataDefinition
        } catch {
          throw invalidParams('eth_signTypedData_v4 needs typed data as JSON')
        }
        try {
          return await account.signTypedData(typedData)
        } catch (error) {
          throw invalidParams((error as Error).message.split('\n')[0] ?? 'bad typed data')
        }
      }
      case 'eth_sendTransaction':
        return sendTransaction(request, params)
      case 'wallet_switchEthereumChain': {
        const [target] = params
        const hexChainId = (target as { chainId?: unknown } | undefined)?.chainId
        if (typeof hexChainId !== 'string' || !isHex(hexChainId))
          throw invalidParams('expected [{ chainId: hex }]')
        const chainId = hexToNumber(hexChainId)
        if (!sessionChains(request.topic).includes(`eip155:${chainId}`))
          throw new PeerError(4902, `Unrecognized chain ID "${hexChainId}".`)
        await emitChainChanged(chainId, request.topic)
        return null
      }
      default:
        throw new PeerError(4200, `The method "${request.method}" is not supported by ${name}.`)
    }
  }

  const answer = async (request: PendingRequest): Promise<RpcReply> => {
    let outcome: RpcReply
    try {
      outcome = { result: (await perform(request)) ?? null }
    } catch (error) {
      const { code, message } =
        error instanceof PeerError ? error : { code: -32603, message: String(error) }
      outcome = { error: { code, message } }
    }
    return reply(request, outcome)
  }

  const rejectRequest = (request: PendingRequest) => {
    const { code, message } = userRejected()
    return reply(request, { error: { code, message } })
  }

  const handleAutomatically = (request: PendingRequest) => {
    const handled = mode === 'answer' ? answer(request) : rejectRequest(request)
    handled.catch((error: unknown) =>
      console.error(`${name}: could not reply to ${request.method} (${request.id}):`, error),
    )
  }

  // The proposals the visitor sees: each once (the relay delivers a message again after a
  // re-subscription), and only the newest QR code's (a page reloaded or a rejected proposal's
  // pairing may still bring one in late; approving that fails as the session is long gone).
  const seenProposals = new Set<number>()
  let pairingTopic: string | undefined
  const isCurrent = (proposal: SessionProposal) =>
    pairingTopic === undefined || proposal.params.pairingTopic === pairingTopic
  client.on('session_proposal', (proposal) => {
    if (seenProposals.has(proposal.id)) return
    seenProposals.add(proposal.id)
    if (isCurrent(proposal)) proposals.push(proposal)
  })
  client.on('session_request', ({ topic, id, params }) => {
    const request: PendingRequest = {
      topic,
      id,
      method: params.request.method,
      params: params.request.params,
      chainId: params.chainId,
    }
    requests.push(request)
    if (mode === 'off') incoming.push(request)
    else handleAutomatically(request)
  })

  return {
    name,
    address: account.address,
    chains,
    solanaAddress: solana?.address,
    requests,
    async pair(uri) {
      pairingTopic = parseUri(uri).topic
      for (const proposal of proposals.drain()) if (isCurrent(proposal)) proposals.push(proposal)
      await client.pair({ uri })
    },
    nextProposal: ({ timeoutMs = 10_000 } = {}) => proposals.next(timeoutMs),
    async approve(proposal, approveOptions = {}) {
      const { requiredNamespaces, optionalNamespaces } = proposal.params
      const requested = [
        ...Object.entries(requiredNamespaces).map(([key, space]) => ({
          key,
          space,
          required: true,
        })),
        ...Object.entries(optionalNamespaces ?? {}).map(([key, space]) => ({
          key,
          space,
          required: false,
        })),
      ]
      // Each namespace's chains and addresses; a chain whose addresses are written otherwise
      // (Cosmos's bech32 prefix per chain) has its own.
      const offered: Record<
        string,
        {
          chains: readonly string[]
          addresses: readonly string[]
          addressesOn?: Record<string, readonly string[]>
        }
      > = {
        eip155: {
          chains: approveOptions.chains ?? chains,
          addresses: approveOptions.accounts ?? [account.address],
        },
        ...(solana ? { solana: { chains: solanaChains, addresses: [solana.address] } } : {}),
        ...(bitcoin
          ? {
              bip122: {
                chains: ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328'],
                addresses: [bitcoin.address],
              },
            }
          : {}),
        ...(cosmos
          ? {
              cosmos: {
                chains: ['cosmos:airlock-local-1', 'cosmos:osmosis-1'],
                addresses: [cosmos.address],
                addressesOn: { 'cosmos:osmosis-1': [cosmosAddressOn(cosmos, 'osmo')] },
              },
            }
          : {}),
        ...(polkadot
          ? {
              // Polkadot Local and Kusama, one address written with Polkadot Local's prefix
              // for both, as a phone may: the modal writes it with each network's.
              polkadot: {
                chains: [
                  'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
                  'polkadot:b0a8d493285c2df73290dfb7e61f870f',
                ],
                addresses: [polkadot.address],
              },
            }
          : {}),
      }
      const namespaces: SessionTypes.Namespaces = {}
      for (const [namespace, { chains: supported, addresses, addressesOn }] of Object.entries(
        offered,
      )) {
        const approvedChains = new Set<string>()
        const methods = new Set<string>()
        const events = new Set<string>()
        for (const { key, space, required } of requested) {
          if (key !== namespace && !key.startsWith(`${namespace}:`)) continue
          // A namespace may be keyed by the chain itself (`eip155:1`) instead of listing chains.
          const asked = space.chains ?? (key.includes(':') ? [key] : [])
          for (const chain of asked) {
            if (supported.includes(chain)) approvedChains.add(chain)
            else if (required) throw new Error(`${name} does not support required chain ${chain}`)
          }
          for (const method of space.methods) methods.add(method)
          for (const event of space.events) events.add(event)
        }
        if (approvedChains.size === 0) continue
        namespaces[namespace] = {
          chains: [...approvedChains],
          methods: [...methods],
          events: [...events],
          accounts: [...approvedChains].flatMap((chain) =>
            (addressesOn?.[chain] ?? addresses).map((address) => `${chain}:${address}`),
          ),
        }
      }
      if (Object.keys(namespaces).length === 0)
        throw new Error(
          `${name}: the proposal asks for none of ${Object.values(offered)
            .flatMap(({ chains }) => chains)
            .join(', ')}`,
        )
      const { topic } = await client.approve({ id: proposal.id, namespaces })
      const evmChain = namespaces.eip155?.chains?.[0]
      if (evmChain) activeChainByTopic.set(topic, evmChain as Eip155ChainId)
      return { topic }
    },
    async reject(proposal) {
      await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    },
    nextRequest: ({ timeoutMs = 10_000 } = {}) => incoming.next(timeoutMs),
    answer,
    rejectRequest,
    respond: reply,
    autoAnswer(nextMode) {
      mode = nextMode
      if (mode !== 'off') for (const request of incoming.drain()) handleAutomatically(request)
    },
    async emitAccountsChanged(accounts, { topic } = {}) {
      for (const sessionTopic of targetTopics(topic)) {
        await client.emit({
          topic: sessionTopic,
          event: { name: 'accountsChanged', data: accounts },
          chainId: activeChain(sessionTopic),
        })
      }
    },
    emitChainChanged: (chainId, { topic } = {}) => emitChainChanged(chainId, topic),
    async disconnect(topic) {
      for (const sessionTopic of targetTopics(topic)) {
        await client.disconnect({ topic: sessionTopic, reason: getSdkError('USER_DISCONNECTED') })
        activeChainByTopic.delete(sessionTopic)
      }
    },
    sessions: () => client.session.getAll(),
    async close() {
      proposals.close(`${name} closed`)
      incoming.close(`${name} closed`)
      client.removeAllListeners('session_proposal')
      client.removeAllListeners('session_request')
      core.heartbeat.stop()
      await core.relayer.transportClose().catch(() => undefined)
    },
  }
}
