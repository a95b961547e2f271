/**
 * A WalletConnect session's Cosmos and Polkadot sides, loaded with their first call: the site's
 * requests checked as a page wallet's are (cosmos/cosmosRequests.ts, polkadot/polkadotRequests.ts)
 * and asked through the session's methods (cosmosHost.ts, polkadotHost.ts); the session's
 * Polkadot accounts written with the network's SS58 prefix, whichever the phone gave, as
 * requests are held to that form.
 */
import {
  type CaipNetworkId,
  type NetworkConfig,
  polkadotNetworkOf,
  type RequestArguments,
} from '@airlock/protocol'
import { cosmosRequest } from '../../cosmos/cosmosRequests'
import { polkadotAddressesOf, polkadotRequest } from '../../polkadot/polkadotRequests'
import { walletConnectCosmos } from './cosmosHost'
import { walletConnectPolkadot } from './polkadotHost'
import type { WalletConnectSessions } from './sessions'

/** The session's Polkadot accounts as `network` writes them. */
export function polkadotSessionAccounts(sessions: WalletConnectSessions, network: CaipNetworkId) {
  const name = polkadotNetworkOf(network)
  const { accounts } = sessions.current('polkadot')
  return name
    ? polkadotAddressesOf(
        accounts.map((address) => ({ address })),
        name,
      )
    : []
}

/**
 * The session's accounts as `network` writes them: Polkadot's with its SS58 prefix, Cosmos's
 * those the phone approved on that chain (each chain's bech32 prefix); none on a chain it did not.
 */
export function sessionAccountsOn(
  sessions: WalletConnectSessions,
  namespace: 'cosmos' | 'polkadot',
  network: CaipNetworkId,
): string[] {
  if (namespace === 'polkadot') return polkadotSessionAccounts(sessions, network)
  const view = sessions.current('cosmos', network)
  return view.network === network ? view.accounts : []
}

/** A site's `cosmos_*` or `polkadot_*` request, through the session. */
export function sessionPerNetworkRequest(
  sessions: WalletConnectSessions,
  namespace: 'cosmos' | 'polkadot',
  request: RequestArguments,
  address: string | undefined,
  network: NetworkConfig | undefined,
): Promise<unknown> {
  return namespace === 'cosmos'
    ? cosmosRequest(request, { address, network, host: walletConnectCosmos(sessions) })
    : polkadotRequest(request, { address, network, host: walletConnectPolkadot(sessions) })
}
