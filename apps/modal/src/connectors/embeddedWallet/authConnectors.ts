/**
 * The embedded wallet of an email login as connectors (spec §3 type AUTH): one on eip155 and one
 * on solana, the same wallet (`email`), so the connection actions drive it as any dual wallet.
 * Requests go to the signers made in the frame (embeddedWallet/evmSigner.ts, solanaSigner.ts),
 * which put each signature to the visitor first. Made by the embedded wallet's chunk once the
 * wallet is unlocked; nothing here holds a key, only the signers do.
 */
import {
  evmChainId,
  type RequestArguments,
  type SocialProvider,
  socialProviderNames,
} from '@airlock/protocol'
import type { EvmAccounts } from '../../embeddedWallet/evmAccounts'
import type { SolanaSigner } from '../../embeddedWallet/solanaSigner'
import { switchEthereumChain } from '../switchEthereumChain'
import type { Connector } from '../types'
import { embeddedWalletId } from './embeddedWalletId'

/** An envelope: the email wallet's icon. */
const icon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="10" fill="#3b82f6"/><path d="M9 12h18v12H9z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><path d="m9 12 9 7 9-7" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>',
)}`

export type UnlockedWallet = {
  /** The account's login: the email, or `social:<provider>:<subject>`. */
  email: string
  /** A social login's provider and handle; absent for an email login. */
  provider?: SocialProvider
  handle?: string
  /** The EVM accounts (the EOA and its smart account), the active one answering. */
  evm: EvmAccounts | undefined
  solana: SolanaSigner | undefined
}

export type AuthConnectorHooks = {
  /** The EVM account's chain changed by a site's `wallet_switchEthereumChain`. */
  onChainChanged(chainId: string): void
  /** The visitor disconnects: the session ends and the keys are dropped. */
  signOut(): Promise<void>
}

export function authConnectors(wallet: UnlockedWallet, hooks: AuthConnectorHooks): Connector[] {
  const base = {
    id: embeddedWalletId,
    connectionId: embeddedWalletId,
    type: 'AUTH' as const,
    name: wallet.provider ? socialProviderNames[wallet.provider] : 'Email',
    authName: wallet.handle ?? wallet.email,
    authProvider: wallet.provider ?? 'email',
    icon,
    approvedNetworks: () => undefined,
    disconnect: hooks.signOut,
  }
  const connectors: Connector[] = []
  const { evm: accounts, solana } = wallet
  if (accounts) {
    const evm = accounts.provider
    connectors.push({
      ...base,
      namespace: 'eip155',
      getAccounts: async () => [evm.address],
      getNetwork: async () => evm.network(),
      async switchNetwork(network) {
        await switchEthereumChain((args) => evm.request(args), network)
        // The account type the visitor chose on that network (or the EOA where smart accounts
        // are not available) becomes the active account.
        await accounts.settle()
        return true
      },
      async request(args: RequestArguments, { asker }) {
        const before = evm.network()
        const result = await evm.request(args, asker)
        if (evm.network() !== before) {
          hooks.onChainChanged(evmChainId(evm.network()))
          await accounts.settle()
        }
        return result
      },
    })
  }
  if (solana)
    connectors.push({
      ...base,
      namespace: 'solana',
      getAccounts: async () => [solana.address],
      getNetwork: async () => undefined,
      // The chain goes with each request, as with any Solana wallet.
      switchNetwork: async () => true,
      request: ({ method, params }, { network, asker }) =>
        solana.request(
          { method, params: { ...(params as object), ...(network ? { chain: network } : {}) } },
          asker,
        ),
    })
  return connectors
}
