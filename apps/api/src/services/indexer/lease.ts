/**
 * Which process indexes a chain. Every API replica may run the indexer; the one holding the
 * chain's lease row works, the others poll until it expires (its holder died) or is released.
 * Correctness does not rest on it (the cursor refuses a second writer); it saves duplicate work.
 */

import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'

/** Takes or renews the lease for `ttlMs`; true when `holder` has it afterwards. */
export async function acquireLease(
  db: Kysely<Database>,
  chainId: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const now = Date.now()
  await db
    .insertInto('indexer_leases')
    .values({ chain_id: chainId, holder, expires_at: now + ttlMs })
    .onConflict((conflict) =>
      conflict
        .column('chain_id')
        .doUpdateSet({ holder, expires_at: now + ttlMs })
        .where((eb) =>
          eb.or([
            eb('indexer_leases.holder', '=', holder),
            eb('indexer_leases.expires_at', '<', now),
          ]),
        ),
    )
    .execute()
  const lease = await db
    .selectFrom('indexer_leases')
    .select('holder')
    .where('chain_id', '=', chainId)
    .executeTakeFirst()
  return lease?.holder === holder
}

/** Gives the lease up, so another replica takes over at its next poll. */
export async function releaseLease(
  db: Kysely<Database>,
  chainId: string,
  holder: string,
): Promise<void> {
  await db
    .deleteFrom('indexer_leases')
    .where('chain_id', '=', chainId)
    .where('holder', '=', holder)
    .execute()
}
