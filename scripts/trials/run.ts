// `npm run trials`: the fault trials of issue 40 on the scale stack, on loopback, bounded in count
// and time: `--trials N` kill -9 trials (default 100) during writes, then one Redis and one
// PostgreSQL restart under load. Prints each trial's line and a summary; exits 1 when any trial
// found a problem (an acknowledged write missing, a half-written row, a replica not taken out
// within 5 s, an answer other than the outage's 503 with Retry-After).
import { type KillTrialResult, killTrial } from './killTrial'
import { readTrialOptions } from './options'
import { postgresTrial } from './postgresTrial'
import { redisTrial } from './redisTrial'
import { allReplicasUp, startTrialStack } from './trialStack'

async function main() {
  let options: ReturnType<typeof readTrialOptions>
  try {
    options = readTrialOptions(process.argv.slice(2))
  } catch (error) {
    console.error(
      `${(error as Error).message}\nUsage: npm run trials -- [--trials N] [--replicas N]`,
    )
    process.exit(2)
  }
  const started = Date.now()
  console.log(
    `Starting the scale stack: ${options.replicas} compiled replicas, PostgreSQL, Redis, HAProxy…`,
  )
  const t = await startTrialStack({ replicas: options.replicas })
  const stopping = () => void t.stop().then(() => process.exit(130))
  process.once('SIGINT', stopping)
  let failed = 0
  try {
    const kills: KillTrialResult[] = []
    for (let index = 1; index <= options.trials; index++) {
      const result = await killTrial(t)
      kills.push(result)
      if (result.problems.length > 0) failed++
      console.log(
        `kill ${String(index).padStart(3)}: ${result.victim} DOWN in ${result.downMs ?? '—'} ms, ` +
          `${result.acknowledged} writes acknowledged ${JSON.stringify(result.byKind)}` +
          (result.problems.length > 0 ? `\n  PROBLEMS: ${result.problems.join('; ')}` : ''),
      )
    }
    await allReplicasUp(t)
    if (t.restartFailures.length > 0) {
      failed++
      console.log(`replica restarts that failed: ${t.restartFailures.join('; ')}`)
    }
    const redis = await redisTrial(t)
    if (redis.problems.length > 0) failed++
    console.log(
      `redis: ${redis.answered} requests, failed ${JSON.stringify(redis.failed)}, back in Redis ${redis.backInMs ?? '—'} ms after its start` +
        (redis.problems.length > 0 ? `\n  PROBLEMS: ${redis.problems.join('; ')}` : ''),
    )
    const postgres = await postgresTrial(t)
    if (postgres.problems.length > 0) failed++
    console.log(
      `postgres: during the outage ${JSON.stringify(postgres.duringOutage)}, resumed ${postgres.resumedInMs ?? '—'} ms after its start, ${postgres.acknowledged} writes acknowledged, refused ${JSON.stringify(postgres.writesRefused)}` +
        (postgres.problems.length > 0 ? `\n  PROBLEMS: ${postgres.problems.join('; ')}` : ''),
    )

    const total = (kind: string) => kills.reduce((sum, kill) => sum + (kill.byKind[kind] ?? 0), 0)
    const downs = kills
      .flatMap((kill) => (kill.downMs === undefined ? [] : [kill.downMs]))
      .sort((a, b) => a - b)
    const unacknowledged: Record<string, number> = {}
    for (const kill of kills)
      for (const [label, count] of Object.entries(kill.unacknowledged))
        unacknowledged[label] = (unacknowledged[label] ?? 0) + count
    console.log(`
Summary (${Math.round((Date.now() - started) / 1000)} s):
  kill -9 trials: ${kills.length}, ${kills.filter((kill) => kill.problems.length === 0).length} held
  writes acknowledged and found: ${kills.reduce((sum, kill) => sum + kill.acknowledged, 0)} (events ${total('event')}, email sign-ins ${total('emailSignIn')}, wallets ${total('walletCreated')} + confirmations ${total('walletConfirmed')}, devices added ${total('deviceAdded')}, devices revoked ${total('deviceRevoked')}, SIWX sign-ins ${total('siwxSignIn')}, names registered ${total('nameRegistered')})
  writes not acknowledged (the killed replica's, by status): ${JSON.stringify(unacknowledged)}
  DOWN in HAProxy after the kill: median ${downs[Math.floor(downs.length / 2)] ?? '—'} ms, max ${downs.at(-1) ?? '—'} ms (limit 5000)
  Redis restart: ${redis.problems.length === 0 ? 'held' : 'FAILED'}; PostgreSQL restart: ${postgres.problems.length === 0 ? 'held' : 'FAILED'}
  ${failed === 0 ? 'All trials held.' : `${failed} trials found problems.`}`)
  } finally {
    process.off('SIGINT', stopping)
    await t.stop()
  }
  process.exit(failed === 0 ? 0 : 1)
}

await main()
