/**
 * The table of the server key's fingerprint (issue 40; `services/serverKeyFingerprint.ts`): one
 * row, written by the first process to start with a key, so a replica started with another
 * `AIRLOCK_SERVER_KEY` is refused at start instead of failing visitors' sessions at random.
 */
import type { Timestamp } from './columnTypes'

export type ServerKeyFingerprintsTable = {
  /** Always 'server_key': the one row. */
  id: string
  /** HMAC-SHA256 of a fixed label under the key, hex; never the key. */
  fingerprint: string
  created_at: Timestamp
}
