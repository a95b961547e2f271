// The fault trials' short version, in `npm test`'s unit run (`npm run trials` runs 100 kill
// trials): on a scale stack of three compiled replicas, five kill -9 trials during writes, one
// Redis restart and one PostgreSQL restart under load, each holding (no problem found).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLedger } from './journeys'
import { type KillTrialResult, killTrial } from './killTrial'
import { readTrialOptions } from './options'
import { postgresTrial } from './postgresTrial'
import { redisTrial } from './redisTrial'
import { allReplicasUp, startTrialStack, type TrialStack } from './trialStack'
import { halfWrittenRows, missingWrites } from './verify'

describe('fault trials on the scale stack', () => {
  let t: TrialStack | undefined
  beforeAll(async () => {
    t = await startTrialStack({ replicas: 3 })
  }, 180_000)
  afterAll(() => t?.stop())

  test('behavior: kill -9 of a replica during writes (5 trials): every acknowledged write is there, none is half-written, HAProxy shows the dead one DOWN within 5 s', async () => {
    const results: KillTrialResult[] = []
    for (let index = 0; index < 5; index++) results.push(await killTrial(t!))
    expect(results.flatMap(({ problems }) => problems)).toEqual([])
    for (const { downMs } of results) expect(downMs).toBeLessThanOrEqual(5_000)
    expect(results.reduce((sum, { acknowledged }) => sum + acknowledged, 0)).toBeGreaterThan(0)
    // Bounds on a failure's wait: about 30 s on an idle machine, 70 s with the cores shared.
  }, 240_000)

  test('behavior: Redis killed and started again: every request is answered 2xx throughout, the replicas use Redis again, none restarted', async () => {
    await allReplicasUp(t!)
    expect(t!.restartFailures).toEqual([])
    const result = await redisTrial(t!)
    expect(result.problems).toEqual([])
    expect(result.answered).toBeGreaterThan(0)
  }, 120_000)

  test('behavior: PostgreSQL restarted: 503 with Retry-After during the outage, service resumes by itself, nothing missing or half-written', async () => {
    const result = await postgresTrial(t!)
    expect(result.problems).toEqual([])
    expect(Object.keys(result.duringOutage)).toEqual(['503'])
    expect(result.resumedInMs).toBeDefined()
  }, 60_000)

  test('behavior: the checks find what is missing or half-written: an acknowledged event not stored, a wallet without its device', async () => {
    const ledger = createLedger()
    ledger.acknowledged.push({ kind: 'event', projectId: 'trials', eventId: randomUUID() })
    const reader = t!.newVisitor()
    expect(await missingWrites(ledger, t!.db, reader, t!.setting.hostOrigin)).toEqual([
      `event ${ledger.acknowledged[0]?.kind === 'event' && ledger.acknowledged[0].eventId} was acknowledged but is not stored`,
    ])
    await t!.db.query(
      `insert into embedded_wallets (project_id, email, evm_address, solana_address, auth_share, recovery_share, created_at)
       values ('trials', 'half@example.com', '0x0', 'x', 'x', 'x', now())`,
    )
    try {
      expect(await halfWrittenRows(t!.db)).toEqual(['1 × a wallet without a device'])
    } finally {
      await t!.db.query(`delete from embedded_wallets where email = 'half@example.com'`)
    }
    expect(await halfWrittenRows(t!.db)).toEqual([])
  })
})

describe("the trials' options", () => {
  test('behavior: --trials and --replicas, else 100 and 3', () => {
    expect(readTrialOptions([])).toEqual({ trials: 100, replicas: 3 })
    expect(readTrialOptions(['--trials', '5', '--replicas', '4'])).toEqual({
      trials: 5,
      replicas: 4,
    })
  })

  test('error: a count out of range, not a number, or an unknown option is refused', () => {
    expect(() => readTrialOptions(['--trials', '0'])).toThrow(
      '--trials must be a whole number from 1 to 1000, got "0".',
    )
    expect(() => readTrialOptions(['--replicas', 'many'])).toThrow(
      '--replicas must be a whole number from 2 to 8, got "many".',
    )
    expect(() => readTrialOptions(['--trial', '5'])).toThrow("Unknown option '--trial'")
  })
})
