/**
 * Whose user operation the paymaster may sponsor (issue 33): only the smart account of the
 * signed-in visitor's own embedded wallet, that is the account the network's factory (the
 * operator's `AIRLOCK_ACCOUNT_FACTORIES_JSON`, the modal's too) makes for the wallet's EVM
 * address, read from the network through the operator's RPC. Any other sender is refused, whoever asks.
 */
import { type CaipNetworkId, type NetworkConfig, smartAccountSalt } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { type Address, createPublicClient, type Hex, http, parseAbi } from 'viem'
import type { Database } from '../../storage/storage'
import { BundlerRelayError } from './bundlerRelay'
import { SponsorshipError } from './sponsorshipError'

const factoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

export type SponsoredAccountContext = {
  db: Kysely<Database>
  /** The API's networks: the RPC the factory is asked through. */
  networks: readonly NetworkConfig[]
  /** How long the RPC may take; default 10 s. */
  timeoutMs?: number | undefined
}

/**
 * Passes when `sender` is the smart account of the wallet `login` has on the project.
 * @throws SponsorshipError `sponsorshipSenderMismatch`; BundlerRelayError `bundlerUnavailable`
 *   when the network can't be asked.
 */
export async function assertOwnSmartAccount(
  { db, networks, timeoutMs = 10_000 }: SponsoredAccountContext,
  {
    projectId,
    login,
    network,
    accountFactory,
    sender,
  }: {
    projectId: string
    /** The session's login (`email_sessions.email`): its wallet's owner. */
    login: string
    network: CaipNetworkId
    /** The network's smart-account factory. */
    accountFactory: Address
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
      args: [wallet.evm_address as Hex, smartAccountSalt],
    })
  } catch {
    throw unavailable()
  }
  if (own.toLowerCase() !== sender)
    throw new SponsorshipError(
      'sponsorshipSenderMismatch',
      `Gas is sponsored only for the signed-in visitor's own smart account, not ${sender}.`,
    )
}
