import {
  defaultProjectFeatures,
  type ModalConfig,
  type NetworkConfig,
  unconfiguredProjectSettings,
} from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { airlockState, applyOptions, hasAdapters, selectNetwork } from './controllers'
import { createModalStore } from './store'

const anvil: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}
const mainnet: NetworkConfig = { ...anvil, caipNetworkId: 'eip155:1', name: 'Ethereum' }
const config: ModalConfig = {
  projectId: 'demo',
  error: null,
  project: {
    id: 'demo',
    allowedOrigins: ['http://127.0.0.1:5173'],
    ...unconfiguredProjectSettings,
    networks: [mainnet, anvil],
    walletConnect: null,
    features: { ...defaultProjectFeatures, socials: [] },
  },
}

describe('controllers', () => {
  test('behavior: the site gets its networks in its own order, the first one active', () => {
    const store = createModalStore(config)
    applyOptions(store, { networks: ['eip155:31337', 'eip155:1'] }, false)
    expect(store.getState().networks.map((n) => n.name)).toEqual(['Anvil', 'Ethereum'])
    expect(airlockState(store.getState())).toEqual({
      open: false,
      status: 'disconnected',
      chainId: 'eip155:31337',
      namespace: 'eip155',
    })
  })
  test('behavior: the site sees how an email or social wallet was signed in to as its connectorId', () => {
    const store = createModalStore(config)
    applyOptions(store, { networks: ['eip155:31337'] }, false)
    const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const embedded = {
      id: 'email',
      walletId: 'email',
      name: 'Google',
      icon: '',
      accounts: [account],
    }
    const connectedWith = (authProvider: string) =>
      store.setState({
        status: 'connected',
        address: account,
        connectorId: 'email',
        activeConnectionId: 'email',
        connections: [{ ...embedded, authProvider }],
      })
    connectedWith('google')
    expect(airlockState(store.getState()).connectorId).toBe('google')
    connectedWith('email')
    expect(airlockState(store.getState()).connectorId).toBe('email')
    // A browser wallet keeps its own id.
    store.setState({
      connectorId: 'io.metamask',
      activeConnectionId: 'io.metamask',
      connections: [{ ...embedded, id: 'io.metamask', walletId: 'io.metamask', name: 'MetaMask' }],
    })
    expect(airlockState(store.getState()).connectorId).toBe('io.metamask')
  })
  test('behavior: defaultNetwork wins over the first network', () => {
    const store = createModalStore(config)
    applyOptions(
      store,
      { networks: ['eip155:31337', 'eip155:1'], defaultNetwork: 'eip155:1' },
      false,
    )
    expect(store.getState().activeNetwork).toBe('eip155:1')
  })
  test('behavior: a network the API does not know shows the Network Not Found alert', () => {
    const store = createModalStore(config)
    applyOptions(store, { networks: ['eip155:999999'] }, false)
    expect(store.getState().alert?.shortMessage).toBe('Network Not Found')
    expect(hasAdapters(store.getState())).toBe(false)
  })
  test('behavior: selecting a network the site does not have is refused', () => {
    const store = createModalStore(config)
    applyOptions(store, { networks: ['eip155:31337'] }, false)
    expect(() => selectNetwork(store, 'eip155:1')).toThrow('Network Not Found')
    expect(store.getState().activeNetwork).toBe('eip155:31337')
  })
})
