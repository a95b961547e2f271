/**
 * The API as the Docker image runs it: compiled by apps/api/build.mjs and started with plain
 * `node`, from a folder shaped like the image's /app (the compiled files, the registry and
 * node_modules; no TypeScript sources, no tsx), in production mode.
 */

import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { repoRoot } from '../src/repoRoot'
import { freePort } from './ports'

const run = promisify(execFile)
const apiDir = join(repoRoot, 'apps/api')

let app: string
beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'airlock-compiled-'))
  await mkdir(join(app, 'apps/api'), { recursive: true })
  await run(process.execPath, [join(apiDir, 'build.mjs'), '--outdir', join(app, 'apps/api/dist')])
  // The image's layout: `type: module` from the manifest, node_modules as npm ci leaves them.
  await cp(join(apiDir, 'package.json'), join(app, 'apps/api/package.json'))
  await symlink(join(apiDir, 'registry'), join(app, 'apps/api/registry'))
  await symlink(join(repoRoot, 'node_modules'), join(app, 'node_modules'))
  await symlink(join(apiDir, 'node_modules'), join(app, 'apps/api/node_modules')).catch(() => {})
}, 120_000)
afterAll(() => rm(app, { recursive: true, force: true }))
// A server a failed expectation left running is stopped, not left behind.
const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

/** Starts a compiled entry point with only `env` (and PATH): nothing of the test's own. */
function start(file: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, [join(app, file), ...args], {
    cwd: app,
    env: { PATH: process.env.PATH ?? '', ...env },
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return { child, output: () => output, exited }
}

async function healthz(port: number, deadline: number): Promise<Response> {
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/healthz`)
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

const productionEnv = (dataDir: string, port: number) => ({
  AIRLOCK_PRODUCTION: '1',
  AIRLOCK_PUBLIC_URL: 'https://airlock.example.com',
  AIRLOCK_SERVER_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtp://127.0.0.1:9',
  AIRLOCK_TRUST_PROXY: '1',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: String(port),
})

test('behavior: the compiled API starts with node in production mode, answers /healthz and stops on SIGTERM', async () => {
  const port = await freePort()
  const server = start('apps/api/dist/main.js', [], productionEnv(join(app, 'data-ok'), port))
  try {
    const response = await healthz(port, Date.now() + 60_000)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, database: 'sqlite' })
    // No demo project in production.
    expect((await fetch(`http://127.0.0.1:${port}/v1/projects/demo/config`)).status).toBe(404)
  } finally {
    server.child.kill('SIGTERM')
  }
  expect(await server.exited).toBe(0)
  expect(server.output()).not.toContain('created the demo project')
}, 90_000)

test('behavior: unsafe production settings stop the compiled API with a non-zero exit naming each', async () => {
  const port = await freePort()
  const {
    AIRLOCK_PUBLIC_URL: _,
    AIRLOCK_TRUST_PROXY: __,
    ...withoutPublicUrl
  } = productionEnv(join(app, 'data-bad'), port)
  const server = start('apps/api/dist/main.js', [], {
    ...withoutPublicUrl,
    ANVIL_RPC_URL: 'http://127.0.0.1:8545',
    AIRLOCK_WC_RELAY_URL: 'ws://127.0.0.1:8789',
  })
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('refuses to start')
  expect(server.output()).toContain('AIRLOCK_PUBLIC_URL is not set')
  expect(server.output()).toContain('AIRLOCK_TRUST_PROXY is not set')
  expect(server.output()).toContain('eip155:31337 RPC URL http://127.0.0.1:8545 (ANVIL_RPC_URL)')
  expect(server.output()).toContain('AIRLOCK_WC_RELAY_URL ws://127.0.0.1:8789')
}, 60_000)

test('behavior: a stored http origin stops the compiled API in production; the compiled CLI refuses to add one', async () => {
  const dataDir = join(app, 'data-origins')
  // Outside production the CLI may store it (a developer's database moved to production).
  const created = start(
    'apps/api/dist/cli.js',
    ['projects', 'create', 'shop', '--origin', 'http://shop.example'],
    {
      DATA_DIR: dataDir,
    },
  )
  expect(await created.exited).toBe(0)
  const refused = start(
    'apps/api/dist/cli.js',
    ['projects', 'allow-origin', 'shop', 'http://www.shop.example'],
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
    },
  )
  expect(await refused.exited).toBe(1)
  expect(refused.output()).toContain('Origin http://www.shop.example is not https')

  const server = start('apps/api/dist/main.js', [], productionEnv(dataDir, await freePort()))
  expect(await server.exited).toBe(1)
  // The server logs JSON lines (logger.ts): the refusal lists each problem under `problems`.
  const refusal = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; problems?: string[] })
    .find((entry) => entry.level === 'fatal')
  expect(refusal?.problems).toContainEqual(
    expect.stringContaining(
      'project "shop" allows http://shop.example, which is not https: revoke it with the CLI (projects revoke-origin shop http://shop.example)',
    ),
  )
}, 90_000)
