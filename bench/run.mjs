// `npm run bench`: measures what Airlock costs a host page and how fast its modal is visible. It
// builds the production bundles, starts the local stack (anvil, the API on a fresh SQLite file,
// the demo site with the bare one-line snippet), then in headless Chromium, offline (every host
// but loopback fails to resolve), takes the median of BENCH_RUNS (7) interleaved runs — each
// round runs every scenario once, each in a fresh browser context — of:
//
// - cold navigation start → visible: the connect button clicked as soon as it can be;
// - warm click → visible: the page loaded, its requests settled and 2 s idle, then the click;
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
// per-run figures), BENCH_ONLY=coldOpen,warmOpen (those scenarios only, printed, not written),
// CHROMIUM_PATH (/usr/bin/chromium).

import { buildBundles } from '../scripts/stack.mjs'
import {
  checkPorts,
  createCleanup,
  describeMachine,
  format,
  KiB,
  launchBrowser,
  markdownTable,
  median,
  plainTable,
  startBenchStack,
  sum,
  trackNetwork,
  UsageError,
  withTimeout,
} from './harness.mjs'
import { writeResultsSection } from './results.mjs'
import { measureBalancesThroughput } from './throughput.mjs'
import { airlockSystem, coldOpen, warmOpen } from './visible.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 7)
const warmupRuns = Number(process.env.BENCH_WARMUP ?? 1)
const verbose = process.env.BENCH_VERBOSE === '1'
// While working on one figure: BENCH_ONLY=coldOpen,warmOpen runs those scenarios and skips the
// API load test; nothing is written to RESULTS.md.
const only = process.env.BENCH_ONLY?.split(',')
// The demo project allows http://127.0.0.1:5173 and http://localhost:5173 only.
const ports = { api: 8787, demo: 5173, anvil: 8545, relay: 8789, solana: 8899 }

const timeouts = {
  build: 5 * 60_000,
  stack: 2 * 60_000,
  navigation: 15_000,
  modalVisible: 15_000,
  preload: 15_000,
  settle: 5_000,
  connect: 15_000,
  calls: 60_000,
  whole: 15 * 60_000,
}

/**
 * What the table shows, one row each. `scenario` names the browser run that yields the sample
 * under `id`; `target` is an upper bound (none: reported only); `breakdown` rows are printed
 * in a second table that explains the headline rows; `decimals` fixes the digits shown (default:
 * about 3 significant digits).
 */
const measurements = [
  {
    id: 'hostJs',
    name: 'Host page JS (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    target: 10 * KiB,
  },
  {
    id: 'frameFirstBundle',
    name: 'Frame first bundle (gzip: entry and modulepreloads)',
    unit: 'bytes',
    scenario: 'coldOpen',
    target: 100 * KiB,
  },
  {
    id: 'navToVisible',
    name: 'Cold: navigation start → visible',
    unit: 'ms',
    scenario: 'coldOpen',
    target: 250,
  },
  {
    id: 'clickToVisible',
    name: 'Warm: click → visible (loaded, 2 s idle)',
    unit: 'ms',
    scenario: 'warmOpen',
    target: 16,
  },
  {
    id: 'clickToQr',
    name: 'Click WalletConnect → QR code visible (local relay)',
    unit: 'ms',
    scenario: 'walletConnectQr',
    target: 1000,
  },
  {
    id: 'providerOverhead',
    name: 'Provider overhead, connected browser wallet (per call)',
    unit: 'ms',
    decimals: 3,
    scenario: 'providerCalls',
    target: 0.2,
  },
  {
    id: 'bridgeRoundTrip',
    name: 'Bridge round trip, disconnected (per call)',
    unit: 'ms',
    decimals: 3,
    scenario: 'bridgeCalls',
    target: 1,
  },
  {
    id: 'navToClick',
    name: 'Cold: navigation start → Connect clicked',
    unit: 'ms',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'coldClickToVisible',
    name: 'Cold: click → visible',
    unit: 'ms',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeBytes',
    name: 'Modal iframe (gzip, all responses until settled)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeScript',
    name: 'Modal iframe: JS (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeDocument',
    name: 'Modal iframe: HTML (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeStylesheet',
    name: 'Modal iframe: CSS (gzip)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'iframeOther',
    name: 'Modal iframe: other (fetch, images, fonts)',
    unit: 'bytes',
    scenario: 'coldOpen',
    breakdown: true,
  },
]

// ---------------------------------------------------------------------------------------------
// Scenarios: each runs in its own fresh context and returns samples keyed by measurement id.

/**
 * In-page, before the demo's scripts (top-level frame only): a minimal EIP-6963 browser wallet
 * that answers entirely in the page, kept as `window.__benchWallet` to call it directly. It
 * counts its calls, and the page's MessagePort posts (penpal's channel to the modal after the
 * handshake), so the bench can tell a request went to the wallet without a bridge hop.
 */
function installBenchWallet() {
  if (window.top !== window) return
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const counts = { walletCalls: 0, portPosts: 0 }
  const post = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (...args) {
    counts.portPosts++
    return post.apply(this, args)
  }
  const provider = {
    async request({ method }) {
      counts.walletCalls++
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [address]
        case 'eth_chainId':
          return '0x7a69'
        case 'wallet_revokePermissions':
          return null
      }
      throw Object.assign(new Error(`Bench Wallet does not support ${method}.`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  }
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'Bench Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    rdns: 'dev.airlock.bench',
  })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.__benchWallet = { provider, counts }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/**
 * In-page: times `eth_chainId` through `airlock.provider` and, with `direct`, on the bench
 * wallet's own provider, in alternating blocks of `blockSize` calls after `warmup` calls each
 * way. The page's clock is coarsened to 100 µs (it is not cross-origin isolated), far coarser
 * than a call, so each block yields its time over its size; returns, per way, the median of
 * those per-call figures in ms, and the bench wallet's counts over the timed blocks.
 */
async function timeEthChainId({ direct, warmup, blocks, blockSize }) {
  const chainId = '0x7a69'
  const ways = { airlock: () => window.airlock.provider.request({ method: 'eth_chainId' }) }
  if (direct) {
    const { provider } = window.__benchWallet
    ways.direct = () => provider.request({ method: 'eth_chainId' })
  }
  for (const [name, call] of Object.entries(ways)) {
    const result = await call()
    if (result !== chainId)
      throw new Error(`eth_chainId (${name}) returned ${JSON.stringify(result)}, not ${chainId}`)
  }
  const timeBlock = async (call, size) => {
    const start = performance.now()
    for (let i = 0; i < size; i++) await call()
    return (performance.now() - start) / size
  }
  for (const call of Object.values(ways)) await timeBlock(call, warmup)
  const perCall = Object.fromEntries(Object.keys(ways).map((name) => [name, []]))
  const counts = window.__benchWallet?.counts
  const before = counts && { ...counts }
  for (let block = 0; block < blocks; block++) {
    // Each way goes first in every other block, so drift and GC fall on both alike.
    const order = block % 2 ? Object.keys(ways).reverse() : Object.keys(ways)
    for (const name of order) perCall[name].push(await timeBlock(ways[name], blockSize))
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  return {
    medians: Object.fromEntries(
      Object.entries(perCall).map(([name, list]) => [name, median(list)]),
    ),
    counts:
      counts &&
      Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value - before[key]])),
    status: window.airlock.getState().status,
  }
}

/** Calls each request measurement makes, split into timed blocks (see timeEthChainId). */
const callPlans = {
  // Blocks of 2000 calls each way, alternating: a call takes well under 1 µs, so a block must
  // span several ticks of the page's 100 µs clock.
  provider: { direct: true, warmup: 2000, blocks: 15, blockSize: 2000 },
  // 1000 calls, in blocks of ~20 ms.
  bridge: { direct: false, warmup: 100, blocks: 20, blockSize: 50 },
}

/** Loads the demo and waits until `window.airlock` exists and the page's requests settle. */
async function loadDemo(page, urls, network) {
  await page.goto(urls.demo, { waitUntil: 'load', timeout: timeouts.navigation })
  await page.waitForFunction(() => window.airlock, null, { timeout: timeouts.preload })
  await page.waitForSelector('#connect:not([disabled])', { timeout: timeouts.preload })
  // close() awaits the bridge, so once it resolves the handshake is done.
  await withTimeout(
    'the bridge handshake',
    page.evaluate(() => window.airlock.close()),
    timeouts.preload,
  )
  await network.quiet(500, timeouts.settle)
}

/**
 * The modal page's first bundle, as the size budget counts it (scripts/size.mjs): its entry
 * script and the modules it preloads, read from the page the API serves (its style sheet is
 * the "CSS" row).
 */
async function firstBundlePaths(modalUrl) {
  const html = await (await fetch(modalUrl)).text()
  const paths = new Set()
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g))
    if (/<script\b/.test(match[0]) || /rel="modulepreload"/.test(match[0]))
      paths.add(new URL(match[1], modalUrl).pathname)
  return paths
}

const scenarios = {
  /** A first visit: load the demo, click Connect as soon as it can be clicked. */
  async coldOpen({ context, urls, allowedHosts }) {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    const timing = await coldOpen(page, airlockSystem, urls.demo, {
      timeoutMs: timeouts.modalVisible,
    })
    // Lazy chunks, analytics and the like belong to the iframe's cost too.
    await network.quiet(500, timeouts.settle)

    const frames = page.frames().filter((frame) => frame !== page.mainFrame())
    if (frames.length !== 1) throw new Error(`expected one iframe, found ${frames.length}`)
    const hostJs = network.entries.filter((entry) => entry.mainFrame && entry.type === 'script')
    const iframe = network.entries.filter((entry) => !entry.mainFrame)
    const ofType = (...types) => iframe.filter((entry) => types.includes(entry.type))
    const firstBundle = await firstBundlePaths(frames[0].url())
    return {
      samples: {
        hostJs: sum(hostJs),
        frameFirstBundle: sum(
          iframe.filter((entry) => firstBundle.has(new URL(entry.url).pathname)),
        ),
        iframeBytes: sum(iframe),
        navToVisible: timing.navToVisible,
        navToClick: timing.navToClick,
        coldClickToVisible: timing.navToVisible - timing.navToClick,
        iframeScript: sum(ofType('script')),
        iframeDocument: sum(ofType('document')),
        iframeStylesheet: sum(ofType('stylesheet')),
        iframeOther: sum(
          iframe.filter((e) => !['script', 'document', 'stylesheet'].includes(e.type)),
        ),
      },
      detail: timing.sides,
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /** A returning click: the page loaded and idle, the frame preloaded; time only the click. */
  async warmOpen({ context, urls, allowedHosts }) {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    const timing = await warmOpen(page, airlockSystem, urls.demo, {
      network,
      timeoutMs: timeouts.modalVisible,
      // close() awaits the bridge, so once it resolves the handshake is done.
      ready: (page) => page.evaluate(() => window.airlock.close()),
    })
    await network.settled()
    return {
      samples: { clickToVisible: timing.clickToVisible },
      detail: timing.sides,
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /**
   * WalletConnect: the modal open on Connect, then a click on WalletConnect until the QR code is
   * drawn — loading the sign-client chunk, connecting to the local relay, creating the pairing
   * and rendering the code. The click is dispatched in the frame, so nothing preloads on hover.
   */
  async walletConnectQr({ context, urls, allowedHosts }) {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    await page.goto(urls.demo, { waitUntil: 'load', timeout: timeouts.navigation })
    await page.waitForFunction(() => window.airlock, null, { timeout: timeouts.preload })
    await page.evaluate(() => window.airlock.open())
    const frame = await (await page.waitForSelector('iframe[data-airlock]')).contentFrame()
    await frame.waitForSelector('[data-wallet-id="walletConnect"]:not([disabled])', {
      timeout: timeouts.preload,
    })
    const visible = await frame.evaluate(
      (timeoutMs) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no QR code')), timeoutMs)
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-uri][data-ready="true"]')) return
            observer.disconnect()
            requestAnimationFrame(() => {
              clearTimeout(timer)
              resolve(performance.now() - t0)
            })
          })
          observer.observe(document.body, { subtree: true, childList: true, attributes: true })
          const t0 = performance.now()
          document.querySelector('[data-wallet-id="walletConnect"]').click()
        }),
      timeouts.modalVisible,
    )
    await network.settled()
    return {
      samples: { clickToQr: visible },
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /**
   * A site talking to a connected browser wallet: `airlock.provider.request` against calling
   * the wallet's own provider, both in the page.
   */
  async providerCalls({ context, urls, allowedHosts }) {
    await context.addInitScript(installBenchWallet)
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    await loadDemo(page, urls, network)
    await withTimeout(
      'connecting the bench wallet',
      (async () => {
        await page.evaluate(() => window.airlock.open())
        await page
          .frameLocator('iframe[data-airlock]')
          .getByRole('button', { name: /Bench Wallet/ })
          .click({ timeout: timeouts.connect })
        await page.waitForFunction(() => window.airlock.getState().status === 'connected', null, {
          timeout: timeouts.connect,
          polling: 50,
        })
      })(),
      timeouts.connect,
    )
    // Whatever the modal does after connecting (closing, balances) happens before the clock.
    await network.quiet(500, timeouts.settle)
    const plan = callPlans.provider
    const result = await withTimeout(
      'timing eth_chainId',
      page.evaluate(timeEthChainId, plan),
      timeouts.calls,
    )
    const calls = plan.blocks * plan.blockSize
    if (result.status !== 'connected')
      throw new Error(`the bench wallet disconnected while timed (${result.status})`)
    // Both ways reach the wallet once per call; a bridge hop would post to the modal's port.
    if (result.counts.walletCalls !== 2 * calls || result.counts.portPosts >= calls)
      throw new Error(
        `airlock.provider did not go straight to the wallet: ${JSON.stringify(result.counts)} ` +
          `over ${calls} calls each way`,
      )
    await network.settled()
    return {
      samples: { providerOverhead: result.medians.airlock - result.medians.direct },
      // Per way, in ms per call: each is below the page clock's resolution, their difference not.
      detail: { ...result.medians, ...result.counts },
      // No byte rows here: the response encodings noted are those of the other scenarios.
      requests: [],
      offLoopback: network.offLoopback,
    }
  },

  /** A site's request with no wallet connected: it crosses the bridge to the modal and back. */
  async bridgeCalls({ context, urls, allowedHosts }) {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    await loadDemo(page, urls, network)
    const result = await withTimeout(
      'timing eth_chainId',
      page.evaluate(timeEthChainId, callPlans.bridge),
      timeouts.calls,
    )
    if (result.status === 'connected') throw new Error('expected no connected wallet')
    await network.settled()
    return {
      samples: { bridgeRoundTrip: result.medians.airlock },
      requests: [],
      offLoopback: network.offLoopback,
    }
  },
}

// ---------------------------------------------------------------------------------------------
// Formatting.
/** Rows of cells, one list of measurements to one table (header first). */
function tableRows(list, results) {
  const header = ['Metric', 'Airlock', 'Target', 'Airlock min–max']
  const rows = list.map((measurement) => {
    const { median: value, min, max } = results[measurement.id]
    const { target, unit, decimals } = measurement
    const mark = target === undefined ? '' : value <= target ? ' ✓' : ' ✗'
    const row = [
      measurement.name,
      `${format(value, unit, { decimals })}${mark}`,
      target === undefined ? '—' : `≤ ${format(target, unit, { whole: true, decimals })}`,
      min === max ? '—' : `${format(min, unit, { decimals })} – ${format(max, unit, { decimals })}`,
    ]
    return row
  })
  return [header, ...rows]
}

// ---------------------------------------------------------------------------------------------
// Main.

/**
 * Runs every scenario some measurement needs, in `runs` rounds (after `warmupRuns` discarded
 * ones) that each run every scenario once, so drift falls on all alike; returns stats per id.
 */
async function measure(browser, urls) {
  const allowedHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
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
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      try {
        const result = await scenario({ context, urls, allowedHosts })
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

/** Prints the tables and writes bench/RESULTS.md. */
/** The API table: the balances endpoint under load, cached and read fresh. */
function throughputRows(throughput) {
  const { cached, fresh } = throughput
  const meets = cached.requestsPerSecond >= 5000 && cached.p99Ms <= 20
  const row = (name, result, target) => [
    name,
    `${result.requestsPerSecond.toLocaleString('en-US')} req/s`,
    `${result.p50Ms} ms`,
    `${result.p99Ms} ms`,
    String(result.errors),
    target,
  ]
  return [
    ['Balances endpoint', 'Throughput', 'p50', 'p99', 'Errors', 'Target'],
    row('Cached', cached, `≥ 5,000 req/s, p99 ≤ 20 ms ${meets ? '✓' : '✗'}`),
    row('Fresh (cache=false, built-in indexer)', fresh, '—'),
  ]
}

function report({ results, encodings, offLoopback, throughput }, machine) {
  const headline = measurements.filter((measurement) => !measurement.breakdown)
  const breakdown = measurements.filter((measurement) => measurement.breakdown)
  const headlineRows = tableRows(headline, results)
  const breakdownRows = tableRows(breakdown, results)
  const machineLine = `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB.toFixed(1)} GiB RAM, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium} (headless)`
  const notes = [
    `Medians of ${runs} interleaved rounds (each runs every scenario once, each in a fresh browser context with an empty cache), after ${warmupRuns} discarded warm-up round(s); loopback only, non-loopback hosts fail to resolve.`,
    '**Visible** = the iframe is shown on the host page (laid out, not hidden, not transparent) AND, inside the frame (its own origin, its own clock aligned via `performance.timeOrigin + performance.now()`), the dialog is laid out with its wallet list; the later of the two. Each side is probed on every animation frame of its document; after a click, each side counts from the first animation frame at or after the click where its probe held (bench/visible.mjs). While it waits the harness runs no code in the pages (the probes and the click report by console message; their records are read once both sides held), so Playwright’s own script compiles nowhere in the measured window.',
    'Cold: from the host document’s navigation start; `#connect` clicked (`button.click()`) as soon as it is enabled. Warm: the page loaded, the bridge handshake done, its requests settled, then 2 s idle before the click.',
    'Bytes: encoded (compressed) response body sizes as Chromium received them; host JS = script responses requested by the host document (airlock.js, and airlock-solana.js since the demo project has a Solana network; the demo page’s own JS is inline). Frame first bundle = the modal page’s entry script and its modulepreloads, as the size budget counts it (its style sheet is the CSS row).',
    `Provider overhead: the demo with a minimal EIP-6963 wallet injected into the page (it answers in-page), connected by clicking it in the modal; after ${callPlans.provider.warmup} warm-up calls each way, ${callPlans.provider.blocks} alternating blocks of ${callPlans.provider.blockSize} \`eth_chainId\` calls each way through \`airlock.provider.request\` and the wallet’s own \`provider.request\`; figure = median per-call time via Airlock − the same for the wallet. Checked: every call reached the wallet, and the page posted fewer messages to the modal than it made calls (a bridge hop posts one per call).`,
    `Bridge round trip: the demo with no wallet, after the handshake; after ${callPlans.bridge.warmup} warm-up calls, ${callPlans.bridge.blocks * callPlans.bridge.blockSize} \`airlock.provider.request({ method: 'eth_chainId' })\` calls in blocks of ${callPlans.bridge.blockSize}, each answered by the modal from its active network.`,
    'Per-call times: the page’s `performance.now()` is coarsened to 100 µs (not cross-origin isolated), so a call’s time is its block’s time over the block size, awaited one after another; the median is over blocks.',
    `Response encodings: ${[...encodings].sort().join(', ')}.`,
    `Balances endpoint: autocannon in this process against the API on loopback, ${throughput.connections} connections for ${throughput.durationSeconds} s per row, for anvil account #0 on the seeded dev chain; "fresh" asks \`cache=false\`, so each request reads the chain (native balance) and the indexer's tables (tokens).`,
  ]
  if (offLoopback.size)
    notes.push(`Requests to non-loopback origins (failed): ${[...offLoopback].join(', ')}.`)

  const apiRows = throughputRows(throughput)
  console.log(
    `\n${plainTable(headlineRows)}\n\nBreakdown\n${plainTable(breakdownRows)}\n\nAPI\n${plainTable(apiRows)}\n`,
  )
  console.log(`Machine: ${machineLine}`)
  for (const note of notes) console.log(`- ${note}`)

  const markdown = [
    '## Airlock: `npm run bench`',
    '',
    `Generated by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machineLine}.`,
    '',
    markdownTable(headlineRows),
    '',
    '### Breakdown',
    '',
    markdownTable(breakdownRows),
    '',
    '### API',
    '',
    markdownTable(apiRows),
    '',
    '### Method',
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n')
  writeResultsSection('airlock', markdown)
  console.log('\nbench: wrote bench/RESULTS.md')
}

const { cleanups, cleanup, aborting } = createCleanup(timeouts.whole)

async function main() {
  await checkPorts(ports)
  console.log('bench: building production bundles…')
  await withTimeout('npm run build', buildBundles({ quiet: !verbose }), timeouts.build)
  const urls = await startBenchStack(ports, { cleanups, verbose, timeoutMs: timeouts.stack })
  const browser = await launchBrowser(cleanups)
  const measured = await measure(browser, urls)
  const machine = describeMachine(browser.version())
  if (only) {
    for (const measurement of measurements)
      if (only.includes(measurement.scenario))
        console.log(
          `${measurement.name}: ${format(measured.results[measurement.id].median, measurement.unit)} (${format(measured.results[measurement.id].min, measurement.unit)} – ${format(measured.results[measurement.id].max, measurement.unit)})`,
        )
    return
  }
  await browser.close()
  console.log('bench: balances endpoint under load (autocannon)…')
  measured.throughput = await measureBalancesThroughput(urls.api)
  report(measured, machine)
}

try {
  await main()
  await cleanup()
  process.exit(0)
} catch (error) {
  // After Ctrl-C, whatever failed failed because we were stopping it; abort() exits.
  if (aborting()) await new Promise(() => {})
  console.error(`\nbench: failed: ${error instanceof UsageError ? error.message : error.stack}`)
  await cleanup()
  process.exit(1)
}
