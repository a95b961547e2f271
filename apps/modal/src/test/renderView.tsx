/**
 * The view tests' harness: renders the modal's dialog (Shell) on a view, as main.tsx does — a
 * real modal runtime from `createModal` on the view stack's router, in ModalContext — with the
 * store set to the test's state. Our API is answered by the test's routes, given to the
 * runtime's API client as its transport (where it would `fetch`), the host's wallets through
 * `setHostCall` (the bridge's seam); no module of the modal is replaced.
 */
import {
  type CaipNetworkId,
  DisconnectedError,
  defaultProjectFeatures,
  type FrameOptions,
  type ModalConfig,
  type NetworkConfig,
  namespaceOf,
  type ProjectConfig,
  type RequestArguments,
  type SiwxHandler,
  unconfiguredProjectSettings,
  type View,
} from '@airlock/protocol'
import { configure } from '@testing-library/dom'
import { PenpalError } from 'penpal'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach } from 'vitest'
import { HttpError, type Method, type RequestOptions } from '../api'
import { ModalApp } from '../components/ModalApp'
import { createModal } from '../modal'
import { createViewRouter } from '../navigation/viewRouter'
import type { ModalState } from '../stores/store'
import '../styles.css'

// A view that loads on demand is compiled by Vite the first time a test asks for it, maybe while
// the type check and the build share the machine: as long as vitest.config.ts's polls.
configure({ asyncUtilTimeout: 15_000 })

const mounted: { root: Root; container: HTMLElement }[] = []

/** Unmounts what the test rendered (after each test, or before a test renders again). */
export function unmountViews() {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount()
    container.remove()
  }
}
afterEach(unmountViews)

/** Nothing listens on port 9 of loopback: an RPC every read of fails at once. */
export const unreachableRpcUrl = 'http://127.0.0.1:9'

export const anvil: NetworkConfig = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: unreachableRpcUrl,
}

export const solanaLocalnet: NetworkConfig = {
  caipNetworkId: 'solana:localnet',
  name: 'Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: unreachableRpcUrl,
}

/** The test project: every default feature, the given networks, WalletConnect not set up. */
export function projectConfig(project: Partial<ProjectConfig> = {}): ModalConfig {
  return {
    projectId: 'test-project',
    project: {
      id: 'test-project',
      allowedOrigins: [location.origin],
      ...unconfiguredProjectSettings,
      features: { ...defaultProjectFeatures },
      networks: [anvil, solanaLocalnet],
      walletConnect: null,
      ...project,
    },
    error: null,
  }
}

/** The API's frame token, which the relay calls go with, unless the test answers it itself. */
const frameToken = () => ({ token: 'test-frame-token', expiresIn: 600 })

/** An answer of the test's API: the body, or an `HttpError` to throw. */
type ApiAnswer = unknown
/** `'GET /v1/accounts/0x…/balances'` → what the API answers (given the query). */
export type ApiRoutes = Record<
  string,
  (query: Record<string, string>, options: RequestOptions) => ApiAnswer | Promise<ApiAnswer>
>

/** How the host page answers the modal's requests to its wallets. */
export type HostWalletRequest = (walletId: string, request: RequestArguments) => Promise<unknown>

/** A call the modal made on its API, in order. */
export type ApiCall = { method: Method; path: string; query: Record<string, string> }

export type RenderViewOptions = {
  config?: ModalConfig
  /** The site's options as the handshake delivers them; its networks become the store's. */
  options?: Partial<FrameOptions>
  /** Store state set before the first render (after `options` and `networks`). */
  state?: Partial<ModalState>
  /** The views below `view` on the stack (the back button shows when there are any). */
  below?: View[]
  api?: ApiRoutes
  /** How the host page answers wallet requests; by default every one fails as disconnected. */
  walletRequest?: HostWalletRequest
  /** The site's own sign-in (createAirlock's `siwxHandler`); by default the page has none. */
  siwxHandler?: SiwxHandler
}

/**
 * Renders the open modal on `view`. The site's networks are the project's (or `options.networks`
 * of them), the first one active.
 *
 * @example
 * const { modal } = renderView('Connect', { state: { hostWallets: [metaMask] } })
 * await screen.findByRole('button', { name: /MetaMask/ })
 */
export function renderView(view: View, options: RenderViewOptions = {}) {
  const config = options.config ?? projectConfig()
  const projectNetworks = config.project?.networks ?? []
  const siteNetworkIds: CaipNetworkId[] =
    options.options?.networks ?? projectNetworks.map((network) => network.caipNetworkId)
  const networks = siteNetworkIds.flatMap(
    (id) => projectNetworks.find((network) => network.caipNetworkId === id) ?? [],
  )
  const router = createViewRouter([...(options.below ?? []), view])
  const apiCalls: ApiCall[] = []
  const routes = options.api ?? {}
  // The modal's API client, with the test's routes where it would call the API.
  const answer = async <result,>(
    method: Method,
    path: string,
    request: RequestOptions = {},
  ): Promise<result | undefined> => {
    const query = request.query ?? {}
    apiCalls.push({ method, path, query })
    const route = routes[`${method} ${path}`] ?? (/\/frame-token$/.test(path) && frameToken)
    if (!route) throw new HttpError(404, { error: { code: 'notFound', message: path } })
    const answered = await route(query, request)
    if (answered instanceof Error) throw answered
    return answered as result
  }
  const modal = createModal(config, router, answer)
  // The bridge's seam: the host page's wallets and sign-in handler, as the test says.
  const { walletRequest, siwxHandler } = options
  modal.setHostCall(async (name, ...args) => {
    if (name === 'hostWalletRequest' && walletRequest)
      return walletRequest(...(args as Parameters<HostWalletRequest>))
    if (name === 'siwx') {
      const [call, input] = args as [keyof SiwxHandler, never]
      // As penpal answers for a method the host does not have.
      if (!siwxHandler) throw new PenpalError('METHOD_NOT_FOUND', 'Method `siwx` is not found.')
      return siwxHandler[call](input)
    }
    throw new DisconnectedError({ message: 'The host page is not connected.' })
  })
  modal.store.setState({
    open: true,
    options: { networks: siteNetworkIds, ...options.options },
    networks,
    activeNetwork: networks[0]?.caipNetworkId,
    ...options.state,
  })
  // A root of its own, as main.tsx makes, outside React's act(): what the visitor sees comes as
  // it would in the modal (a view's code, the API's answers), and tests wait for it.
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  mounted.push({ root, container })
  flushSync(() => root.render(<ModalApp modal={modal} router={router} />))
  return { container, modal, router, apiCalls }
}

/** Store state of a wallet connected on `network` with `address`. */
export function connectedState(
  address: string,
  network: NetworkConfig = anvil,
): Partial<ModalState> {
  return {
    status: 'connected',
    address,
    caipAddress: `${network.caipNetworkId}:${address}`,
    activeNetwork: network.caipNetworkId,
    connectorId: 'test-wallet',
    connections: [
      {
        id: 'io.test.wallet',
        walletId: 'test-wallet',
        name: 'Test Wallet',
        icon: '',
        rdns: 'io.test.wallet',
        ...(namespaceOf(network.caipNetworkId) === 'solana'
          ? { namespace: 'solana' as const }
          : {}),
        accounts: [address],
      },
    ],
    activeConnectionId: 'io.test.wallet',
  }
}
