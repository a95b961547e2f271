/**
 * The daily caps of gas sponsorship (issue 33), counted in the database: each sponsored user
 * operation spends one operation and its gas from its account's count and its project's for the
 * UTC day, in one transaction with conditional updates, so two replicas (or two requests) at once
 * never pass a cap together; a refused operation spends nothing. An operation asked again (the
 * paymaster's data, then the send; a retry) is counted once per sender and nonce, and again only
 * for gas beyond its largest yet.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import type { Kysely, Transaction } from 'kysely'
import { utcDay } from '../../storage/days'
import type { Database } from '../../storage/storage'
import type { SponsorshipCaps } from '../projectSettings'
import { SponsorshipError, type SponsorshipErrorCode } from './sponsorshipError'
import type { OperationToSponsor } from './userOperation'

/** The count of all a project's accounts together. */
const wholeProject = '*'

/**
 * Counts `operation` against the caps of `projectId` for the day of `at`.
 * @throws SponsorshipError `sponsorshipAccountLimit` or `sponsorshipProjectLimit` (nothing spent).
 */
export async function spendSponsorship(
  db: Kysely<Database>,
  {
    projectId,
    caps,
    network,
    operation,
    at,
  }: {
    projectId: string
    caps: SponsorshipCaps
    network: CaipNetworkId
    operation: OperationToSponsor
    at: number
  },
): Promise<void> {
  const day = utcDay(at)
  await db.transaction().execute(async (trx) => {
    const known = await trx
      .selectFrom('sponsored_operations')
      .select('gas')
      .where('project_id', '=', projectId)
      .where('network', '=', network)
      .where('sender', '=', operation.sender)
      .where('nonce', '=', operation.nonce)
      .executeTakeFirst()
    const knownGas = known === undefined ? undefined : Number(known.gas)
    const operations = knownGas === undefined ? 1 : 0
    const gas = Math.max(0, operation.gas - (knownGas ?? 0))
    if (operations === 0 && gas === 0) return
    const spend = { trx, projectId, day, operations, gas }
    await spendFrom({
      ...spend,
      account: operation.sender,
      cap: { operations: caps.accountOperations, gas: caps.accountGas },
      refusal: 'sponsorshipAccountLimit',
      whose: "This account's",
    })
    await spendFrom({
      ...spend,
      account: wholeProject,
      cap: { operations: caps.projectOperations, gas: caps.projectGas },
      refusal: 'sponsorshipProjectLimit',
      whose: "This project's",
    })
    await trx
      .insertInto('sponsored_operations')
      .values({
        project_id: projectId,
        network,
        sender: operation.sender,
        nonce: operation.nonce,
        gas: operation.gas,
        day,
        created_at: new Date(at).toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .columns(['project_id', 'network', 'sender', 'nonce'])
          .doUpdateSet({ gas: Math.max(operation.gas, knownGas ?? 0) }),
      )
      .execute()
  })
}

/** Spends from one count of the day, when it stays within `cap`; else throws `refusal`. */
async function spendFrom({
  trx,
  projectId,
  day,
  account,
  operations,
  gas,
  cap,
  refusal,
  whose,
}: {
  trx: Transaction<Database>
  projectId: string
  day: string
  account: string
  operations: number
  gas: number
  cap: { operations: number; gas: number }
  refusal: SponsorshipErrorCode
  whose: string
}): Promise<void> {
  await trx
    .insertInto('sponsorship_usage')
    .values({ project_id: projectId, day, account, operations: 0, gas: 0 })
    .onConflict((conflict) => conflict.columns(['project_id', 'day', 'account']).doNothing())
    .execute()
  const spent = await trx
    .updateTable('sponsorship_usage')
    // Postgres reads a bigint as text; the sums are whole numbers below 2^53.
    .set((eb) => ({
      operations: eb('operations', '+', operations).$castTo<number>(),
      gas: eb('gas', '+', gas).$castTo<number>(),
    }))
    .where('project_id', '=', projectId)
    .where('day', '=', day)
    .where('account', '=', account)
    .where((eb) => eb(eb('operations', '+', operations), '<=', cap.operations))
    .where((eb) => eb(eb('gas', '+', gas), '<=', cap.gas))
    .executeTakeFirst()
  if (spent.numUpdatedRows === 0n)
    throw new SponsorshipError(
      refusal,
      `${whose} gas sponsorship for today (UTC) is used up: ${cap.operations} user operation${cap.operations === 1 ? '' : 's'} and ${cap.gas} gas a day.`,
    )
}

/** What `projectId` has had sponsored on the day of `at`: per account, and '*' for all of them. */
export async function sponsorshipUsage(
  db: Kysely<Database>,
  projectId: string,
  at: number,
): Promise<Record<string, { operations: number; gas: number }>> {
  const rows = await db
    .selectFrom('sponsorship_usage')
    .select(['account', 'operations', 'gas'])
    .where('project_id', '=', projectId)
    .where('day', '=', utcDay(at))
    .execute()
  return Object.fromEntries(
    rows.map((row) => [row.account, { operations: Number(row.operations), gas: Number(row.gas) }]),
  )
}
