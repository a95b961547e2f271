/**
 * What the stand-in modal frame (modalFrame.ts) does, by the projectId it is framed with: one
 * scenario per name, shared by the frame and the tests that pick it.
 */
import {
  type AirlockState,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  initialState,
  type WalletAnnouncement,
} from '@airlock/protocol'

/** The EIP-6963 uuid of the wallet the tests announce on the host page. */
export const hostWalletId = '9a3b4a52-3f0e-4c55-9d43-6f7c2b0e1a11'
const address = '0x1111111111111111111111111111111111111111'

/** The live wallet's account and chain (anvil's first account, chain 31337). */
export const liveAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const liveChain = 'eip155:31337'
/** What the `announcing` project announces Airlock by. */
export const liveAnnouncement: WalletAnnouncement = {
  uuid: '5f0e2c4a-1d2b-4c3d-8e4f-a1b2c3d4e5f6',
  name: 'Airlock Test',
  icon: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
  rdns: 'dev.airlock.test',
}

/** The avatar the `profileConnected` account has: an inline picture. */
export const liveAvatar =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
/** The batch id the live wallet answers wallet_sendCalls with. */
export const liveBatchId = `0x${'ab'.repeat(32)}`

export const liveConnected = (chainId: string = liveChain): AirlockState => ({
  open: false,
  status: 'connected',
  namespace: 'eip155',
  connectorId: 'embeddedWallet',
  address: liveAccount,
  chainId: chainId as CaipNetworkId,
  caipAddress: `${chainId}:${liveAccount}` as CaipAddress,
})

const connected = (namespace: 'eip155' | 'solana', connectorId: string): AirlockState => ({
  open: false,
  status: 'connected',
  namespace,
  connectorId,
  address,
  chainId: namespace === 'eip155' ? 'eip155:1' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipAddress:
    namespace === 'eip155'
      ? `eip155:1:${address}`
      : `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${address}`,
})

export type Scenario = {
  /** The state the frame answers the handshake with. */
  state: AirlockState
  /** The first frame (per page load of the test) refuses the handshake; later ones accept. */
  refusesFirstHandshake?: true
  /** open() is answered only once the test says so (see `releaseOpen`). */
  holdsOpen?: true
  /** After the handshake, the frame tells the host a plain open()'s view is rendered. */
  prerendered?: true
  /**
   * The frame behaves as a live wallet (see modalFrame.ts `liveWallet`): an open connects the
   * visitor on anvil's chain (or, `declines`, the visitor closes the modal);
   * eth_accounts, eth_chainId, wallet_sendCalls and wallet_getCallsStatus answer from its state;
   * disconnect and switchNetwork change it and tell the host.
   */
  liveWallet?: true
  declines?: true
  /** The handshake refuses the page's origin, as the real frame does for a project that doesn't allow it. */
  refusesOrigin?: true
  /** After the handshake the frame tells the host the page's networks are of these namespaces. */
  pageNamespaces?: ChainNamespace[]
  /** After the handshake the frame tells the host to announce Airlock over EIP-6963 with this. */
  announces?: WalletAnnouncement
}

export const scenarios = {
  ready: { state: initialState },
  hostWalletConnected: { state: connected('eip155', hostWalletId) },
  walletConnectConnected: { state: connected('eip155', 'walletConnect') },
  solanaHostWalletConnected: { state: connected('solana', hostWalletId) },
  refusesFirstHandshake: { state: initialState, refusesFirstHandshake: true },
  holdsOpen: { state: initialState, holdsOpen: true },
  prerendered: { state: initialState, holdsOpen: true, prerendered: true },
  liveWallet: { state: initialState, liveWallet: true },
  liveWalletDeclined: { state: initialState, liveWallet: true, declines: true },
  /** A live wallet whose visitor was connected before this page loaded (a reload). */
  liveWalletConnected: { state: liveConnected(), liveWallet: true },
  refusesOrigin: { state: initialState, refusesOrigin: true },
  /** A connected visitor's frame whose document the server sends 16 s late (vitest.config.ts). */
  slowFrame: { state: liveConnected(), liveWallet: true },
  /** A frame whose document loads without a script: it never speaks (vitest.config.ts). */
  silentFrame: { state: initialState },
  /** Pages with a Polkadot network, and with a Cosmos one (the host loads their wallet modules). */
  polkadotPage: { state: initialState, pageNamespaces: ['eip155', 'polkadot'] },
  cosmosPage: { state: initialState, pageNamespaces: ['cosmos'] },
  /** A live wallet whose project announces it over EIP-6963. */
  announcing: { state: initialState, liveWallet: true, announces: liveAnnouncement },
  /** Connected, with the name, avatar and balance the modal read for the account. */
  profileConnected: {
    state: {
      ...liveConnected(),
      name: 'alice.airlock.eth',
      avatar: liveAvatar,
      balance: '1.5 ETH',
    },
    liveWallet: true,
  },
} satisfies Record<string, Scenario>
export type ScenarioName = keyof typeof scenarios

/** What the frame answers a request that reaches it, so a test sees which side answered. */
export const answeredByModal = (method: string) => ({ answeredBy: 'modal', method })

/** The channel between a scenario's frames and the test (same origin): `open` asked, released. */
export const fixtureChannel = (projectId: ScenarioName) =>
  new BroadcastChannel(`fixture:${projectId}`)

/** Where the frames count the handshakes they have seen, per scenario. */
export const handshakeCountKey = (projectId: ScenarioName) => `fixture:${projectId}:handshakes`
