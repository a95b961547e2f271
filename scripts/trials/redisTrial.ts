// The Redis trial of `npm run trials`: Redis killed with kill -9 under load on the rate-limited
// routes, then started again empty; the API must answer throughout and use Redis again unrestarted.
import { createConnection } from 'node:net'
import { pause, type TrialStack, within } from './trialStack'
import type { Answer } from './visitor'

/** The number of keys Redis at `url` holds (DBSIZE, over its plain protocol). */
function redisKeys(url: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    socket.setTimeout(1_000, () => socket.destroy(new Error('Redis did not answer DBSIZE')))
    socket.once('error', reject)
    socket.once('data', (data) => {
      socket.destroy()
      const count = /^:(\d+)\r\n/.exec(data.toString())?.[1]
      if (count === undefined) reject(new Error(`Redis answered DBSIZE with ${data}`))
      else resolve(Number(count))
    })
    socket.write('DBSIZE\r\n')
  })
}

/** Requests a visitor makes that read Redis (the rate limits) but write little: each one's answer. */
async function lightLoad(t: TrialStack, stop: { requested: boolean }, answers: Answer[]) {
  const { projectId, hostOrigin } = t.setting
  const loop = async () => {
    while (!stop.requested) {
      // A new address each round: SIWX's per-client budget (30 a minute) is not what is tested.
      const visitor = t.newVisitor()
      answers.push(
        await visitor.send('POST', `/v1/projects/${projectId}/siwx/nonces`, { hostOrigin }),
        await visitor.send('POST', `/e?projectId=${projectId}&st=trials&sv=1`, {
          eventId: crypto.randomUUID(),
          url: `${hostOrigin}/`,
          domain: new URL(hostOrigin).hostname,
          timestamp: Date.now(),
          props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
        }),
        await visitor.send('GET', `/v1/projects/${projectId}/config`, undefined, {
          Origin: hostOrigin,
        }),
      )
    }
  }
  await Promise.all([loop(), loop()])
}

/** Answers other than 2xx, counted by status: `{ '503': 4 }`. */
function failedAnswers(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { status } of answers)
    if (status < 200 || status >= 300) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

export type RedisTrialResult = {
  answered: number
  failed: Record<string, number>
  /** Ms from Redis's start to the replicas keeping keys in it again. */
  backInMs: number | undefined
  problems: string[]
}

/**
 * Redis killed with kill -9 under light load (SIWX nonces, events, configs: the rate-limited
 * routes) for 2 s, then started again, empty: every request is answered 2xx throughout (the rate
 * limits count in memory meanwhile, as the README says), the replicas write to Redis again
 * within 10 s, and no replica was restarted.
 */
export async function redisTrial(t: TrialStack): Promise<RedisTrialResult> {
  const pids = t.stack.replicas.map((replica) => replica.pid)
  const answers: Answer[] = []
  const stop = { requested: false }
  const load = lightLoad(t, stop, answers)
  await pause(500)
  await t.stack.redis.kill()
  await pause(2_000)
  await t.stack.redis.start()
  const backInMs = await within(10_000, async () => (await redisKeys(t.stack.redisUrl)) > 0)
  await pause(500)
  stop.requested = true
  await load
  const failed = failedAnswers(answers)
  const problems = [
    ...Object.entries(failed).map(([status, count]) => `${count} requests answered ${status}`),
    ...(backInMs === undefined
      ? ['the replicas kept nothing in Redis within 10 s of its start']
      : []),
    ...(t.stack.replicas.some((replica, index) => replica.pid !== pids[index])
      ? ['a replica was restarted']
      : []),
  ]
  return { answered: answers.length, failed, backInMs, problems }
}
