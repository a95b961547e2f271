// The kill trial of `npm run trials`: a replica killed with kill -9 at a random moment while
// visitors write through the load balancer; every acknowledged write is then read back, the
// database searched for half-written rows, and HAProxy must have taken the replica out in 5 s.

import { balancerView } from '../haproxy.mjs'
import type { ScaleReplica } from '../stackScale.mjs'
import { createLedger, type Ledger, visitorsWriting } from './journeys'
import { pause, randomMs, statusOf, type TrialStack, within } from './trialStack'
import { halfWrittenRows, missingWrites } from './verify'

/** HAProxy must take a dead replica out within this. */
export const downWithinMs = 5_000

export type KillTrialResult = {
  victim: string
  /** Ms from the kill to HAProxy showing it DOWN; undefined: not within 10 s. */
  downMs: number | undefined
  acknowledged: number
  byKind: Record<string, number>
  unacknowledged: Record<string, number>
  problems: string[]
}

/** Replicas running and UP in HAProxy's view, none of them restarting. */
async function upReplicas(t: TrialStack): Promise<ScaleReplica[]> {
  const view = await balancerView(t.stack.statsUrl)
  return t.stack.replicas.filter(
    (replica) =>
      replica.running() && !t.restarting.has(replica.id) && view[replica.id]?.status === 'UP',
  )
}

/**
 * One kill trial: `visitors` visitors write through the balancer; at a random moment 0.3-1.5 s in,
 * a random replica that is UP gets kill -9; the writes go on until HAProxy shows it DOWN and half
 * a second more. Then every acknowledged write is read back and the database checked for
 * half-written rows; the victim is started again in the background (`t.restarting`). At least
 * two replicas are UP when it kills one (it waits for restarts under way when fewer are).
 */
export async function killTrial(t: TrialStack, { visitors = 4 } = {}): Promise<KillTrialResult> {
  let candidates = await upReplicas(t)
  while (candidates.length < 2) {
    const waitedFor = t.restarting.size
    if (waitedFor > 0) await Promise.race(t.restarting.values())
    // A replica whose restart just ended is UP at HAProxy's next check, a second later.
    await within(5_000, async () => (await upReplicas(t)).length >= 2)
    candidates = await upReplicas(t)
    if (candidates.length < 2 && waitedFor === 0)
      throw new Error(
        `A kill trial needs two replicas UP; ${candidates.length} are.` +
          (t.restartFailures.length > 0 ? ` Restarts failed: ${t.restartFailures.join('; ')}` : ''),
      )
  }
  const victim = candidates[Math.floor(Math.random() * candidates.length)] as ScaleReplica
  const ledger = createLedger()
  const stop = { requested: false }
  const writers = Array.from({ length: visitors }, () => t.newVisitor())
  const writing = visitorsWriting(writers, t.setting, ledger, stop)
  await pause(randomMs(300, 1_500))
  await victim.kill()
  const downMs = await within(10_000, async () => (await statusOf(t, victim.id)) === 'DOWN')
  await pause(500)
  stop.requested = true
  await writing
  const problems = [
    ...(downMs === undefined || downMs > downWithinMs
      ? [
          `HAProxy did not show ${victim.id} DOWN within ${downWithinMs} ms (${downMs ?? '> 10 000'} ms)`,
        ]
      : []),
    ...ledger.serverErrors.map((error) => `a write answered ${error}`),
    ...(await missingWrites(ledger, t.db, t.newVisitor(), t.setting.hostOrigin)),
    ...(await halfWrittenRows(t.db)),
  ]
  const restart = victim
    .start()
    .catch((error: Error) => {
      t.restartFailures.push(`${victim.id}: ${error.message.split('\n')[0]}`)
    })
    .finally(() => t.restarting.delete(victim.id))
  t.restarting.set(victim.id, restart)
  return {
    victim: victim.id,
    downMs,
    acknowledged: ledger.acknowledged.length,
    byKind: countKinds(ledger),
    unacknowledged: ledger.unacknowledged,
    problems,
  }
}

function countKinds(ledger: Ledger): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { kind } of ledger.acknowledged) counts[kind] = (counts[kind] ?? 0) + 1
  return counts
}
