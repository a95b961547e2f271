// `npm run bench`: measures what Airlock costs a host page and how fast its modal is visible. It
// builds the production bundles, starts the local stack (anvil, the API on a fresh SQLite file,
// the demo site with the bare one-line snippet), then in headless Chromium, offline (every host
// but loopback fails to resolve), takes the median of BENCH_RUNS (7) interleaved runs — each
// round runs every scenario once, each in a fresh browser context — of:
//
// - cold navigation start → visible: the connect button clicked as soon as it can be;
// - warm click → visible: the page loaded, its requests settled and 2 s idle, then the click;
// - warm request → approval visible: an email-wallet visitor, the page settled and 2 s idle, then
//   the site's `eth_sendTransaction` until the approval card shows its simulation's "−… ETH";
// - host JS gzip (what the host page loads of ours) and the frame's first bundle gzip (the modal
//   page's entry script and its modulepreloads);
// - WalletConnect QR, provider overhead, bridge round trip, and the balances API under load.
//
// VISIBLE means what the visitor sees (bench/visible.mjs): the iframe is shown on the host page
// AND, inside the frame (its own origin, its own clock aligned via performance.timeOrigin +
// performance.now()), the dialog is laid out with its wallet list; the later of the two.
//
// `npm run bench:peers` (bench/peers/) measures AppKit and RainbowKit pages with the same code,
// in the same run, for the side-by-side table. Prints the tables and writes bench/RESULTS.md
// (keeping the peers' section).
//
// Env: BENCH_RUNS (7), BENCH_WARMUP (1 discarded round), BENCH_VERBOSE=1 (stack output and
// per-run figures), BENCH_ONLY=coldOpen,warmOpen,approvalVisible (those scenarios only, printed,
// not written), CHROMIUM_PATH (/usr/bin/chromium).
import {
  contextOptions,
  describeMachine,
  format,
  median,
  prepareBench,
  runBench,
  runs,
  verbose,
  warmupRuns,
} from './harness.mjs'
import { measurements } from './measurements.mjs'
import { report } from './report.mjs'
import { scenarios } from './scenarios.mjs'
import { measureBalancesThroughput } from './throughput.mjs'

// While working on one figure: BENCH_ONLY=coldOpen,warmOpen runs those scenarios and skips the
// API load test; nothing is written to RESULTS.md.
const only = process.env.BENCH_ONLY?.split(',')
const timeouts = { build: 5 * 60_000, stack: 2 * 60_000, whole: 15 * 60_000 }

/**
 * Runs every scenario some measurement needs, in `runs` rounds (after `warmupRuns` discarded
 * ones) that each run every scenario once, so drift falls on all alike; returns stats per id.
 */
async function measure(browser, urls) {
  const samples = Object.fromEntries(measurements.map((measurement) => [measurement.id, []]))
  const encodings = new Set()
  const offLoopback = new Set()
  const wanted = Object.entries(scenarios).filter(
    ([name]) =>
      (!only || only.includes(name)) &&
      measurements.some((measurement) => measurement.scenario === name),
  )
  for (let run = -warmupRuns; run < runs; run++) {
    for (const [name, scenario] of wanted) {
      const context = await browser.newContext(contextOptions)
      try {
        const result = await scenario({ context, urls })
        for (const origin of result.offLoopback) offLoopback.add(origin)
        for (const entry of result.requests)
          if (entry.type === 'script' || !entry.mainFrame)
            encodings.add(
              `${new URL(entry.url).pathname.replace(/-[\w-]{8}\./, '-*.')}: ${entry.encoding}`,
            )
        if (verbose)
          console.log(
            `bench: ${name} ${run < 0 ? 'warm-up' : `run ${run + 1}`}: ${JSON.stringify(result.samples)}${result.detail ? ` ${JSON.stringify(result.detail)}` : ''}`,
          )
        if (run >= 0)
          for (const measurement of measurements)
            if (measurement.scenario === name)
              samples[measurement.id].push(result.samples[measurement.id])
      } finally {
        await context.close()
      }
    }
    console.log(`bench: round ${run < 0 ? 'warm-up' : `${run + 1} of ${runs}`} done`)
  }
  const results = Object.fromEntries(
    Object.entries(samples).map(([id, values]) => [
      id,
      { median: median(values), min: Math.min(...values), max: Math.max(...values) },
    ]),
  )
  return { results, encodings, offLoopback }
}

async function main(cleanups) {
  const { urls, browser } = await prepareBench(cleanups, {
    name: 'bench',
    building: 'production bundles',
    timeouts,
  })
  const measured = await measure(browser, urls)
  const machine = describeMachine(browser.version())
  if (only) {
    for (const { id, name, scenario, unit } of measurements)
      if (only.includes(scenario)) {
        const { median, min, max } = measured.results[id]
        console.log(
          `${name}: ${format(median, unit)} (${format(min, unit)} – ${format(max, unit)})`,
        )
      }
    return
  }
  await browser.close()
  console.log('bench: balances endpoint under load (autocannon)…')
  measured.throughput = await measureBalancesThroughput(urls.api)
  report(measured, machine)
}

await runBench('bench', timeouts.whole, main)
