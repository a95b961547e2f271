/**
 * Wrong email codes counted per project and address, across every code mailed to the address
 * (issue 33): a new code gets its own 5 tries, but not a new count here, so asking for codes
 * again buys an attacker no more guesses. The `maxFailures`th wrong code locks the address: no
 * code is mailed to it or checked for it until the lock ends, 15 minutes the first time and twice
 * as long each time after, up to a day; a right code clears the count and the backoff. A guess is
 * counted before its code is compared, so guesses sent in parallel never compare more codes than
 * the count allows. The count is a row of `email_address_locks`: every replica sees it.
 */
import { emailAddressLockout } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'
import { EmailLoginError } from './emailLoginError'

/** Whose wrong codes are counted: an address on a project. */
export type AddressScope = { projectId: string; email: string }

const { maxFailures, firstLockMs, maxLockMs } = emailAddressLockout

/** How long the `lockNumber`th lock since the last right code lasts. */
export const lockDurationMs = (lockNumber: number) =>
  Math.min(firstLockMs * 2 ** Math.max(0, lockNumber - 1), maxLockMs)

const iso = (at: number) => new Date(at).toISOString()
const msOf = (value: Date | string) => new Date(value).getTime()

/** "2026-11-26 10:15 UTC": when a lock ends, as the refusal and the mail say it. */
export const lockEndText = (until: number) => `${iso(until).slice(0, 16).replace('T', ' ')} UTC`

/** The refusal of an address's codes while it is locked, until `until`. */
export const addressLocked = (email: string, until: number, at: number) =>
  new EmailLoginError(
    'emailAddressLocked',
    `Too many wrong codes for ${email}: its codes are locked until ${lockEndText(until)}.`,
    until - at,
  )

const scoped = (db: Kysely<Database>, { projectId, email }: AddressScope) =>
  db
    .selectFrom('email_address_locks')
    .where('project_id', '=', projectId)
    .where('email', '=', email)

/** When the address's lock ends, or undefined when it is not locked at `at`. */
export async function lockedUntil(
  db: Kysely<Database>,
  scope: AddressScope,
  at: number,
): Promise<number | undefined> {
  const row = await scoped(db, scope).select('locked_until').executeTakeFirst()
  const until = row?.locked_until ? msOf(row.locked_until) : undefined
  return until !== undefined && until > at ? until : undefined
}

/**
 * Counts one guess at the address's codes before the code is compared: `{ last }` when it may be
 * compared (`last`: it is the count's final one, which locks the address if wrong), or the end
 * of the lock that refuses it.
 */
export async function reserveGuess(
  db: Kysely<Database>,
  scope: AddressScope,
  at: number,
): Promise<{ reserved: true; last: boolean } | { reserved: false; until: number }> {
  const now = iso(at)
  const counted = await db
    .insertInto('email_address_locks')
    .values({
      project_id: scope.projectId,
      email: scope.email,
      failures: 1,
      locks: 0,
      locked_until: null,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['project_id', 'email'])
        .doUpdateSet((eb) => ({
          failures: eb('email_address_locks.failures', '+', 1),
          updated_at: now,
        }))
        .where((eb) =>
          eb.and([
            eb('email_address_locks.failures', '<', maxFailures),
            eb.or([
              eb('email_address_locks.locked_until', 'is', null),
              eb('email_address_locks.locked_until', '<=', now),
            ]),
          ]),
        ),
    )
    .returning('failures')
    .executeTakeFirst()
  if (counted) return { reserved: true, last: counted.failures >= maxFailures }
  // Locked, or the count's last guess is being compared right now and is about to lock it.
  const row = await scoped(db, scope).select(['locks', 'locked_until']).executeTakeFirst()
  const until = row?.locked_until ? msOf(row.locked_until) : 0
  return { reserved: false, until: until > at ? until : at + lockDurationMs((row?.locks ?? 0) + 1) }
}

/**
 * Locks the address after the count's last guess was wrong: the lock's end, or undefined when a
 * right code cleared the count in the meantime. Only one request locks it, and mails.
 */
export async function lockAddress(
  db: Kysely<Database>,
  scope: AddressScope,
  at: number,
): Promise<number | undefined> {
  const row = await scoped(db, scope).select('locks').executeTakeFirst()
  if (!row) return undefined
  const until = at + lockDurationMs(row.locks + 1)
  const locked = await db
    .updateTable('email_address_locks')
    .set((eb) => ({
      failures: 0,
      locks: eb('locks', '+', 1),
      locked_until: iso(until),
      updated_at: iso(at),
    }))
    .where('project_id', '=', scope.projectId)
    .where('email', '=', scope.email)
    .where('failures', '>=', maxFailures)
    .executeTakeFirst()
  return Number(locked.numUpdatedRows) === 1 ? until : undefined
}

/** A right code for the address: its count and backoff start again. */
export async function forgiveAddress(
  db: Kysely<Database>,
  scope: AddressScope,
  at: number,
): Promise<void> {
  await db
    .updateTable('email_address_locks')
    .set({ failures: 0, locks: 0, locked_until: null, updated_at: iso(at) })
    .where('project_id', '=', scope.projectId)
    .where('email', '=', scope.email)
    .execute()
}
