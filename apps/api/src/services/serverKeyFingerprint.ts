/**
 * Replicas on one database must share `AIRLOCK_SERVER_KEY`: what one seals (embedded wallets'
 * auth shares, email codes' HMACs, frame tokens, signed image URLs) the others must open. At start
 * each process compares the key's fingerprint (HMAC-SHA256 of a fixed label under the key: it
 * names the key without revealing it) with the one the database holds; the first process to start
 * records its own. A mismatch refuses the start, so a misconfigured replica never reaches
 * visitors, whose sessions would otherwise fail at random, on whichever replica served them.
 */
import { createHmac } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../storage/storage'

const fingerprintLabel = 'airlock server key fingerprint v1'
const rowId = 'server_key'

/** The key's fingerprint, hex: the same key gives the same one; it does not give the key. */
export function serverKeyFingerprint(serverKey: Uint8Array): string {
  return createHmac('sha256', serverKey).update(fingerprintLabel).digest('hex')
}

export class ServerKeyMismatchError extends Error {
  override name = 'ServerKeyMismatchError' as const
  constructor(
    readonly fingerprint: string,
    readonly recorded: { fingerprint: string; since: string },
  ) {
    super(
      `AIRLOCK_SERVER_KEY is not the key this database's replicas use (this key's fingerprint ` +
        `${short(fingerprint)}, the database's ${short(recorded.fingerprint)}, recorded ` +
        `${recorded.since}). Start every replica with the same AIRLOCK_SERVER_KEY. ` +
        'A new key cannot open what the old one sealed (embedded wallets, email sessions); to ' +
        'replace it anyway, stop every replica and delete the row of server_key_fingerprints.',
    )
  }
}

const short = (fingerprint: string) => `${fingerprint.slice(0, 12)}…`

/**
 * Records the key's fingerprint when the database has none yet; else checks it is the one held.
 * Run after the migrations. Two processes starting at once record one fingerprint: the second
 * insert does nothing, and each then compares with what the database holds.
 * @throws ServerKeyMismatchError when the database holds another key's fingerprint.
 *
 * @example
 * await checkServerKeyFingerprint(storage.db, config.email.serverKey)
 */
export async function checkServerKeyFingerprint(
  db: Kysely<Database>,
  serverKey: Uint8Array,
  { now = Date.now }: { now?: () => number } = {},
): Promise<void> {
  const fingerprint = serverKeyFingerprint(serverKey)
  await db
    .insertInto('server_key_fingerprints')
    .values({ id: rowId, fingerprint, created_at: new Date(now()).toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
  const recorded = await db
    .selectFrom('server_key_fingerprints')
    .select(['fingerprint', 'created_at'])
    .where('id', '=', rowId)
    .executeTakeFirstOrThrow()
  if (recorded.fingerprint !== fingerprint)
    throw new ServerKeyMismatchError(fingerprint, {
      fingerprint: recorded.fingerprint,
      since: new Date(recorded.created_at).toISOString(),
    })
}
