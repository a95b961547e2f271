// The scale bench against a real 1-replica scale stack (anvil, the dev mail server, PostgreSQL,
// Redis, a replica, HAProxy): every route of its workload answers 2xx once through the balancer,
// a short run of its closed-loop routes makes no errors (both without the modal page, which the replica serves
// from the modal's build: `npm test` builds it beside this run, and `npm run bench:scale` builds
// it first), and the replica's own metrics lines
// (AIRLOCK_METRICS_INTERVAL_MS) reach the bench through the stack's `onReplicaLine`.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runWorkload, sendOnce } from '../bench/scale/load.mjs'
import {
  type BenchServices,
  startBenchServices,
  startBenchStack,
} from '../bench/scale/services.mjs'
import { type SoakSample, sampleOf } from '../bench/scale/soakSamples.mjs'
import { scaleWorkload } from '../bench/scale/workload.mjs'
import type { ScaleStack } from './stackScale.mjs'

/** The workload's routes but the modal page, which needs the modal built (see above). */
const routesWithoutBuild = (url: string) =>
  scaleWorkload(url).filter((route) => route.name !== 'modal page')

describe('bench:scale against a 1-replica stack', () => {
  let services: BenchServices | undefined
  let stack: ScaleStack | undefined
  const samples: SoakSample[] = []

  beforeAll(async () => {
    services = await startBenchServices()
    stack = await startBenchStack(services, {
      replicas: 1,
      env: { AIRLOCK_METRICS_INTERVAL_MS: '500' },
      onReplicaLine: (id, line) => {
        const sample = sampleOf(id, line, 0)
        if (sample) samples.push(sample)
      },
    })
  })

  afterAll(async () => {
    await stack?.stop()
    await services?.stop()
  })

  test('behavior: every route of the workload but the modal page answers 2xx once through the balancer', async () => {
    const url = stack?.url ?? ''
    const routes = routesWithoutBuild(url)
    const answers = await Promise.all(
      routes.map(async (route) => ({ name: route.name, ...(await sendOnce(url, route)) })),
    )
    expect(answers.filter(({ status }) => status < 200 || status > 299)).toEqual([])
    expect(answers).toHaveLength(8)
  })

  test('behavior: two seconds of the closed-loop routes (not the modal page) answer every request 2xx', async () => {
    const url = stack?.url ?? ''
    // The closed-loop routes: the paced ones (SIWX nonces every 2.5 s, name lookups) may make no
    // request at all in two seconds; each answered once above.
    const closedLoop = routesWithoutBuild(url).filter((route) => route.perMinute === undefined)
    const results = await runWorkload(url, closedLoop, { durationSeconds: 2 })
    expect(
      results
        .filter((result) => result.errors > 0)
        .map(({ name, statusCodes }) => ({ name, statusCodes })),
    ).toEqual([])
    // Load was made: on a loaded machine a slow route may finish none of its requests in 2 s.
    expect(results.reduce((sum, result) => sum + result.requests, 0)).toBeGreaterThan(0)
  })

  test('behavior: the replica reports its memory and event-loop delay, read by the bench', async () => {
    await expect.poll(() => samples.length).toBeGreaterThanOrEqual(1)
    expect(samples[0]).toMatchObject({
      replica: 'api-1',
      rssBytes: expect.any(Number),
      heapUsedBytes: expect.any(Number),
      eventLoopDelayP99Ms: expect.any(Number),
    })
    expect(samples[0]?.rssBytes).toBeGreaterThan(samples[0]?.heapUsedBytes ?? 0)
  })
})
