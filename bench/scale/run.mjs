// `npm run bench:scale` (issue 40): the API at scale on this machine. The same mixed visitor
// workload (workload.mjs) through HAProxy against 1 replica, then N (default 3), each after a
// warm-up (default 30 s) for a fixed duration; per route and in total, requests/s, p50, p99 and errors,
// and the N ÷ 1 ratio. `--soak [S]` (default 600 s) instead holds a steady mixed load on N
// replicas for S seconds, sampling each replica's RSS, heap used and event-loop delay p99 (their
// own log lines, AIRLOCK_METRICS_INTERVAL_MS), and plots them to bench/scale-soak.svg. Both print
// tables and write their part of the `scale` section of bench/RESULTS.md.
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { buildBundles, root } from '../../scripts/stack.mjs'
import { describeMachine, runBench } from '../harness.mjs'
import { readResultsSection, writeResultsSection } from '../results.mjs'
import {
  comparisonRows,
  errorDetails,
  markdownTable,
  mergeScaleSection,
  plainTable,
  runRows,
  soakHeading,
  soakRows,
} from './format.mjs'
import { checkRoutes, runWorkload, totalOf } from './load.mjs'
import { readScaleBenchOptions, ScaleBenchUsageError } from './options.mjs'
import { cpuSecondsOf } from './processCpu.mjs'
import { startBenchServices, startBenchStack } from './services.mjs'
import { soakSvg } from './soakPlot.mjs'
import { sampleOf, summarizeSoak } from './soakSamples.mjs'
import { raisedBudgets, scaleWorkload } from './workload.mjs'

/** How often each replica reports its memory and event-loop delay in the soak. */
const metricsIntervalMs = 5_000
const svgFile = join(root, 'bench/scale-soak.svg')

/** The machine in one line: cores, CPU, memory, OS and Node (no browser runs here). */
const machineLine = () => describeMachine('').replace(/, Chromium .*$/, '')

/**
 * What the results say about how the load was made: `workload` (the closed loops) for the
 * comparison only, the others for both parts.
 */
function methodNotes(routes) {
  const budgets = Object.entries(raisedBudgets)
    .map(([name, value]) => `\`${name}=${value}\``)
    .join(', ')
  const driven = routes
    .map((route) =>
      route.perMinute !== undefined
        ? `${route.name} paced at ${route.perMinute}/min`
        : `${route.name} ${route.connections} connections${route.perSecond ? ` (at most ${route.perSecond}/s)` : ''}`,
    )
    .join('; ')
  return {
    topology:
      "Topology: `startScaleStack` (scripts/stackScale.mjs): PostgreSQL, Redis, the API replicas (apps/api/src/main.ts under tsx, default LOG_LEVEL) and HAProxy round-robin in front, all on loopback; anvil (seeded as `npm start` seeds it) is the demo project's chain for balances, the dev mail server takes the email codes, names are on (`airlock.eth`), SIWX is turned on (optional) for the demo project with the operator CLI.",
    budgets: `Per-client budgets raised for the bench (all the load comes from one machine, which HAProxy forwards as one client): ${budgets}. Not raised (fixed in code, no setting): SIWX nonces 30/min and name lookups 600/min per client, so those routes are paced under them as one visitor would be, and frame tokens are left out.`,
    workload: `Workload, every route at once through the balancer (autocannon, one instance per route, closed loop; paced routes by a timer): ${driven}.`,
    requests:
      'Analytics events each with a fresh id; email codes each to a fresh address (the address budget of 5/min). Errors = non-2xx answers + socket errors + timeouts.',
    caveat:
      'Honest caveat: on this machine the load generator (autocannon, in one Node process), HAProxy, PostgreSQL, Redis, anvil and every replica share the same cores, and other work on the machine shares them too (the load averages above); with 2 cores more replicas mostly compete with the generator and each other for CPU, so the figures say what this machine did at that moment, not what N machines would.',
  }
}

/** The comparison: 1 replica, then `replicas`, the same workload each. */
async function compare(services, { replicas, durationSeconds, warmupSeconds }, cleanups) {
  const runs = []
  for (const count of [1, replicas]) {
    console.log(`bench:scale: starting the stack with ${count} replica(s)…`)
    const stack = await startBenchStack(services, { replicas: count })
    cleanups.push(() => stack.stop())
    const routes = scaleWorkload(stack.url)
    await checkRoutes(stack.url, routes)
    console.log(`bench:scale: warm-up ${warmupSeconds} s, then ${durationSeconds} s of load…`)
    if (warmupSeconds > 0) await runWorkload(stack.url, routes, { durationSeconds: warmupSeconds })
    const [loadBefore = 0] = loadavg()
    const cpuBefore = process.cpuUsage()
    const replicaCpu = () =>
      stack.replicas.reduce((total, { pid }) => total + (cpuSecondsOf(pid) ?? Number.NaN), 0)
    const replicaCpuBefore = replicaCpu()
    const results = await runWorkload(stack.url, routes, { durationSeconds })
    const replicaSeconds = replicaCpu() - replicaCpuBefore
    const { user, system } = process.cpuUsage(cpuBefore)
    // The generator's own CPU time over the run, in cores: what the replicas did not get.
    const generatorCores = (user + system) / 1e6 / durationSeconds
    // The replicas' CPU time together, in cores and per request answered (NaN without /proc).
    const replicaCores = replicaSeconds / durationSeconds
    const replicaMsPerRequest = (replicaSeconds * 1000) / totalOf(results).requests
    console.log(`\n${count} replica(s)\n${plainTable(runRows(results))}\n`)
    await stack.stop()
    runs.push({
      count,
      routes,
      results,
      loadBefore,
      generatorCores,
      replicaCores,
      replicaMsPerRequest,
    })
  }
  const [single, many] = runs
  const rows = comparisonRows(single.results, many.results, replicas)
  const machine = machineLine()
  console.log(`${plainTable(rows)}\n\nMachine: ${machine}`)
  const errors = [
    ['1 replica', errorDetails(single.results)],
    [`${replicas} replicas`, errorDetails(many.results)],
  ].filter(([, details]) => details)
  const notes = [
    `Each run: a fresh stack, every route answered 2xx once, ${warmupSeconds} s of the same load discarded, then ${durationSeconds} s measured. p50/p99 per route from autocannon's histogram (paced routes: from each request's time); the total row's p50/p99 are the worst route's.`,
    `Load on the machine: the 1-minute load average was ${runs.map(({ count, loadBefore }) => `${loadBefore.toFixed(2)} before the ${count}-replica run`).join(' and ')}; the load generator itself used ${runs.map(({ count, generatorCores }) => `${generatorCores.toFixed(2)} cores in the ${count}-replica run`).join(' and ')} (its process's CPU time over the run).`,
    `CPU of the replicas (their processes' user + system time over the run, /proc/<pid>/stat): ${runs.map(({ count, replicaCores, replicaMsPerRequest }) => `${count} replica(s) ${replicaCores.toFixed(2)} cores together, ${replicaMsPerRequest.toFixed(2)} ms per request`).join('; ')} (a request's CPU in the API, whichever replica answered it).`,
    ...Object.values(methodNotes(single.routes)),
    errors.length
      ? `Errors seen: ${errors.map(([run, details]) => `${run}: ${details}`).join(' | ')}.`
      : 'No errors in either run.',
  ]
  for (const note of notes) console.log(`- ${note}`)
  const markdown = [
    '## Scale: `npm run bench:scale`',
    '',
    `Generated by \`npm run bench:scale\` (bench/scale/run.mjs) on ${new Date().toISOString()}: 1 replica against ${replicas}, ${durationSeconds} s each.`,
    '',
    `Machine: ${machine}.`,
    '',
    markdownTable(rows),
    '',
    '### Method',
    '',
    ...notes.map((note) => `- ${note}`),
  ].join('\n')
  writeResultsSection(
    'scale',
    mergeScaleSection(readResultsSection('scale'), { throughput: markdown }),
  )
  console.log('\nbench:scale: wrote the scale section of bench/RESULTS.md')
}

/** The soak: a steady mixed load on `replicas` for `soakSeconds`, sampling each replica. */
async function soak(services, { replicas, soakSeconds }, cleanups) {
  /** @type {import('./soakSamples.mjs').SoakSample[]} */
  const samples = []
  let startedAt
  console.log(`bench:scale: starting the stack with ${replicas} replicas for the soak…`)
  const stack = await startBenchStack(services, {
    replicas,
    env: { AIRLOCK_METRICS_INTERVAL_MS: String(metricsIntervalMs) },
    onReplicaLine: (id, line) => {
      if (startedAt === undefined) return
      const sample = sampleOf(id, line, (performance.now() - startedAt) / 1000)
      if (sample) samples.push(sample)
    },
  })
  cleanups.push(() => stack.stop())
  const routes = scaleWorkload(stack.url)
  await checkRoutes(stack.url, routes)
  console.log(`bench:scale: soak of ${soakSeconds} s…`)
  const [loadBefore = 0] = loadavg()
  const cpuBefore = process.cpuUsage()
  startedAt = performance.now()
  const results = await runWorkload(stack.url, routes, {
    durationSeconds: soakSeconds,
    steady: true,
  })
  const { user, system } = process.cpuUsage(cpuBefore)
  const [loadAfter = 0] = loadavg()
  await stack.stop()
  const summary = summarizeSoak(samples)
  if (summary.length !== replicas)
    throw new Error(
      `Samples came from ${summary.length} of ${replicas} replicas: the soak cannot say how each one held.`,
    )
  const machine = machineLine()
  const rows = soakRows(summary)
  const loadRows = runRows(results)
  console.log(`\n${plainTable(rows)}\n\nLoad\n${plainTable(loadRows)}\n\nMachine: ${machine}`)
  const rates = routes
    .map((route) =>
      route.perMinute !== undefined
        ? `${route.name} ${route.perMinute}/min`
        : `${route.name} ${route.soakPerSecond}/s`,
    )
    .join('; ')
  const heapSlopes = summary.map(({ heapUsedMiB }) => heapUsedMiB.perMinute)
  const rssSlopes = summary.map(({ rssMiB }) => rssMiB.perMinute)
  const notes = [
    `A steady mixed load, under what the replicas answer flat out (autocannon's overallRate per route, never more requests at once than its connections; paced routes by a timer): ${rates}; ${replicas} replicas behind HAProxy for ${soakSeconds} s. Each replica logs its RSS, heap used and event-loop delay p99 (perf_hooks.monitorEventLoopDelay over the interval) every ${metricsIntervalMs / 1000} s (\`AIRLOCK_METRICS_INTERVAL_MS=${metricsIntervalMs}\`); the bench reads those lines from the replicas' output.`,
    `Slopes are least-squares over the whole soak. Heap used: ${heapSlopes.map((value) => value.toFixed(2)).join(', ')} MiB/min; RSS: ${rssSlopes.map((value) => value.toFixed(2)).join(', ')} MiB/min (per replica, in order). A slope is a trend over ${soakSeconds} s only: a leak slower than the samples' noise, or one that starts later, would not show.`,
    `Load on the machine: the 1-minute load average was ${loadBefore.toFixed(2)} at the start and ${loadAfter.toFixed(2)} at the end; the load generator used ${((user + system) / 1e6 / soakSeconds).toFixed(2)} cores on average.`,
    ...[methodNotes(routes)].flatMap(({ topology, budgets, requests, caveat }) => [
      topology,
      budgets,
      requests,
      caveat,
    ]),
    errorDetails(results) ? `Errors seen: ${errorDetails(results)}.` : 'No errors in the soak.',
  ]
  for (const note of notes) console.log(`- ${note}`)
  writeFileSync(
    svgFile,
    soakSvg(samples, {
      title: `npm run bench:scale -- --soak ${soakSeconds}: ${replicas} replicas, ${new Date().toISOString()}`,
    }),
  )
  const markdown = [
    soakHeading,
    '',
    `Generated by \`npm run bench:scale -- --soak ${soakSeconds}\` on ${new Date().toISOString()}. Machine: ${machine}.`,
    '',
    markdownTable(rows),
    '',
    '![Memory and event-loop delay per replica over the soak](scale-soak.svg)',
    '',
    'The load over the soak:',
    '',
    markdownTable(loadRows),
    '',
    ...notes.map((note) => `- ${note}`),
  ].join('\n')
  writeResultsSection('scale', mergeScaleSection(readResultsSection('scale'), { soak: markdown }))
  console.log('\nbench:scale: wrote bench/scale-soak.svg and the soak of bench/RESULTS.md')
}

let options
try {
  options = readScaleBenchOptions(process.argv.slice(2))
} catch (error) {
  if (!(error instanceof ScaleBenchUsageError)) throw error
  console.error(error.message)
  process.exit(2)
}
const wholeSeconds =
  options.soakSeconds !== undefined
    ? options.soakSeconds + 600
    : 2 * (options.durationSeconds + options.warmupSeconds) + 700
await runBench('bench:scale', wholeSeconds * 1000, async (cleanups) => {
  // The replicas serve the modal page and airlock.js from the production bundles.
  console.log('bench:scale: building the production bundles…')
  await buildBundles({ quiet: true })
  const services = await startBenchServices()
  cleanups.push(() => services.stop())
  if (options.soakSeconds !== undefined) await soak(services, options, cleanups)
  else await compare(services, options, cleanups)
})
