/**
 * Whose user operation the paymaster may sponsor (issue 33): only the smart account of the
 * signed-in visitor's own embedded wallet. On an EIP-7702 network that is the wallet's own EVM
 * address (its EOA, upgraded in place); on a network without EIP-7702 it is the wallet's Safe
 * (safeAccount.ts), computed from the EVM address: the network is asked nothing either way. Any
 * other sender is refused, whoever asks.
 */
import type { SmartAccountKind } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Address } from 'viem'
import type { Database } from '../../storage/storage'
import { safeAccountAddress } from './safeAccount'
import { SponsorshipError } from './sponsorshipError'

export type SponsoredAccountContext = {
  db: Kysely<Database>
}

/**
 * Passes when `sender` is the smart account of the wallet `login` has on the project.
 * @throws SponsorshipError `sponsorshipSenderMismatch`
 */
export async function assertOwnSmartAccount(
  { db }: SponsoredAccountContext,
  {
    projectId,
    login,
    account,
    sender,
  }: {
    projectId: string
    /** The session's login (`email_sessions.email`): its wallet's owner. */
    login: string
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
    account.kind === 'eip7702' ? owner : safeAccountAddress({ owner, version: account.version })
  if (own.toLowerCase() !== sender)
    throw new SponsorshipError(
      'sponsorshipSenderMismatch',
      `Gas is sponsored only for the signed-in visitor's own smart account, not ${sender}.`,
    )
}
