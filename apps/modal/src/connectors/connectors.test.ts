import type {
  HostWalletInfo,
  ModalConfig,
  NetworkConfig,
  RequestArguments,
} from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { createConnectionActions } from '../actions/connectionActions'
import { createPersistence } from '../stores/persistence'
import { createModalStore } from '../stores/store'
import { type SessionView, viewSession } from '../walletconnect/namespaces'
import { createConnectors } from './registry'
import type { WalletConnectSessions } from './walletConnect/sessions'

const evmAddress = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const anvil: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}
const solanaLocal: NetworkConfig = {
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: 'http://127.0.0.1:8899',
}
const config: ModalConfig = { projectId: 'demo', project: null, error: null }

const wallet = (id: string, namespaces?: HostWalletInfo['namespaces']): HostWalletInfo => ({
  id,
  name: id,
  icon: '',
  rdns: `com.${id}`,
  type: 'ANNOUNCED',
  ...(namespaces ? { namespaces } : {}),
})

/** The calls each host wallet received, and what it answers. */
function hostWallets() {
  const calls: { walletId: string; request: RequestArguments }[] = []
  const request = async (walletId: string, args: RequestArguments) => {
    calls.push({ walletId, request: args })
    if (args.method === 'standard_connect') return [solanaAddress]
    if (args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') return [evmAddress]
    if (args.method === 'eth_chainId') return '0x7a69'
    return 'signed'
  }
  return { calls, request }
}

/** A WalletConnect session that approved `approved`, seen as the modal's sign-client sees it. */
function session(approved: SessionView['approved']): WalletConnectSessions {
  const accountsOn = (network: string | undefined) =>
    namespaceOf(network) === 'solana' ? [solanaAddress] : network ? [evmAddress] : []
  return {
    restore: async () => true,
    current(namespace) {
      const networks = approved.filter((id) => !namespace || id.startsWith(`${namespace}:`))
      return { approved, network: networks[0], accounts: accountsOn(networks[0]) }
    },
    hasSession: () => true,
    request: async () => 'signed by the session',
    disconnect: async () => {},
  }
}

describe('connectors', () => {
  test('behavior: a wallet speaking both namespaces is one connector on each, same ids', () => {
    const { request } = hostWallets()
    const connectors = createConnectors({
      hostWallets: () => [
        wallet('dual', ['eip155', 'solana']),
        wallet('evm'),
        wallet('sol', ['solana']),
      ],
      hostRequest: request,
    })
    expect(connectors.all().map(({ id, namespace }) => `${id}:${namespace}`)).toEqual([
      'dual:eip155',
      'evm:eip155',
      'dual:solana',
      'sol:solana',
    ])
    expect(connectors.namespacesOf('dual')).toEqual(['eip155', 'solana'])
    expect(connectors.byConnection('com.dual', 'solana')?.id).toBe('dual')
    expect(connectors.byWallet('sol', 'eip155')).toBeUndefined()
  })

  test('behavior: a Wallet Standard request carries the account and the chain; switching asks nothing', async () => {
    const { calls, request } = hostWallets()
    const connectors = createConnectors({
      hostWallets: () => [wallet('sol', ['solana'])],
      hostRequest: request,
    })
    const connector = connectors.byWallet('sol', 'solana')!
    const message = new Uint8Array([1, 2, 3])
    await connector.request(
      { method: 'solana_signMessage', params: { message } },
      { address: solanaAddress, network: solanaLocal.caipNetworkId },
    )
    expect(calls.at(-1)).toEqual({
      walletId: 'sol',
      request: {
        method: 'solana_signMessage',
        params: { message, account: solanaAddress, chain: 'solana:devnet' },
      },
    })
    const before = calls.length
    expect(await connector.switchNetwork(solanaLocal)).toBe(true)
    expect(calls.length).toBe(before)
  })

  test('behavior: a WalletConnect session is a connector on each namespace it approved, none without one', async () => {
    const { request } = hostWallets()
    const peer = { name: 'Phone Wallet', icon: '' }
    const both = createConnectors({
      hostWallets: () => [],
      hostRequest: request,
      walletConnect: {
        sessions: session([anvil.caipNetworkId, solanaLocal.caipNetworkId]),
        peer: () => peer,
      },
    })
    expect(both.all().map((connector) => connector.namespace)).toEqual(['eip155', 'solana'])
    expect(await both.byWallet('walletConnect', 'solana')?.getAccounts({ silent: true })).toEqual([
      solanaAddress,
    ])
    const none = createConnectors({
      hostWallets: () => [],
      hostRequest: request,
      walletConnect: { sessions: session([anvil.caipNetworkId]), peer: () => undefined },
    })
    expect(none.all()).toEqual([])
  })
})

describe('connection actions across namespaces', () => {
  function page() {
    const store = createModalStore(config)
    store.setState({
      hostWallets: [wallet('dual', ['eip155', 'solana'])],
      networks: [anvil, solanaLocal],
      activeNetwork: anvil.caipNetworkId,
    })
    const host = hostWallets()
    const data = new Map<string, string>()
    const persistence = createPersistence(() => ({
      get: (key) => data.get(key) ?? null,
      set: (key, value) => void data.set(key, value),
    }))
    return { store, host, actions: createConnectionActions(store, host.request, persistence) }
  }

  test('behavior: a dual wallet connects on the namespace the site is on', async () => {
    const { store, actions } = page()
    store.setState({ activeNetwork: solanaLocal.caipNetworkId })
    await actions.connect('dual')
    expect(store.getState()).toMatchObject({
      status: 'connected',
      address: solanaAddress,
      caipAddress: `${solanaLocal.caipNetworkId}:${solanaAddress}`,
      connections: [{ id: 'com.dual', namespace: 'solana', accounts: [solanaAddress] }],
    })
  })

  test('behavior: switching to a Solana network moves a dual wallet to its Wallet Standard side, and requests follow', async () => {
    const { store, host, actions } = page()
    await actions.connect('dual')
    expect(store.getState().address).toBe(evmAddress)
    expect(await actions.switchNetwork(solanaLocal.caipNetworkId)).toBe(true)
    expect(store.getState()).toMatchObject({
      address: solanaAddress,
      activeNetwork: solanaLocal.caipNetworkId,
      connections: [{ id: 'com.dual', namespace: 'solana' }],
    })
    const message = new Uint8Array([7])
    await actions.forward({ method: 'solana_signMessage', params: { message } })
    expect(host.calls.at(-1)?.request.params).toMatchObject({ account: solanaAddress })
    await expect(actions.forward({ method: 'personal_sign', params: [] })).rejects.toThrow(
      'The wallet is not connected on eip155.',
    )
  })

  test('behavior: a network of a namespace the wallet does not speak is not switched to', async () => {
    const { store, actions } = page()
    store.setState({ hostWallets: [wallet('evm')] })
    await actions.connect('evm')
    expect(await actions.switchNetwork(solanaLocal.caipNetworkId)).toBe(false)
    expect(store.getState().activeNetwork).toBe(anvil.caipNetworkId)
  })
})

describe('a WalletConnect session on two Cosmos chains', () => {
  const hub: NetworkConfig = {
    caipNetworkId: 'cosmos:airlock-local-1',
    name: 'Cosmos Local',
    nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
    rpcUrl: 'http://127.0.0.1:8797',
  }
  const osmosis: NetworkConfig = {
    caipNetworkId: 'cosmos:osmosis-1',
    name: 'Osmosis',
    nativeCurrency: { name: 'Osmo', symbol: 'OSMO', decimals: 6 },
    rpcUrl: 'http://127.0.0.1:8797',
  }
  const hubAddress = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
  const osmoAddress = 'osmo1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5mqqsdl'

  test('behavior: switching chains shows the account the phone approved on the new chain', async () => {
    const store = createModalStore(config)
    store.setState({
      networks: [hub, osmosis],
      activeNetwork: hub.caipNetworkId,
      walletConnectPeer: { name: 'Phone Wallet', icon: '' },
    })
    // The session's namespaces as sign-client hands them over, seen as the frame's client does.
    const namespaces = {
      cosmos: {
        chains: [hub.caipNetworkId, osmosis.caipNetworkId],
        methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
        accounts: [`${hub.caipNetworkId}:${hubAddress}`, `${osmosis.caipNetworkId}:${osmoAddress}`],
      },
    }
    const sessions: WalletConnectSessions = {
      restore: async () => true,
      current: (_namespace, preferred = store.getState().activeNetwork) =>
        viewSession(namespaces, [hub.caipNetworkId, osmosis.caipNetworkId], preferred),
      hasSession: () => true,
      request: async () => 'signed by the session',
      disconnect: async () => {},
    }
    const persistence = createPersistence(() => ({ get: () => null, set: () => {} }))
    const actions = createConnectionActions(store, hostWallets().request, persistence, sessions)
    await actions.activate('walletConnect')
    expect(store.getState()).toMatchObject({ status: 'connected', address: hubAddress })

    expect(await actions.switchNetwork(osmosis.caipNetworkId)).toBe(true)
    expect(store.getState()).toMatchObject({
      activeNetwork: osmosis.caipNetworkId,
      address: osmoAddress,
      caipAddress: `${osmosis.caipNetworkId}:${osmoAddress}`,
    })
    expect(await actions.switchNetwork(hub.caipNetworkId)).toBe(true)
    expect(store.getState().address).toBe(hubAddress)
  })
})
