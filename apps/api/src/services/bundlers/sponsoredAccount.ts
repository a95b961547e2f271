/**
 * Whose user operation the paymaster may sponsor (issue 33): only the smart account of the
 * signed-in visitor's own embedded wallet. On an EIP-7702 network that is the wallet's own EVM
 * address (its EOA, upgraded in place): nothing is asked of the network. On a factory network it
 * is the account the network's factory (the operator's `AIRLOCK_ACCOUNT_FACTORIES_JSON`, the
 * modal's too) makes for the wallet's EVM address, read from the network through the operator's
 * RPC. Any other sender is refused, whoever asks.
 *
 * A factory's address is not computed here: the factory is the operator's, and its account's init code
 * (so the CREATE2 hash) is not known to the API. What the factory answered is kept per (network,
 * factory, owner) in the caller's bounded cache, so a visitor's next sponsored call asks the
 * network nothing; an answer that failed is not kept.
 */
import {
  type CaipNetworkId,
  type NetworkConfig,
  type SmartAccountKind,
  smartAccountSalt,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { type Address, createPublicClient, http, parseAbi } from 'viem'
import type { Cache } from '../../storage/cache/cache'
import type { Database } from '../../storage/storage'
import { BundlerRelayError } from './bundlerRelay'
import { SponsorshipError } from './sponsorshipError'

const factoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** How long a factory's answer is kept: an upgradeable factory could change it, so not forever. */
const addressTtlMs = 60 * 60 * 1000

export type SponsoredAccountContext = {
  db: Kysely<Database>
  /** The API's networks: the RPC the factory is asked through. */
  networks: readonly NetworkConfig[]
  /**
   * The smart-account addresses the factories answered: a bounded cache the caller keeps (one per
   * routes instance, `createMemoryCache`), keyed by network, factory and owner.
   */
  addresses: Cache
  /** How long the RPC may take; default 10 s. */
  timeoutMs?: number | undefined
}

/**
 * Passes when `sender` is the smart account of the wallet `login` has on the project.
 * @throws SponsorshipError `sponsorshipSenderMismatch`; BundlerRelayError `bundlerUnavailable`
 *   when the network can't be asked.
 */
export async function assertOwnSmartAccount(
  { db, networks, addresses, timeoutMs = 10_000 }: SponsoredAccountContext,
  {
    projectId,
    login,
    network,
    account,
    sender,
  }: {
    projectId: string
    /** The session's login (`email_sessions.email`): its wallet's owner. */
    login: string
    network: CaipNetworkId
    /** How the network's smart accounts are made. */
    account: SmartAccountKind
    /** Lower case. */
    sender: string
  },
): Promise<void> {
  const wallet = await db
    .selectFrom('embedded_wallets')
    .select('evm_address')
    .where('project_id', '=', projectId)
    .where('email', '=', login)
    .executeTakeFirst()
  if (wallet === undefined)
    throw new SponsorshipError(
      'sponsorshipSenderMismatch',
      "Gas is sponsored only for the signed-in visitor's own smart account, and this session has no wallet.",
    )
  const owner = wallet.evm_address as Address
  const own =
    account.kind === 'eip7702'
      ? owner
      : await smartAccountOf(
          { networks, addresses, timeoutMs },
          network,
          account.factory as Address,
          owner,
        )
  if (own.toLowerCase() !== sender)
    throw new SponsorshipError(
      'sponsorshipSenderMismatch',
      `Gas is sponsored only for the signed-in visitor's own smart account, not ${sender}.`,
    )
}

/**
 * The smart account `accountFactory` makes for `owner` on `network`: kept, or asked of the
 * network's RPC and kept. @throws BundlerRelayError `bundlerUnavailable`
 */
async function smartAccountOf(
  { networks, addresses, timeoutMs }: Required<Omit<SponsoredAccountContext, 'db'>>,
  network: CaipNetworkId,
  accountFactory: Address,
  owner: Address,
): Promise<string> {
  const key = `smartAccount\n${network}\n${accountFactory.toLowerCase()}\n${owner.toLowerCase()}`
  const kept = await addresses.get<string>(key)
  if (kept !== undefined) return kept
  const rpcUrl = networks.find((known) => known.caipNetworkId === network)?.rpcUrl
  const unavailable = () =>
    new BundlerRelayError(
      'bundlerUnavailable',
      `The network ${network} could not be asked whose smart account this is.`,
    )
  if (rpcUrl === undefined) throw unavailable()
  let own: string
  try {
    const client = createPublicClient({
      transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
    })
    own = await client.readContract({
      address: accountFactory,
      abi: factoryAbi,
      functionName: 'getAddress',
      args: [owner, smartAccountSalt],
    })
  } catch {
    throw unavailable()
  }
  await addresses.set(key, own, addressTtlMs)
  return own
}
