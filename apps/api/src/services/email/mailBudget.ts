/**
 * How many codes an address is mailed a minute, per project (`AIRLOCK_EMAIL_LOGIN_PER_EMAIL_PER_MINUTE`):
 * a code is a mail in someone's inbox, so the address has a budget of its own, whoever asks. It
 * is counted from the codes' own rows, after the request was found good (project, site, address)
 * and only for mails that went out: a code's row is written before its mail and deleted when the
 * mail fails, so a refused request or a failed send spends nothing, and a flood of bad requests
 * naming an address does not keep its owner from getting a code.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/storage'

/** The window the budget is counted over. */
const windowMs = 60_000

/** The address's budget is spent: retry in `retryAfterMs` (answered 429 `rateLimited`). */
export class MailBudgetSpent extends Error {
  override name = 'MailBudgetSpent'
  constructor(readonly retryAfterMs: number) {
    super('This address was mailed as many codes as it may be this minute.')
  }
}

/**
 * Checks, once a code's row is written and before its mail is sent, that `email` has had at most
 * `perMinute` codes (this one included) on the project in the last minute.
 * @throws MailBudgetSpent with when the oldest of them leaves the window; the caller deletes the
 *   code. Two requests racing for the last mail may both be refused, never both mailed.
 */
export async function checkMailBudget(
  db: Kysely<Database>,
  scope: { projectId: string; email: string; perMinute: number },
  at: number,
): Promise<void> {
  const mailed = await db
    .selectFrom('email_codes')
    .select('created_at')
    .where('project_id', '=', scope.projectId)
    .where('email', '=', scope.email)
    .where('created_at', '>', new Date(at - windowMs).toISOString())
    .orderBy('created_at', 'asc')
    .execute()
  if (mailed.length <= scope.perMinute) return
  const oldest = new Date(mailed[0]?.created_at ?? at).getTime()
  throw new MailBudgetSpent(Math.max(0, oldest + windowMs - at))
}
