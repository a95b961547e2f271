// `npm run bench:peers`: Airlock next to a minimal AppKit + wagmi page and a minimal RainbowKit +
// wagmi page (each one connect button, the same networks: the local anvil chain and Ethereum),
// measured with the same code (bench/visible.mjs) in the same run, in one offline headless
// Chromium, so every figure is read as a ratio against the peers. Builds Airlock's bundles and
// starts its stack (the demo page: the bare one-line snippet), installs and builds the peers'
// pages (bench/peers/build.mjs, their own package.json: not a workspace, not part of `npm test`)
// and serves them gzipped from loopback. Rounds interleave every system and scenario; medians of
// BENCH_RUNS (7) rounds after BENCH_WARMUP (1) discarded. Writes the peers' section of
// bench/RESULTS.md.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildBundles } from '../../scripts/stack.mjs'
import {
  checkPorts,
  createCleanup,
  describeMachine,
  format,
  launchBrowser,
  markdownTable,
  median,
  plainTable,
  startBenchStack,
  sum,
  trackNetwork,
  UsageError,
  withTimeout,
} from '../harness.mjs'
import { writeResultsSection } from '../results.mjs'
import { airlockSystem, coldOpen, warmOpen } from '../visible.mjs'
import { servePeers } from './serve.mjs'
import { peers } from './systems.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const warmupRuns = Number(process.env.BENCH_WARMUP ?? 1)
const verbose = process.env.BENCH_VERBOSE === '1'
// The demo project allows http://127.0.0.1:5173 and http://localhost:5173 only.
const ports = { api: 8787, demo: 5173, anvil: 8545, relay: 8789, solana: 8899 }
const timeouts = {
  build: 10 * 60_000,
  stack: 2 * 60_000,
  // A peer's cold start on a slow machine takes seconds: its own bundle, then its dialog.
  open: 30_000,
  whole: 40 * 60_000,
}
const allowedHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The rows, each measured for every system. */
const metrics = [
  { id: 'navToVisible', name: 'Cold: navigation start → visible', unit: 'ms' },
  { id: 'clickToVisible', name: 'Warm: click → visible (loaded, 2 s idle)', unit: 'ms' },
  { id: 'navToClick', name: 'Cold: navigation start → button clicked', unit: 'ms' },
  { id: 'hostJs', name: 'Host page JS (gzip)', unit: 'bytes' },
]

const { cleanups, cleanup, aborting } = createCleanup(timeouts.whole)

/**
 * The peers' pages, built in a process of their own: Vite sets NODE_ENV=production in the process
 * it builds in, which would start Airlock's API here in production mode.
 */
function buildPeerPages() {
  const build = fileURLToPath(new URL('./build.mjs', import.meta.url))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [build], { stdio: verbose ? 'inherit' : 'ignore' })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bench/peers/build.mjs exited with ${code}`)),
    )
  })
}

/** One cold and one warm open of `system`, each in a fresh context. */
async function measureOnce(browser, system) {
  const samples = {}
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    const cold = await coldOpen(page, system, system.url, { timeoutMs: timeouts.open })
    await network.quiet(500, 10_000)
    samples.navToVisible = cold.navToVisible
    samples.navToClick = cold.navToClick
    samples.hostJs = sum(network.entries.filter((e) => e.mainFrame && e.type === 'script'))
  } finally {
    await context.close()
  }
  const warmContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await warmContext.newPage()
    const network = trackNetwork(page, allowedHosts)
    const warm = await warmOpen(page, system, system.url, {
      network,
      ready: system.ready,
      timeoutMs: timeouts.open,
    })
    samples.clickToVisible = warm.clickToVisible
  } finally {
    await warmContext.close()
  }
  return samples
}

function report(systems, results, machine) {
  const [airlock, ...others] = systems
  const header = [
    'Metric',
    ...systems.map((system) => system.label),
    ...others.map((other) => `Airlock ÷ ${other.label.split(' ')[0]}`),
  ]
  const rows = metrics.map((metric) => {
    const value = (system) => results[system.id][metric.id]
    return [
      metric.name,
      ...systems.map((system) => format(value(system), metric.unit)),
      ...others.map((other) => `${(value(airlock) / value(other)).toFixed(2)}×`),
    ]
  })
  const machineLine = `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB.toFixed(1)} GiB RAM, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium} (headless)`
  console.log(`\n${plainTable([header, ...rows])}\n\nMachine: ${machineLine}`)
  writeResultsSection(
    'peers',
    [
      '## Side by side: `npm run bench:peers`',
      '',
      `Generated by \`npm run bench:peers\` (bench/peers/run.mjs) on ${new Date().toISOString()}.`,
      '',
      `Machine: ${machineLine}.`,
      '',
      markdownTable([header, ...rows]),
      '',
      `- Medians of ${runs} interleaved rounds (each round: every system's cold open, then its warm open, each in a fresh browser context) after ${warmupRuns} discarded, in one headless Chromium, offline (every host but loopback fails to resolve).`,
      '- Visible, for every system the same (bench/visible.mjs): the modal shown on the host page and laid out with its wallet list; for Airlock, whose modal is an iframe, the iframe shown on the host page AND the dialog laid out with its wallet list inside the frame, on the frame’s own clock, the later of the two; the harness runs no code in the pages while it waits (the probes report by console message). Cold: from navigation start, the connect button clicked as soon as it is enabled; warm: the page loaded, its requests settled, 2 s idle, then the click.',
      '- Airlock: the demo page (the bare one-line snippet; its project offers the local anvil chain, the local Solana cluster and Ethereum). Peers: bench/peers/appkit and bench/peers/rainbowkit, production Vite builds with the local anvil chain and Ethereum, served gzipped with immutable assets from loopback. Offline, AppKit lists WalletConnect and its \u201cSearch Wallet\u201d entry (its wallet API is unreachable), and a click before its connectors are ready opens the dialog with the search entry alone, which its probe counts as its list; RainbowKit lists its bundled wallets.',
      '- Reproduce: stop `npm start`, then `npm run bench:peers` (installs and builds the peers on first run, ~2 min).',
    ].join('\n'),
  )
  console.log('\nbench:peers: wrote the peers’ section of bench/RESULTS.md')
}

async function main() {
  await checkPorts(ports)
  console.log('bench:peers: building Airlock’s bundles and the peers’ pages…')
  await withTimeout(
    'building',
    Promise.all([buildBundles({ quiet: !verbose }), buildPeerPages()]),
    timeouts.build,
  )
  const urls = await startBenchStack(ports, { cleanups, verbose, timeoutMs: timeouts.stack })
  const served = await servePeers()
  cleanups.push(() => served.stop())
  const systems = [
    {
      ...airlockSystem,
      url: urls.demo,
      // close() awaits the bridge, so once it resolves the handshake is done.
      ready: (page) => page.evaluate(() => window.airlock.close()),
    },
    ...peers.map((peer) => ({ ...peer, hostProbe: peer.dialogProbe, url: served.urls[peer.id] })),
  ]
  const browser = await launchBrowser(cleanups)
  const samples = Object.fromEntries(systems.map((system) => [system.id, []]))
  for (let run = -warmupRuns; run < runs; run++) {
    for (const system of systems) {
      const result = await measureOnce(browser, system)
      if (verbose)
        console.log(`bench:peers: ${system.id} run ${run + 1}: ${JSON.stringify(result)}`)
      if (run >= 0) samples[system.id].push(result)
    }
    console.log(`bench:peers: round ${run < 0 ? 'warm-up' : `${run + 1} of ${runs}`} done`)
  }
  const results = Object.fromEntries(
    systems.map((system) => [
      system.id,
      Object.fromEntries(
        metrics.map((metric) => [
          metric.id,
          median(samples[system.id].map((sample) => sample[metric.id])),
        ]),
      ),
    ]),
  )
  report(systems, results, describeMachine(browser.version()))
}

try {
  await main()
  await cleanup()
  process.exit(0)
} catch (error) {
  if (aborting()) await new Promise(() => {})
  console.error(
    `\nbench:peers: failed: ${error instanceof UsageError ? error.message : error.stack}`,
  )
  await cleanup()
  process.exit(1)
}
