/**
 * WalletConnect namespaces: the session proposal built from the site's networks (each
 * namespace's standard methods and events), and what a wallet's approved session means for the
 * modal — which of the site's networks the wallet approved and the accounts on each.
 */
import { type CaipNetworkId, type ChainNamespace, parseCaipNetworkId } from '@airlock/protocol'

/** A namespace of a session proposal (CAIP-25). */
export type ProposalNamespace = { chains: string[]; methods: string[]; events: string[] }

/** A namespace of an approved session: the wallet's accounts are `namespace:reference:address`. */
export type SessionNamespace = { chains?: string[]; accounts: string[]; methods: string[] }

/**
 * Each namespace's standard wallet methods and events, as wallets implement them. Not `eth_sign`:
 * it signs an arbitrary hash, which a phishing page passes off as a harmless message; a site
 * asking for it gets the unsupported-method error (4200), since no wallet approved it.
 */
export const namespaceMethods: Record<ChainNamespace, { methods: string[]; events: string[] }> = {
  eip155: {
    methods: [
      'eth_accounts',
      'eth_requestAccounts',
      'eth_sendRawTransaction',
      'eth_signTransaction',
      'eth_signTypedData',
      'eth_signTypedData_v3',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'personal_sign',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_getPermissions',
      'wallet_requestPermissions',
      'wallet_registerOnboarding',
      'wallet_watchAsset',
      'wallet_scanQRCode',
      'wallet_getCallsStatus',
      'wallet_showCallsStatus',
      'wallet_sendCalls',
      'wallet_getCapabilities',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    methods: [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_requestAccounts',
      'solana_getAccounts',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
    ],
    events: [],
  },
  bip122: {
    methods: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
    events: ['bip122_addressesChanged'],
  },
  polkadot: {
    methods: ['polkadot_signTransaction', 'polkadot_signMessage'],
    events: [],
  },
  cosmos: {
    methods: ['cosmos_signDirect', 'cosmos_signAmino', 'cosmos_getAccounts'],
    events: [],
  },
}

/**
 * The proposal's namespaces: every namespace the site's networks use, with those networks as
 * its chains. All optional (CAIP-25 required namespaces are deprecated): a wallet approves what
 * it supports, and the modal shows the rest as not approved.
 */
export function proposalNamespaces(
  networks: readonly CaipNetworkId[],
): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const { namespace } = parseCaipNetworkId(network)
    const standard = namespaceMethods[namespace]
    if (!standard) continue
    result[namespace] ??= {
      chains: [],
      methods: [...standard.methods],
      events: [...standard.events],
    }
    if (!result[namespace].chains.includes(network)) result[namespace].chains.push(network)
  }
  return result
}

/** What an approved session gives the modal on the site's networks. */
export type SessionView = {
  /** The site's networks the wallet approved, in the site's order. */
  approved: CaipNetworkId[]
  /** The network to be active: the preferred one if approved, else the first approved. */
  network: CaipNetworkId | undefined
  /** The wallet's addresses on that network. */
  accounts: string[]
}

/** A network's accounts in a session: `eip155:1:0xabc` → `0xabc` for `eip155:1`. */
export function accountsOn(
  namespaces: Record<string, SessionNamespace>,
  network: CaipNetworkId,
): string[] {
  const namespace = namespaces[parseCaipNetworkId(network).namespace]
  const prefix = `${network}:`
  return (namespace?.accounts ?? [])
    .filter((account) => account.startsWith(prefix))
    .map((account) => account.slice(prefix.length))
    .filter((address, index, all) => address && all.indexOf(address) === index)
}

export function viewSession(
  namespaces: Record<string, SessionNamespace>,
  siteNetworks: readonly CaipNetworkId[],
  preferred: CaipNetworkId | undefined,
): SessionView {
  const approved = siteNetworks.filter((network) => accountsOn(namespaces, network).length > 0)
  const network = preferred && approved.includes(preferred) ? preferred : approved[0]
  return { approved, network, accounts: network ? accountsOn(namespaces, network) : [] }
}
