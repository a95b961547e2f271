// The dev chain's ERC-4337 bundler: Pimlico's alto (@pimlico/alto, pinned in the root
// package.json) as a child process, bundling for EntryPoint v0.8 (the EIP-7702 account's) and
// v0.7 (the Safe account's) on the anvil chain. It needs both EntryPoints deployed first
// (accountAbstraction.mjs). Its executor and utility keys are its own,
// funded with anvil_setBalance, so its transactions never race the dev accounts' nonces.
//
// Alto listens on 0.0.0.0, not only loopback: it has no flag for the host. Anyone who can reach
// this machine can send it user operations for the dev chain while it runs.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createPublicClient,
  createTestClient,
  http,
  keccak256,
  parseEther,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Address, entryPointAddress } from './accountAbstraction.mjs'

const altoCli = fileURLToPath(
  new URL('../node_modules/@pimlico/alto/esm/cli/alto.js', import.meta.url),
)

/**
 * Alto's two keys, derived from public phrases (dev keys: never send real funds to them). The
 * executor sends the bundles; the utility key deploys alto's simulation contracts at start.
 */
export const bundlerKeys = {
  executor: keccak256(stringToHex('airlock dev chain: bundler executor')),
  utility: keccak256(stringToHex('airlock dev chain: bundler utility')),
}

/** How much of alto's output a failure quotes. */
const logLimit = 20_000

/**
 * Starts alto for EntryPoints v0.8 and v0.7 on the anvil chain at `rpcUrl` and resolves once its
 * `GET /health` answers 200. `port` 0 takes a free port. Fails, quoting alto's output, when it
 * exits or is not healthy within `timeoutMs`. `debug` turns on alto's `debug_bundler_*` methods
 * (`debug_bundler_setBundlingMode` holds user operations in its mempool until
 * `debug_bundler_sendBundleNow`): for tests only, since anyone who reaches alto may call them.
 *
 * @param {{ rpcUrl: string, port?: number, quiet?: boolean, timeoutMs?: number, debug?: boolean }} options
 */
export async function startBundler({
  rpcUrl,
  port = 0,
  quiet = false,
  // alto is a large program: eight test files start one each, beside the unit run's other
  // workers on two cores, and one took over 30 s there.
  timeoutMs = 90_000,
  debug = false,
}) {
  const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 })
  const publicClient = createPublicClient({ transport })
  for (const { version, address } of [
    { version: 'v0.8', address: entryPointAddress },
    { version: 'v0.7', address: entryPoint07Address },
  ])
    if ((await publicClient.getCode({ address })) === undefined)
      throw new Error(
        `startBundler: no EntryPoint ${version} at ${address} on ${rpcUrl}; ` +
          'deploy it first (deployAccountAbstraction in devchain/accountAbstraction.mjs).',
      )
  const testClient = createTestClient({ mode: 'anvil', transport })
  for (const key of Object.values(bundlerKeys))
    await testClient.setBalance({
      address: privateKeyToAccount(key).address,
      value: parseEther('1000'),
    })

  // Alto needs a concrete port. Checked on every interface, where alto listens: something on
  // the port would otherwise answer our health check in its place. A port picked here can still
  // be taken before alto binds it (another process's outgoing connection on a loaded machine):
  // then another is picked, up to three times.
  for (let attempt = 1; ; attempt++) {
    const listenPort = port === 0 ? await freePort() : await assertPortFree(port)
    try {
      return await runAlto(listenPort)
    } catch (error) {
      if (port !== 0 || attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error
    }
  }

  /** Alto on `listenPort`, once healthy. @param {number} listenPort */
  async function runAlto(listenPort) {
    const url = `http://127.0.0.1:${listenPort}`
    // Alto reads a .env from its working directory and ALTO_* variables as flags, and reports to
    // Sentry when SENTRY_DSN is set: none of the caller's may change the dev bundler.
    const cwd = mkdtempSync(join(tmpdir(), 'airlock-alto-'))
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !name.startsWith('ALTO_') && name !== 'SENTRY_DSN' && name !== 'DOTENV_CONFIG_PATH',
      ),
    )
    const args = [
      altoCli,
      'run',
      '--entrypoints',
      `${entryPointAddress},${entryPoint07Address}`,
      '--rpc-url',
      rpcUrl,
      '--port',
      String(listenPort),
      '--executor-private-keys',
      bundlerKeys.executor,
      '--utility-private-key',
      bundlerKeys.utility,
      // No ERC-7562 rule checks: they trace with debug_traceCall and alto's own tracer.
      '--safe-mode',
      'false',
      '--log-level',
      'warn',
      // Anvil mines each transaction at once: poll and bundle fast (~90 ms from send to receipt,
      // ~250 ms with alto's defaults).
      '--block-time',
      '100',
      '--min-bundle-interval',
      '10',
      '--max-bundle-interval',
      '50',
      ...(debug ? ['--enable-debug-endpoints', 'true'] : []),
    ]
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let log = ''
    let healthy = false
    let stopping = false
    /** @param {import('node:stream').Readable} stream @param {NodeJS.WriteStream} target */
    const forward = (stream, target) =>
      stream.on('data', (chunk) => {
        log = (log + chunk).slice(-logLimit)
        if (quiet) return
        for (const line of chunk.toString().split('\n'))
          if (line.trim()) target.write(`[bundler] ${line}\n`)
      })
    forward(child.stdout, process.stdout)
    forward(child.stderr, process.stderr)
    const exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal)),
    )
    // A parent that ends without stop() (an uncaught error, process.exit) takes alto with it.
    const killOnExit = () => {
      child.kill('SIGKILL')
      rmSync(cwd, { recursive: true, force: true })
    }
    process.once('exit', killOnExit)
    exited.then((status) => {
      process.off('exit', killOnExit)
      rmSync(cwd, { recursive: true, force: true })
      // Ctrl-C in a terminal reaches alto too: exiting on SIGINT or SIGTERM is expected.
      if (!stopping && healthy && status !== 0 && status !== 'SIGINT' && status !== 'SIGTERM')
        process.stderr.write(`[bundler] alto on ${url} exited (${status}) on its own\n`)
    })

    const stop = async () => {
      stopping = true
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const kill = setTimeout(() => child.kill('SIGKILL'), 3000)
        await exited
        clearTimeout(kill)
      }
    }

    const deadline = Date.now() + timeoutMs
    while (!healthy) {
      const status = await Promise.race([exited, new Promise((r) => setTimeout(r, 100))])
      if (status !== undefined)
        throw new Error(
          `startBundler: alto exited (${status}) before it was healthy. Its output:\n${log}`,
        )
      if (Date.now() > deadline) {
        await stop()
        throw new Error(
          `startBundler: alto was not healthy on ${url} within ${timeoutMs} ms. Its output:\n${log}`,
        )
      }
      healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      )
    }
    return { url, port: listenPort, stop }
  }
}

/**
 * A port nothing listens on, on any interface, from the OS.
 * @returns {Promise<number>}
 */
function freePort() {
  return listening(0)
}

/** @param {number} port */
async function assertPortFree(port) {
  try {
    return await listening(port)
  } catch {
    throw new Error(
      `startBundler: port ${port} is in use. Stop what runs there or pick another port.`,
    )
  }
}

/**
 * Listens on `port` on every interface, as alto will, and closes again; resolves the port.
 * @param {number} port
 * @returns {Promise<number>}
 */
function listening(port) {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}
