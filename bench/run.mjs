// `npm run bench`: measures what Airlock costs a host page, next to AppKit and RainbowKit. It
// builds the production bundles, starts the local stack (anvil, the API on a fresh SQLite file,
// the demo site), then in headless Chromium takes the median of 5 runs, each in a fresh browser
// context, of: the gzip bytes of JS the host page loads, the gzip bytes the modal iframe loads,
// navigation start → modal visible, click → modal visible with the iframe preloaded, what
// `airlock.provider.request` adds to a connected browser wallet's own, and a request's round trip
// over the bridge to the modal. Prints a table against the targets and the reference figures and
// writes it to bench/RESULTS.md.
//
// Env: BENCH_RUNS (5), BENCH_WARMUP (1 discarded run per scenario), BENCH_VERBOSE=1 (stack
// output and per-run figures), CHROMIUM_PATH (/usr/bin/chromium).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs'
import { buildBundles, root, startStack } from '../scripts/stack.mjs'
import { measureBalancesThroughput } from './throughput.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 5)
const warmupRuns = Number(process.env.BENCH_WARMUP ?? 1)
const verbose = process.env.BENCH_VERBOSE === '1'
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

const KiB = 1024

/** The systems compared, in table order. Reference figures: same machine kind, offline. */
const systems = [
  { id: 'appkit', label: 'AppKit 1.8 + wagmi' },
  { id: 'rainbowkit', label: 'RainbowKit 2.2' },
]

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
    // The size budget of scripts/size.mjs.
    target: 8.5 * KiB,
    reference: { appkit: 557 * KiB, rainbowkit: 273 * KiB },
  },
  {
    id: 'iframeBytes',
    name: 'Modal iframe (gzip, all responses)',
    unit: 'bytes',
    scenario: 'coldOpen',
  },
  {
    id: 'navToVisible',
    name: 'Navigation start → modal visible',
    unit: 'ms',
    scenario: 'coldOpen',
    target: 300,
    reference: { appkit: 1057, rainbowkit: 512 },
  },
  {
    id: 'clickToVisible',
    name: 'Click → modal visible (preloaded)',
    unit: 'ms',
    scenario: 'preloadedOpen',
    target: 16,
    reference: { appkit: 144, rainbowkit: 39 },
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
    id: 'navToEnabled',
    name: 'Navigation start → Connect enabled',
    unit: 'ms',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'coldClickToVisible',
    name: 'Click → modal visible (not preloaded)',
    unit: 'ms',
    scenario: 'coldOpen',
    breakdown: true,
  },
  {
    id: 'clickToOpen',
    name: 'Click → open === true, before the rAF (preloaded)',
    unit: 'ms',
    scenario: 'preloadedOpen',
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
// Cleanup: everything started registers how to stop it; it runs once, on success, failure,
// Ctrl-C or the overall deadline.

const cleanups = []
let cleaningUp
function cleanup() {
  cleaningUp ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await withTimeout('cleanup', step(), 15_000)
      } catch (error) {
        console.error(`bench: cleanup: ${error.message}`)
      }
    }
  })()
  return cleaningUp
}
let aborting = false
async function abort(reason, code) {
  if (aborting) return
  aborting = true
  console.error(`\nbench: ${reason}, stopping everything it started…`)
  await cleanup()
  process.exit(code)
}
// `on`, not `once`: a second Ctrl-C must not kill us half-way through stopping the stack.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => abort(signal, signal === 'SIGINT' ? 130 : 143))
for (const event of ['uncaughtException', 'unhandledRejection'])
  process.on(event, (error) => abort(`failed: ${error?.stack ?? error}`, 1))
setTimeout(() => abort(`took over ${timeouts.whole / 60_000} min`, 1), timeouts.whole).unref()

/** A failure to report in one line, without a stack trace. */
class UsageError extends Error {}

function withTimeout(what, promise, ms) {
  let timer
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

// ---------------------------------------------------------------------------------------------
// Ports and machine.

/** Whether something accepts connections on the port, on IPv4 or IPv6 loopback. */
async function portInUse(port) {
  const tryHost = (host) =>
    new Promise((resolve) => {
      const socket = connect({ host, port })
      const done = (inUse) => {
        socket.destroy()
        resolve(inUse)
      }
      socket.setTimeout(1000)
      socket.once('connect', () => done(true))
      socket.once('timeout', () => done(false))
      socket.once('error', () => done(false))
    })
  const results = await Promise.all(['127.0.0.1', '::1'].map(tryHost))
  return results.some(Boolean)
}

/** A free loopback port, from the OS. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function describeMachine(chromiumVersion) {
  const cpus = os.cpus()
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: os.totalmem() / KiB ** 3,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
  }
}

// ---------------------------------------------------------------------------------------------
// Network accounting: the encoded (compressed) body bytes of every finished response, split by
// which frame asked for it.

function trackNetwork(page, allowedHosts) {
  const entries = []
  const pending = new Set()
  const offLoopback = new Set()
  let inflight = 0
  let lastActivity = Date.now()
  page.on('request', (request) => {
    inflight++
    lastActivity = Date.now()
    const url = new URL(request.url())
    if (/^https?:$/.test(url.protocol) && !allowedHosts.has(url.hostname))
      offLoopback.add(url.origin)
  })
  page.on('requestfailed', () => {
    inflight--
    lastActivity = Date.now()
  })
  page.on('requestfinished', (request) => {
    inflight--
    lastActivity = Date.now()
    const done = (async () => {
      let frame
      try {
        frame = request.frame()
      } catch {
        return // a worker's request, not a frame's
      }
      const [sizes, response] = await Promise.all([request.sizes(), request.response()])
      entries.push({
        url: request.url(),
        type: request.resourceType(),
        mainFrame: frame === page.mainFrame(),
        bytes: sizes.responseBodySize,
        encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
      })
    })()
      // A response still arriving when the scenario closes its context is not counted.
      .catch(() => {})
      .finally(() => pending.delete(done))
    pending.add(done)
  })
  return {
    entries,
    offLoopback,
    /** Waits until no request has been in flight for `quietMs` (at most `timeoutMs`). */
    async quiet(quietMs, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline && (inflight > 0 || Date.now() - lastActivity < quietMs))
        await new Promise((resolve) => setTimeout(resolve, 50))
      await Promise.all(pending)
    },
    settled: () => Promise.all(pending),
  }
}

const sum = (entries) => entries.reduce((total, entry) => total + entry.bytes, 0)

// ---------------------------------------------------------------------------------------------
// Scenarios: each runs in its own fresh context and returns samples keyed by measurement id.

/**
 * In-page, before the demo's scripts: clicks Connect the moment it is enabled, and notes when
 * `airlock.getState().open` turns true plus one animation frame, on the navigation-start clock.
 */
function clickAsSoonAsEnabled() {
  if (window !== window.top) return
  const bench = {}
  window.__bench = bench
  const tryClick = () => {
    const button = document.querySelector('#connect:not([disabled])')
    if (!button || !window.airlock) return false
    const unsubscribe = window.airlock.subscribe((state) => {
      if (!state.open) return
      unsubscribe()
      requestAnimationFrame(() => {
        bench.visible = performance.now()
      })
    })
    bench.clicked = performance.now()
    button.click()
    return true
  }
  const observer = new MutationObserver(() => {
    if (tryClick()) observer.disconnect()
  })
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  })
  addEventListener('airlock:error', (event) => {
    bench.error = String(event.detail?.message ?? event.detail)
  })
}

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

const scenarios = {
  /** A first visit: load the demo, click Connect as soon as it can be clicked. */
  async coldOpen({ context, urls, allowedHosts }) {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    await page.addInitScript(clickAsSoonAsEnabled)
    await page.goto(urls.demo, { waitUntil: 'commit', timeout: timeouts.navigation })
    try {
      await page.waitForFunction(() => window.__bench?.visible !== undefined, null, {
        timeout: timeouts.modalVisible,
        polling: 50,
      })
    } catch (error) {
      const seen = await page
        .evaluate(
          () => `${window.__bench?.error ?? ''} ${document.querySelector('#events')?.textContent}`,
        )
        .catch(() => '')
      throw new Error(`the modal did not open: ${error.message}\nthe page says: ${seen}`)
    }
    const timing = await page.evaluate(() => window.__bench)
    // Lazy chunks, analytics and the like belong to the iframe's cost too.
    await network.quiet(500, timeouts.settle)

    const frames = page.frames().filter((frame) => frame !== page.mainFrame())
    if (frames.length !== 1) throw new Error(`expected one iframe, found ${frames.length}`)
    const hostJs = network.entries.filter((entry) => entry.mainFrame && entry.type === 'script')
    const iframe = network.entries.filter((entry) => !entry.mainFrame)
    const ofType = (...types) => iframe.filter((entry) => types.includes(entry.type))
    return {
      samples: {
        hostJs: sum(hostJs),
        iframeBytes: sum(iframe),
        navToVisible: timing.visible,
        navToEnabled: timing.clicked,
        coldClickToVisible: timing.visible - timing.clicked,
        iframeScript: sum(ofType('script')),
        iframeDocument: sum(ofType('document')),
        iframeStylesheet: sum(ofType('stylesheet')),
        iframeOther: sum(
          iframe.filter((e) => !['script', 'document', 'stylesheet'].includes(e.type)),
        ),
      },
      requests: network.entries,
      offLoopback: network.offLoopback,
    }
  },

  /** A returning click: the iframe has loaded and shaken hands; time only the click. */
  async preloadedOpen({ context, urls, allowedHosts }) {
    const page = await context.newPage()
    const network = trackNetwork(page, allowedHosts)
    await page.goto(urls.demo, { waitUntil: 'load', timeout: timeouts.navigation })
    await withTimeout(
      'preloading the iframe',
      (async () => {
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
        await page.waitForFunction(() => window.airlock, null, { timeout: timeouts.preload })
        // close() awaits the bridge, so once it resolves the handshake is done.
        await page.evaluate(() => window.airlock.close())
        await page.waitForSelector('#connect:not([disabled])', { timeout: timeouts.preload })
      })(),
      timeouts.preload,
    )
    const timing = await page.evaluate(
      (timeoutMs) =>
        new Promise((resolve, reject) => {
          const button = document.querySelector('#connect')
          const timer = setTimeout(() => reject(new Error('the modal did not open')), timeoutMs)
          const unsubscribe = window.airlock.subscribe((state) => {
            if (!state.open) return
            unsubscribe()
            const open = performance.now() - t0
            requestAnimationFrame(() => {
              clearTimeout(timer)
              resolve({ open, visible: performance.now() - t0 })
            })
          })
          const t0 = performance.now()
          button.click()
        }),
      timeouts.modalVisible,
    )
    await network.settled()
    return {
      samples: { clickToVisible: timing.visible, clickToOpen: timing.open },
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * About 3 significant digits (7.93 KiB, 26.8 ms, 557 KiB), or `decimals` digits (0.012 ms);
 * `whole` (targets) drops trailing zeros: 8 KiB, 0.2 ms, not 8.00 KiB, 0.200 ms.
 */
function format(value, unit, { whole = false, decimals } = {}) {
  if (value === undefined) return '—'
  const scaled = unit === 'bytes' ? value / KiB : value
  const digits =
    decimals ??
    ((whole && Number.isInteger(scaled)) || Math.abs(scaled) >= 100
      ? 0
      : Math.abs(scaled) >= 10
        ? 1
        : 2)
  const text = whole ? String(Number(scaled.toFixed(digits))) : scaled.toFixed(digits)
  return `${text} ${unit === 'bytes' ? 'KiB' : unit}`
}

/** Rows of cells, one list of measurements to one table (header first). */
function tableRows(list, results, { withReferences }) {
  const header = ['Metric', 'Airlock', 'Target', 'Airlock min–max']
  if (withReferences) header.push(...systems.map((system) => system.label))
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
    if (withReferences)
      row.push(
        ...systems.map((system) =>
          format(measurement.reference?.[system.id], unit, { whole: true }),
        ),
      )
    return row
  })
  return [header, ...rows]
}

function plainTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  const line = (row) =>
    row.map((cell, column) =>
      (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column]),
    )
  return [
    line(rows[0]).join('  '),
    widths.map((width) => '─'.repeat(width)).join('  '),
    ...rows.slice(1).map((row) => line(row).join('  ')),
  ].join('\n')
}

function markdownTable(rows) {
  const line = (row) => `| ${row.join(' | ')} |`
  const align = rows[0].map((_, column) => (column === 0 ? ':--' : '--:'))
  return [line(rows[0]), line(align), ...rows.slice(1).map(line)].join('\n')
}

// ---------------------------------------------------------------------------------------------
// Main.

async function checkPorts() {
  const busy = []
  for (const [name, port] of [
    ['API', ports.api],
    ['demo site', ports.demo],
    ['WalletConnect relay', ports.relay],
  ])
    if (await portInUse(port)) busy.push(`${port} (${name})`)
  if (busy.length)
    throw new UsageError(
      `port ${busy.join(' and ')} already in use; is \`npm start\` running? The bench runs the ` +
        `API on ${ports.api} and the demo on ${ports.demo} (the demo project allows only ` +
        'http://127.0.0.1:5173 and http://localhost:5173). Stop what uses it and retry.',
    )
  if (await portInUse(ports.anvil)) ports.anvil = await freePort()
  if (await portInUse(ports.solana)) ports.solana = await freePort()
}

/** Anvil, the API on a fresh SQLite file, and the demo site; stopped by `cleanup()`. */
async function startBenchStack() {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'airlock-bench-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  console.log(
    `bench: starting the stack (API :${ports.api}, demo :${ports.demo}, anvil :${ports.anvil})…`,
  )
  const starting = startStack({
    apiPort: ports.api,
    demoPort: ports.demo,
    anvilPort: ports.anvil,
    relayPort: ports.relay,
    solanaPort: ports.solana,
    env: {
      DATA_DIR: dataDir,
      // The throughput rows measure the route, not its rate limits (one client sends all of it).
      AIRLOCK_ACCOUNT_DATA_PER_PROJECT_PER_MINUTE: '1000000000',
      AIRLOCK_ACCOUNT_DATA_PER_CLIENT_PER_MINUTE: '1000000000',
      AIRLOCK_ACCOUNT_DATA_UNCACHED_PER_CLIENT_PER_MINUTE: '1000000000',
    },
    quiet: !verbose,
  })
  // Registered before it resolves, so Ctrl-C during start-up still stops what did come up.
  cleanups.push(async () => (await starting.catch(() => undefined))?.stop())
  const { urls } = await withTimeout('starting the stack', starting, timeouts.stack)
  return urls
}

async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    timeout: 30_000,
    // We stop the browser ourselves, after the stack; Playwright's own handler would exit first.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      ...chromiumArgs,
      // Offline: any host but loopback fails to resolve, at once.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  })
  cleanups.push(() => browser.close())
  return browser
}

/** Runs every scenario some measurement needs, `runs` times each; returns stats per id. */
async function measure(browser, urls) {
  const allowedHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
  const samples = Object.fromEntries(measurements.map((measurement) => [measurement.id, []]))
  const encodings = new Set()
  const offLoopback = new Set()
  for (const [name, scenario] of Object.entries(scenarios)) {
    const wanted = measurements.filter((measurement) => measurement.scenario === name)
    if (wanted.length === 0) continue
    for (let run = -warmupRuns; run < runs; run++) {
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
          for (const measurement of wanted)
            samples[measurement.id].push(result.samples[measurement.id])
      } finally {
        await context.close()
      }
    }
    console.log(`bench: ${name}: ${runs} runs done`)
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
  const headlineRows = tableRows(headline, results, { withReferences: true })
  const breakdownRows = tableRows(breakdown, results, { withReferences: false })
  const machineLine = `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB.toFixed(1)} GiB RAM, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium} (headless)`
  const notes = [
    `Medians of ${runs} runs, each in a fresh browser context (empty cache), after ${warmupRuns} discarded warm-up run(s) per scenario; loopback only, non-loopback hosts fail to resolve.`,
    'Bytes: encoded (compressed) response body sizes as Chromium received them; host JS = script responses requested by the host document (airlock.js; the demo page’s own JS is inline).',
    'Times: in-page `performance.now()` (navigation start = 0) until `airlock.getState().open` is true, plus one `requestAnimationFrame`. Clicks are `button.click()` in the page, made as soon as `#connect` is enabled.',
    'Preloaded: page loaded, `requestIdleCallback`, then a no-op `airlock.close()` resolved (it awaits the bridge handshake) before the click.',
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
    '# Airlock bench results',
    '',
    `Generated by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString()}.`,
    '',
    `Machine: ${machineLine}.`,
    '',
    'Reference figures (AppKit, RainbowKit): same machine kind, offline, medians of 5.',
    '',
    markdownTable(headlineRows),
    '',
    '## Breakdown',
    '',
    markdownTable(breakdownRows),
    '',
    '## API',
    '',
    markdownTable(apiRows),
    '',
    '## Method',
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n')
  writeFileSync(join(root, 'bench/RESULTS.md'), markdown)
  console.log('\nbench: wrote bench/RESULTS.md')
}

async function main() {
  await checkPorts()
  console.log('bench: building production bundles…')
  await withTimeout('npm run build', buildBundles({ quiet: !verbose }), timeouts.build)
  const urls = await startBenchStack()
  const browser = await launchBrowser()
  const measured = await measure(browser, urls)
  const machine = describeMachine(browser.version())
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
  if (aborting) await new Promise(() => {})
  console.error(`\nbench: failed: ${error instanceof UsageError ? error.message : error.stack}`)
  await cleanup()
  process.exit(1)
}
