/**
 * The clients of the embedded wallet's smart account on each network, made once per network: a
 * viem client on its RPC, the account (smartAccount.ts, made as the network's bundler info says),
 * its bundler client through the API's relay (with the paymaster where gas is sponsored), and
 * how the network makes its smart accounts (an EIP-7702 one needs the upgrade: accountUpgrade.ts).
 */
import type { NetworkConfig, SmartAccountKind } from '@airlock/protocol'
import {
  type Chain,
  createPublicClient,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  type Transport,
} from 'viem'
import type { BundlerClient, SmartAccount } from 'viem/account-abstraction'
import { chainOf } from './evmSigner'
import { smartAccountBundler, smartAccountOf } from './smartAccount'

export type SmartAccountClients = {
  chain: PublicClient<Transport, Chain>
  account: SmartAccount
  bundler: BundlerClient
  /** The bundler client for an operation the account pays for itself: it asks no paymaster. */
  selfPaid: BundlerClient
  sponsored: boolean
  kind: SmartAccountKind
}

/**
 * `clientsOf(network)`: the network's clients, made at the first call and kept.
 *
 * @example
 * const clientsOf = smartAccountClients({ owner, accountKind, bundlerTransport })
 * const { account, bundler } = await clientsOf(network)
 */
export function smartAccountClients(options: {
  owner: PrivateKeyAccount
  accountKind(network: NetworkConfig): Promise<SmartAccountKind>
  sponsored?(network: NetworkConfig): Promise<boolean>
  bundlerTransport(network: NetworkConfig): Transport
}) {
  const clients = new Map<string, SmartAccountClients>()
  return async function clientsOf(network: NetworkConfig): Promise<SmartAccountClients> {
    const made = clients.get(network.caipNetworkId)
    if (made) return made
    const chain = createPublicClient({ chain: chainOf(network), transport: http(network.rpcUrl) })
    const kind = await options.accountKind(network)
    const account = await smartAccountOf({ client: chain, kind, owner: options.owner })
    const sponsored = (await options.sponsored?.(network)) ?? false
    const transport = options.bundlerTransport(network)
    const bundler = smartAccountBundler(chain, transport, { paymaster: sponsored || undefined })
    // An operation the sponsor refuses (userOperationFee.ts) goes without the paymaster.
    const selfPaid = sponsored ? smartAccountBundler(chain, transport, {}) : bundler
    const built = { chain, account, bundler, selfPaid, sponsored, kind }
    clients.set(network.caipNetworkId, built)
    return built
  }
}
