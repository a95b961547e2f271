/**
 * The operator's spam list: NFT contracts whose tokens are flagged `isSpam` (and whose transfers
 * the modal hides). Kept per chain in the database, so every replica sees the same list.
 */

import type { Kysely } from 'kysely'
import { isAddress } from 'viem'
import type { Database } from '../../storage/storage'

/**
 * Flags `address`'s NFTs as spam on `caipNetworkId`; marking twice is a no-op.
 *
 * @example
 * await markSpamContract(storage.db, 'eip155:31337', seeded.contracts.spam)
 */
export async function markSpamContract(
  db: Kysely<Database>,
  caipNetworkId: string,
  address: string,
): Promise<void> {
  if (!isAddress(address, { strict: false }))
    throw new TypeError(`Not an EVM address: ${JSON.stringify(address)}`)
  await db
    .insertInto('spam_contracts')
    .values({
      chain_id: caipNetworkId,
      address: address.toLowerCase(),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['chain_id', 'address']).doNothing())
    .execute()
}

/** Takes `address` off the spam list of `caipNetworkId`. */
export async function unmarkSpamContract(
  db: Kysely<Database>,
  caipNetworkId: string,
  address: string,
): Promise<void> {
  await db
    .deleteFrom('spam_contracts')
    .where('chain_id', '=', caipNetworkId)
    .where('address', '=', address.toLowerCase())
    .execute()
}
