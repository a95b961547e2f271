// What both benches share (`npm run bench`, `npm run bench:peers`): their settings, running them
// and stopping what they started, the local stack and an offline Chromium, network accounting,
// and number and table formatting.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs'
import { buildBundles, startStack } from '../scripts/stack.mjs'

export const KiB = 1024

// ---------------------------------------------------------------------------------------------
// Settings: BENCH_RUNS (7) rounds after BENCH_WARMUP (1) discarded; BENCH_VERBOSE=1 shows the
// stack's output and every run's figures.

export const runs = Number(process.env.BENCH_RUNS ?? 7)
export const warmupRuns = Number(process.env.BENCH_WARMUP ?? 1)
export const verbose = process.env.BENCH_VERBOSE === '1'
/** The hosts a page may reach; any other fails to resolve. */
export const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
/** The browser context every scenario runs in. */
export const contextOptions = { viewport: { width: 1280, height: 800 } }

/**
 * The stack's ports, a fresh object each time: `checkPorts` moves anvil and Solana aside. The
 * demo project allows http://127.0.0.1:5173 and http://localhost:5173 only.
 */
const benchPorts = () => ({ api: 8787, demo: 5173, anvil: 8545, relay: 8789, solana: 8899 })

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to stop it; it runs once, on success, failure,
// Ctrl-C or the overall deadline.

/**
 * The run's cleanup: `cleanups` take how to stop what was started; `cleanup()` runs them once, in
 * reverse; Ctrl-C, a crash or `wholeMs` passing stops everything and exits.
 */
function createCleanup(wholeMs) {
  const cleanups = []
  let cleaningUp
  let aborting = false
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
  setTimeout(() => abort(`took over ${wholeMs / 60_000} min`, 1), wholeMs).unref()
  return { cleanups, cleanup, aborting: () => aborting }
}

/**
 * Runs a bench's `main(cleanups)`, then stops everything it started and exits: 0, or 1 with what
 * failed. `name` starts its lines; `wholeMs` is its deadline.
 */
export async function runBench(name, wholeMs, main) {
  const { cleanups, cleanup, aborting } = createCleanup(wholeMs)
  try {
    await main(cleanups)
    await cleanup()
    process.exit(0)
  } catch (error) {
    // After Ctrl-C, whatever failed failed because we were stopping it; abort() exits.
    if (aborting()) await new Promise(() => {})
    console.error(`\n${name}: failed: ${error instanceof UsageError ? error.message : error.stack}`)
    await cleanup()
    process.exit(1)
  }
}

/** A failure to report in one line, without a stack trace. */
export class UsageError extends Error {}

export function withTimeout(what, promise, ms) {
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
export async function portInUse(port) {
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
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** The machine in one line, for the results: cores, CPU, memory, OS, Node and Chromium. */
export function describeMachine(chromiumVersion) {
  const cpus = os.cpus()
  const cpu = cpus[0]?.model.trim() ?? 'unknown CPU'
  const memoryGiB = os.totalmem() / KiB ** 3
  const system = `${os.type()} ${os.release()} ${os.arch()}`
  return `${cpus.length} cores (${cpu}), ${memoryGiB.toFixed(1)} GiB RAM, ${system}, Node ${process.version}, Chromium ${chromiumVersion} (headless)`
}

// ---------------------------------------------------------------------------------------------
// Network accounting: the encoded (compressed) body bytes of every finished response, split by
// which frame asked for it.

export function trackNetwork(page, allowedHosts) {
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

export const sum = (entries) => entries.reduce((total, entry) => total + entry.bytes, 0)

// ---------------------------------------------------------------------------------------------
// Formatting.

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * About 3 significant digits (7.93 KiB, 26.8 ms, 557 KiB), or `decimals` digits (0.012 ms);
 * `whole` (targets) drops trailing zeros: 8 KiB, 0.2 ms, not 8.00 KiB, 0.200 ms.
 */
export function format(value, unit, { whole = false, decimals } = {}) {
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

export function plainTable(rows) {
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

export function markdownTable(rows) {
  const line = (row) => `| ${row.join(' | ')} |`
  const align = rows[0].map((_, column) => (column === 0 ? ':--' : '--:'))
  return [line(rows[0]), line(align), ...rows.slice(1).map(line)].join('\n')
}

/** Fails naming the port when `npm start` (or anything) holds the bench's ports; moves anvil and Solana aside. */
async function checkPorts(ports) {
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
async function startBenchStack(ports, { cleanups, verbose, timeoutMs }) {
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
    // The bench reads its mail (login codes) from its dev mail server's page, which takes
    // whatever ports are free, so it never meets `npm start`'s (2525, 8790) or anything else.
    smtpPort: 0,
    devMailPort: 0,
    // Nor signs in with Farcaster, nor sends user operations.
    farcasterPort: 0,
    bundlerPort: 0,
    paymasterPort: 0,
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
  const { urls } = await withTimeout('starting the stack', starting, timeoutMs)
  return urls
}

/** Headless Chromium, offline: every host but loopback fails to resolve. */
async function launchBrowser(cleanups) {
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

/**
 * What each bench does first: checks its ports; builds Airlock's production bundles, and what
 * `alsoBuild()` builds beside them, within `timeouts.build`; starts the stack within
 * `timeouts.stack`, and an offline Chromium. `building` says what is built; `cleanups` stops it all.
 */
export async function prepareBench(cleanups, { name, building, alsoBuild, timeouts }) {
  const ports = benchPorts()
  await checkPorts(ports)
  console.log(`${name}: building ${building}…`)
  await withTimeout(
    `building ${building}`,
    Promise.all([buildBundles({ quiet: !verbose }), alsoBuild?.()]),
    timeouts.build,
  )
  const urls = await startBenchStack(ports, { cleanups, verbose, timeoutMs: timeouts.stack })
  const browser = await launchBrowser(cleanups)
  return { urls, browser }
}
