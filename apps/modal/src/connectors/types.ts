/**
 * What a connector is (shaped after wagmi's `createConnector`): one wallet the visitor can
 * connect with, on one namespace, as a plain object. The connection actions drive every
 * connector the same way and never ask which kind it is; each kind lives in its own folder and
 * registry.ts lists the kinds.
 */
import type { CaipNetworkId, HostMethods, NetworkConfig, RequestArguments } from '@airlock/protocol'

/** The spec's connector types (§3 Connector). */
export type ConnectorType =
  | 'EXTERNAL'
  | 'WALLET_CONNECT'
  | 'INJECTED'
  | 'ANNOUNCED'
  | 'AUTH'
  | 'MULTI_CHAIN'
  | 'ID_AUTH'

/** The namespaces the modal connects wallets on. */
export type WalletNamespace = 'eip155' | 'solana' | 'bip122' | 'cosmos' | 'polkadot'

/** The site's network of a namespace the modal would connect on now (the active one, else the first). */
export type NetworkFor = (namespace: WalletNamespace) => NetworkConfig | undefined

/** Calls a wallet on the host page by its id there (the bridge's `hostWalletRequest`). */
export type HostWalletRequest = (walletId: string, request: RequestArguments) => Promise<unknown>

/**
 * Calls a method of the host page's SDK that the modal's flows use (a wallet of the page, the
 * site's own sign-in): the bridge's, once it is up; the answer unwrapped, its error rethrown.
 */
export type HostCall = <name extends 'hostWalletRequest' | 'siwx'>(
  name: name,
  ...args: Parameters<HostMethods[name]>
) => Promise<unknown>

/**
 * Who asks a wallet: the site (through the bridge), or the modal itself for what the visitor
 * built in it (their Send or Swap), which the embedded wallet's approval says is theirs.
 */
export type Asker = 'site' | 'modal'

/** Where a site's request runs: the connected account on the active network; and who asks. */
export type RequestContext = {
  address: string | undefined
  network: CaipNetworkId | undefined
  /** The active network's configuration (its RPC or Esplora URL, its name). */
  networkConfig?: NetworkConfig | undefined
  /** Absent: the site. */
  asker?: Asker
}

export type Connector = {
  /** The wallet's id on this page load: the EIP-6963 uuid, 'injected', 'walletConnect'. */
  id: string
  /** The id its connection keeps across page loads (the wallet's rdns, else its name). */
  connectionId: string
  type: ConnectorType
  name: string
  icon: string
  rdns?: string
  /** The login's name for an email or social wallet (spec §3 Connection's auth name): the email. */
  authName?: string
  /** How an email or social wallet's login was made: 'email', or the social provider. */
  authProvider?: string
  /** The namespace this connector's accounts are on; a wallet that speaks two has two. */
  namespace: WalletNamespace
  /**
   * The visitor's accounts. `silent`: only those the wallet already authorised, never a
   * prompt ([] when none); otherwise the wallet may ask the visitor.
   */
  getAccounts(options: { silent: boolean }): Promise<string[]>
  /** The network the wallet is on; undefined when the modal chooses it (Solana wallets). */
  getNetwork(): Promise<CaipNetworkId | undefined>
  /** The site's networks the wallet approved; undefined: it may switch to any. */
  approvedNetworks(): CaipNetworkId[] | undefined
  /**
   * Puts the wallet on `network` of this connector's namespace; resolves false when it can't
   * be on it, throws when the wallet refuses.
   */
  switchNetwork(network: NetworkConfig): Promise<boolean>
  /**
   * The accounts as `network` writes them, for a namespace whose addresses are per network
   * (Cosmos's bech32 prefix, Polkadot's SS58): read again when the modal switches between its
   * networks.
   */
  accountsOn?(network: NetworkConfig): Promise<string[]>
  /**
   * A wallet's accounts-changed addresses as this connection's, for a namespace whose addresses
   * are per network (Cosmos's of the active chain, Polkadot's written with its prefix).
   */
  eventAccounts?(addresses: string[]): Promise<string[]>
  /** A site's request, shaped for this wallet. */
  request(request: RequestArguments, context: RequestContext): Promise<unknown>
  /** Asks the wallet to forget the site (EIP-2255, Wallet Standard, WalletConnect). */
  disconnect(): Promise<void>
}

/** Every connector of one kind. */
export type ConnectorKind = {
  /** The connectors of this kind the visitor can use now. */
  connectors(): Connector[]
  /** After a reload, makes a saved connection's connector available again (loads a session). */
  restore?(connectionId: string): Promise<void>
}
