// Opening against the closed stack that follows the wallet (restingStack.ts), on a real view
// stack whose on-demand views load when the test says: an open waiting for its view's code is
// not undone by a change the closed stack would follow meanwhile.
import {
  defaultProjectFeatures,
  type NetworkConfig,
  unconfiguredProjectSettings,
  type View,
} from '@airlock/protocol'
import { expect, test } from 'vitest'
import { createNavigation } from '../navigation/navigation'
import { createViewRouter } from '../navigation/viewRouter'
import { createModalStore } from '../stores/store'
import type { LazyView } from '../views/viewLoaders'
import type { FlowContext } from './context'
import { openModal } from './openModal'
import { followRestingView } from './restingStack'
import { createVisibility } from './visibility'

const anvil: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:9',
}

const connectedAs = (address: string) =>
  ({ status: 'connected', address, caipAddress: `eip155:31337:${address}` }) as const

/** A closed modal resting on Account, whose views' code arrives when `arrive(view)` is called. */
function closedModal() {
  const store = createModalStore({
    projectId: 'test-project',
    project: {
      id: 'test-project',
      allowedOrigins: ['https://shop.example'],
      ...unconfiguredProjectSettings,
      features: { ...defaultProjectFeatures },
      networks: [anvil],
      walletConnect: null,
    },
    error: null,
  })
  const site = { networks: [anvil.caipNetworkId] }
  store.setState({ networks: [anvil], activeNetwork: anvil.caipNetworkId, open: false })
  store.setState({ siteOptions: site, options: site })
  const arrivals = new Map<View, () => void>()
  const loading = new Map<View, Promise<void>>()
  const navigation = createNavigation(createViewRouter(['Account']), () => {}, {
    viewLoaders: {} as Record<LazyView, never>,
    loadView: (view) => {
      if (view === 'Account' || view === 'Connect') return undefined
      const known = loading.get(view)
      if (known) return known
      const arrived = new Promise<void>((resolve) => arrivals.set(view, resolve))
      loading.set(view, arrived)
      return arrived
    },
  })
  const { visibility, dialogRendered } = createVisibility()
  dialogRendered()
  const context = {
    store,
    navigation,
    visibility,
    analytics: { start: () => {}, track: () => {} } as unknown as FlowContext['analytics'],
    storage: () => undefined,
  }
  followRestingView(context)
  store.setState(connectedAs('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))
  const arrive = (view: View) => arrivals.get(view)?.()
  const requested = (view: View) => arrivals.has(view)
  return { context, store, navigation, arrive, requested }
}

test('behavior: an open waiting for its view (a sign-in a reconnect asks for) is not undone by the closed stack following the wallet', async () => {
  const { context, store, navigation, arrive, requested } = closedModal()
  expect(navigation.view()).toBe('Account')
  const opening = openModal(context, { view: 'SIWXSignMessage' })
  await expect.poll(() => requested('SIWXSignMessage')).toBe(true)
  // Meanwhile the wallet answers for another account: a closed stack would head for Account.
  store.setState(connectedAs('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'))
  arrive('SIWXSignMessage')
  await opening
  expect(store.getState().open).toBe(true)
  expect([navigation.view(), navigation.depth()]).toEqual(['SIWXSignMessage', 1])
})

test('behavior: once the open is done, a closed stack follows the wallet again', async () => {
  const { context, store, navigation, arrive, requested } = closedModal()
  const opening = openModal(context, { view: 'SIWXSignMessage' })
  await expect.poll(() => requested('SIWXSignMessage')).toBe(true)
  arrive('SIWXSignMessage')
  await opening
  store.setState({ open: false })
  store.setState({
    status: 'disconnected',
    address: undefined,
    caipAddress: undefined,
  })
  expect([navigation.view(), navigation.depth()]).toEqual(['Connect', 1])
})
