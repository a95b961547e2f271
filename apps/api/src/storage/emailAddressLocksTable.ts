/**
 * The table of wrong email codes per address (issue 33; `services/email/addressLocks.ts`): one
 * row per project and address, counting wrong codes across every code mailed to it, and the lock
 * they lead to. In the database, so every replica counts the same guesses and a restart forgets
 * none.
 */
import type { NullableTimestamp, UpdatedTimestamp } from './columnTypes'

export type EmailAddressLocksTable = {
  project_id: string
  /** Trimmed, lower case, as the codes' rows keep it. */
  email: string
  /** Wrong codes since the last right one or the last lock; a guess being checked counts too. */
  failures: number
  /** Locks since the last right code: the next one lasts twice as long as the one before. */
  locks: number
  /** Until when no code is mailed or checked for the address; null: not locked. */
  locked_until: NullableTimestamp
  updated_at: UpdatedTimestamp
}
