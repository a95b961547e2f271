// The scale bench's pure parts (bench/scale): its command line, the workload's definition, the
// comparison and soak tables, the RESULTS.md section's two parts, the soak's samples read from
// replica log lines and their summary, the SVG drawn from them, and a process's CPU time.
import { describe, expect, test } from 'vitest'
import {
  comparisonRows,
  errorDetails,
  mergeScaleSection,
  soakRows,
} from '../bench/scale/format.mjs'
import { percentile, type RouteResult, totalOf } from '../bench/scale/load.mjs'
import { readScaleBenchOptions, ScaleBenchUsageError } from '../bench/scale/options.mjs'
import { cpuSecondsOf } from '../bench/scale/processCpu.mjs'
import { soakSvg, ticks } from '../bench/scale/soakPlot.mjs'
import { type SoakSample, sampleOf, slope, summarizeSoak } from '../bench/scale/soakSamples.mjs'
import { scaleWorkload, workloadProblems } from '../bench/scale/workload.mjs'

const result = (name: string, overrides: Partial<RouteResult> = {}): RouteResult => ({
  name,
  requests: 1000,
  requestsPerSecond: 100,
  p50Ms: 4,
  p99Ms: 20,
  errors: 0,
  statusCodes: { 200: 1000 },
  ...overrides,
})

describe('readScaleBenchOptions', () => {
  test('behavior: defaults are 3 replicas, 20 s after 30 s of warm-up, no soak; --soak alone is 600 s', () => {
    expect(readScaleBenchOptions([])).toEqual({
      replicas: 3,
      durationSeconds: 20,
      warmupSeconds: 30,
      soakSeconds: undefined,
    })
    expect(readScaleBenchOptions(['--soak'])).toMatchObject({ soakSeconds: 600 })
    expect(
      readScaleBenchOptions([
        '--replicas',
        '4',
        '--duration',
        '30',
        '--warmup',
        '0',
        '--soak',
        '120',
      ]),
    ).toEqual({ replicas: 4, durationSeconds: 30, warmupSeconds: 0, soakSeconds: 120 })
    expect(readScaleBenchOptions(['--soak', '--replicas', '2'])).toEqual({
      replicas: 2,
      durationSeconds: 20,
      warmupSeconds: 30,
      soakSeconds: 600,
    })
  })

  test.each([
    [['--replicas', '1'], '--replicas must be a whole number of replicas from 2 to 16, got "1".'],
    [['--replicas', '17'], '--replicas must be a whole number of replicas from 2 to 16, got "17".'],
    [
      ['--replicas', 'three'],
      '--replicas must be a whole number of replicas from 2 to 16, got "three".',
    ],
    [
      ['--duration', '2.5'],
      '--duration must be a whole number of seconds from 5 to 600, got "2.5".',
    ],
    [['--duration', '0'], '--duration must be a whole number of seconds from 5 to 600, got "0".'],
    [['--soak', '10'], '--soak must be a whole number of seconds from 30 to 86400, got "10".'],
    [['--soak', '10m'], '--soak must be a whole number of seconds from 30 to 86400, got "10m".'],
    [['--warmup', '601'], '--warmup must be a whole number of seconds from 0 to 600, got "601".'],
    [['--duration'], '--duration needs a value.'],
    [['--replicas', '2', '--replicas', '3'], '--replicas is given twice.'],
    [['--connections', '9'], 'Unknown argument "--connections".'],
  ])('errors: %j is refused: %s', (argv, message) => {
    const read = () => readScaleBenchOptions(argv)
    expect(read).toThrow(ScaleBenchUsageError)
    expect(read).toThrow(message)
  })
})

describe('scaleWorkload', () => {
  const routes = scaleWorkload('http://127.0.0.1:8700')

  test('behavior: the mix is a valid workload of the visitor routes the brief names', () => {
    expect(workloadProblems(routes)).toEqual([])
    expect(routes.map((route) => route.name)).toEqual([
      'project config',
      'modal page',
      'frame key',
      'balances (cached)',
      'balances (cache=false)',
      'analytics event',
      'email code',
      'name lookup',
      'SIWX nonce',
    ])
  })

  test('behavior: paced routes stay under the per-client budgets fixed in code', () => {
    const pace = (name: string) => routes.find((route) => route.name === name)?.perMinute
    expect(pace('SIWX nonce')).toBeLessThan(30)
    expect(pace('name lookup')).toBeLessThan(600)
  })

  test('behavior: each event and each email code has a body of its own', () => {
    for (const name of ['analytics event', 'email code']) {
      const body = routes.find((route) => route.name === name)?.body
      expect(body?.()).not.toBe(body?.())
    }
  })

  test('errors: a route driven two ways, or neither, or at a bad rate, is named', () => {
    const base = { method: 'GET', path: '/healthz', headers: {} } as const
    expect(
      workloadProblems([
        { ...base, name: 'both', connections: 2, perMinute: 10, soakPerSecond: 1 },
        { ...base, name: 'neither' },
        { ...base, name: 'bad', connections: 0, soakPerSecond: 1 },
        { ...base, name: 'no soak', connections: 2 },
        { ...base, name: 'no soak', perMinute: 5 },
      ]),
    ).toEqual([
      'both: give either connections or perMinute, not both',
      'neither: give either connections or perMinute, not neither',
      'bad: connections must be a positive whole number',
      'no soak: a closed-loop route needs soakPerSecond for the soak',
      'no soak: named twice',
    ])
  })
})

describe('results', () => {
  test('behavior: the comparison shows each run per route, the total and the N ÷ 1 ratio', () => {
    const single = [result('modal page'), result('frame key', { requestsPerSecond: 50 })]
    const many = [
      result('modal page', { requestsPerSecond: 180, p99Ms: 31.25 }),
      result('frame key', { requestsPerSecond: 50, errors: 2 }),
    ]
    expect(comparisonRows(single, many, 3)).toEqual([
      [
        'Route',
        '1 replica req/s',
        'p50',
        'p99',
        'errors',
        '3 replicas req/s',
        'p50',
        'p99',
        'errors',
        '3 ÷ 1',
      ],
      ['modal page', '100', '4 ms', '20 ms', '0', '180', '4 ms', '31.3 ms', '0', '1.80×'],
      ['frame key', '50', '4 ms', '20 ms', '0', '50', '4 ms', '20 ms', '2', '1.00×'],
      ['total', '150', '4 ms', '20 ms', '0', '230', '4 ms', '31.3 ms', '2', '1.53×'],
    ])
  })

  test('errors: runs of different workloads are not compared', () => {
    expect(() => comparisonRows([result('a')], [result('b')], 3)).toThrow(
      "The runs' routes differ at a: compare the same workload.",
    )
  })

  test('behavior: the errors name their routes and statuses; none, nothing', () => {
    expect(errorDetails([result('ok')])).toBe('')
    expect(
      errorDetails([
        result('ok'),
        result('SIWX nonce', {
          errors: 4,
          statusCodes: { 201: 6, 429: 3, 'socket error or timeout': 1 },
        }),
      ]),
    ).toBe('SIWX nonce: 429 ×3, socket error or timeout ×1')
  })

  test('behavior: the total adds requests and errors and keeps the worst latencies', () => {
    expect(
      totalOf([result('a', { p99Ms: 80, errors: 1 }), result('b', { p50Ms: 9 })]),
    ).toMatchObject({ requests: 2000, requestsPerSecond: 200, p50Ms: 9, p99Ms: 80, errors: 1 })
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3)
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5)
    expect(percentile([], 99)).toBe(0)
  })

  test('behavior: each run rewrites its own part of the section and keeps the other', () => {
    const throughput = '## Scale\n\nthe table'
    const soak = '### Soak\n\nthe soak table'
    const both = mergeScaleSection(mergeScaleSection('', { throughput }), { soak })
    expect(both).toBe(`${throughput}\n\n${soak}`)
    expect(mergeScaleSection(both, { throughput: '## Scale\n\nnew table' })).toBe(
      `## Scale\n\nnew table\n\n${soak}`,
    )
    expect(mergeScaleSection(both, { soak: '### Soak\n\nnew soak' })).toBe(
      `${throughput}\n\n### Soak\n\nnew soak`,
    )
    expect(() => mergeScaleSection(both, { soak: 'no heading' })).toThrow(
      'The soak\'s part must start with "### Soak".',
    )
  })
})

describe('soak', () => {
  const MiB = 1024 * 1024
  const line = (rss: number, heap: number, p99: number) =>
    JSON.stringify({
      level: 'info',
      time: '2026-11-29T13:00:00.000Z',
      rssBytes: rss * MiB,
      heapUsedBytes: heap * MiB,
      eventLoopDelayP99Ms: p99,
      msg: 'process metrics',
    })

  test('behavior: a replica’s metrics line is a sample; any other line is not', () => {
    expect(sampleOf('api-1', line(150, 60, 12.5), 10)).toEqual({
      replica: 'api-1',
      atSeconds: 10,
      rssBytes: 150 * MiB,
      heapUsedBytes: 60 * MiB,
      eventLoopDelayP99Ms: 12.5,
    })
    expect(sampleOf('api-1', '{"level":"info","msg":"listening"}', 1)).toBeUndefined()
    expect(sampleOf('api-1', 'process metrics but not JSON', 1)).toBeUndefined()
    expect(sampleOf('api-1', '{"msg":"process metrics","rssBytes":"many"}', 1)).toBeUndefined()
  })

  const samples: SoakSample[] = [0, 60, 120].flatMap((atSeconds, index) => [
    {
      replica: 'api-2',
      atSeconds,
      rssBytes: (200 + 6 * index) * MiB,
      heapUsedBytes: 80 * MiB,
      eventLoopDelayP99Ms: 10 + index,
    },
    {
      replica: 'api-1',
      atSeconds,
      rssBytes: 150 * MiB,
      heapUsedBytes: (60 - index) * MiB,
      eventLoopDelayP99Ms: [11, 40, 12][index] ?? 0,
    },
  ])

  test('behavior: each replica’s start, end, max and slope a minute', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBe(2)
    expect(slope([[0, 1]])).toBe(0)
    const summary = summarizeSoak(samples)
    expect(summary.map(({ replica }) => replica)).toEqual(['api-1', 'api-2'])
    expect(summary[0]).toEqual({
      replica: 'api-1',
      samples: 3,
      rssMiB: { start: 150, end: 150, max: 150, perMinute: 0 },
      heapUsedMiB: { start: 60, end: 58, max: 60, perMinute: -1 },
      eventLoopDelayP99Ms: { start: 11, end: 12, max: 40, perMinute: 0.5 },
    })
    expect(summary[1]?.rssMiB).toEqual({ start: 200, end: 212, max: 212, perMinute: 6 })
    expect(soakRows(summary)[2]).toEqual([
      'api-2',
      '3',
      '200.0 / 212.0 / 212.0',
      '+6.00',
      '80.0 / 80.0 / 80.0',
      '+0.00',
      '10.0 / 12.0 / 12.0',
    ])
  })

  test('behavior: the SVG has a line per replica and series in each chart, axes labelled', () => {
    const svg = soakSvg(samples, { title: 'soak <2 replicas>' })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    // Its alternative text.
    expect(svg).toContain(
      "<title>soak &lt;2 replicas&gt;: each replica's memory and event-loop delay p99 over the soak</title>",
    )
    expect(svg.trim().endsWith('</svg>')).toBe(true)
    // RSS and heap for each replica, then event-loop p99 for each.
    expect(svg.match(/<polyline /g)).toHaveLength(6)
    for (const label of [
      'api-1 RSS',
      'api-1 heap used',
      'api-2 event-loop p99',
      'Memory per replica',
      'Event-loop delay p99 per replica',
      'seconds into the soak',
      'MiB',
      'soak &lt;2 replicas&gt;',
    ])
      expect(svg).toContain(label)
    // Three samples each: three points on each line.
    const points = [...svg.matchAll(/points="([^"]*)"/g)].map((match) => match[1]?.split(' '))
    expect(points.every((list) => list?.length === 3)).toBe(true)
  })

  test('behavior: axis ticks are round numbers from 0 past the highest value', () => {
    expect(ticks(212)).toEqual([0, 50, 100, 150, 200, 250])
    expect(ticks(40)).toEqual([0, 10, 20, 30, 40])
    expect(ticks(0)).toEqual([0, 1])
    expect(ticks(0.7)).toEqual([0, 0.2, 0.4, 0.6, 0.8])
  })
})

describe('cpuSecondsOf', () => {
  test('behavior: a process’s CPU time grows as it computes; a process not there has none', () => {
    const before = cpuSecondsOf(process.pid) ?? Number.NaN
    // Busy until Node's own count says 150 ms of CPU more, however busy the machine is.
    const counted = process.cpuUsage()
    while (Object.values(process.cpuUsage(counted)).reduce((a, b) => a + b, 0) < 150_000) {}
    const after = cpuSecondsOf(process.pid) ?? Number.NaN
    // /proc counts in 10 ms ticks.
    expect(after - before).toBeGreaterThanOrEqual(0.13)
    expect(cpuSecondsOf(2 ** 30)).toBeUndefined()
  })
})
