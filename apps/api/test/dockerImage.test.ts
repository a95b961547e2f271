/**
 * What can be checked of apps/api/Dockerfile without Docker: the runtime stage runs the compiled
 * API with node (no tsx) as a non-root user with a health check, in production mode, on the
 * API's production dependencies; the dependency stage sees every workspace manifest npm ci needs;
 * and docker-compose.yml is a production example. compiledServer.test.ts runs the compiled API.
 */

import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { repoRoot } from '../src/repoRoot'

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8')

type Stage = { from: string; name: string | undefined; instructions: string[] }

/** The Dockerfile's stages, each a list of instructions with continuations joined, no comments. */
function stagesOf(dockerfile: string): Stage[] {
  const instructions = dockerfile
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replaceAll(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const stages: Stage[] = []
  for (const instruction of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction)
    if (from) stages.push({ from: from[1]!, name: from[2], instructions: [] })
    else stages.at(-1)?.instructions.push(instruction)
  }
  return stages
}

const stages = stagesOf(read('apps/api/Dockerfile'))
const stage = (name: string) => stages.find((candidate) => candidate.name === name)!
const runtime = stages.at(-1)!
const apiPackage = JSON.parse(read('apps/api/package.json')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('apps/api/Dockerfile', () => {
  test('behavior: builds in one stage, installs production dependencies in another, runs in a third, all on one Debian node:20-slim', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'deps', undefined])
    expect(new Set(stages.map((s) => s.from))).toEqual(new Set(['node:20-bookworm-slim']))
  })

  test('behavior: the runtime runs the compiled API with node, not tsx, in production mode, as a non-root user, with a health check', () => {
    const cmd = runtime.instructions.find((i) => i.startsWith('CMD '))!
    const argv = JSON.parse(cmd.slice(4)) as string[]
    expect(argv[0]).toBe('node')
    expect(argv.at(-1)).toBe('apps/api/dist/main.js')
    expect(runtime.instructions.join('\n')).not.toMatch(/tsx|apps\/api\/src/)
    expect(runtime.instructions).toContain('ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787')
    const users = runtime.instructions.filter((i) => i.startsWith('USER '))
    expect(users.at(-1)).toBe('USER node')
  })

  test('behavior: the health check exits 0 when /healthz answers 200 and 1 otherwise', async () => {
    const healthcheck = runtime.instructions.find((i) => i.startsWith('HEALTHCHECK '))!
    // Exec form must be valid JSON, or Docker would run it through a shell that image may lack.
    const [command, ...args] = JSON.parse(healthcheck.slice(healthcheck.indexOf(' CMD ') + 5))
    expect([command, args[0]]).toEqual(['node', '-e'])
    for (const [status, exitCode] of [
      [200, 0],
      [503, 1],
    ] as const) {
      const server = createServer((request, response) => {
        response.statusCode = request.url === '/healthz' ? status : 404
        response.end()
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const { port } = server.address() as AddressInfo
      const exited = await new Promise<number | null>((resolve) =>
        execFile(process.execPath, args, { env: { PORT: String(port) } }, (error) =>
          resolve(error === null ? 0 : (error.code as number)),
        ),
      )
      server.close()
      expect(exited).toBe(exitCode)
    }
  })

  test('behavior: the runtime takes node_modules from the production install and only build outputs from the build', () => {
    const copies = runtime.instructions.filter((i) => i.startsWith('COPY '))
    expect(copies).toContain('COPY --from=deps /app ./')
    const fromBuild = copies
      .filter((i) => i.startsWith('COPY --from=build '))
      .map((i) => i.split(/\s+/)[2])
    expect(fromBuild.sort()).toEqual([
      '/app/apps/api/dist',
      '/app/apps/modal/dist',
      '/app/packages/sdk/dist',
    ])
    for (const source of copies
      .filter((i) => !i.includes('--from='))
      .map((i) => i.split(/\s+/)[1]!))
      expect(existsSync(join(repoRoot, source)), source).toBe(true)
    expect(stage('deps').instructions).toContain(
      'RUN npm ci --omit=dev -w @airlock/api && npm cache clean --force',
    )
  })

  test('behavior: the dependency stage copies the lock file and every workspace manifest, which npm ci checks against it', () => {
    const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] }
    const manifests = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(repoRoot, pattern.slice(0, -2))).map(
            (name) => `${pattern.slice(0, -1)}${name}`,
          )
        : [pattern],
    )
    const copies = stage('deps').instructions.filter((i) => i.startsWith('COPY '))
    expect(copies).toContain('COPY package.json package-lock.json ./')
    for (const workspace of manifests.filter((dir) =>
      existsSync(join(repoRoot, dir, 'package.json')),
    ))
      expect(copies).toContain(`COPY ${workspace}/package.json ${workspace}/`)
  })

  test('behavior: the build stage builds the browser bundles the API serves and compiles the API with its build script', () => {
    expect(stage('build').instructions).toContain(
      'RUN npm run build -w @airlock/sdk && npm run build -w @airlock/modal && npm run build -w @airlock/api',
    )
    expect(apiPackage.scripts.build).toBe('node build.mjs')
  })

  test('behavior: tsx and esbuild are development dependencies of the API, not runtime ones', () => {
    expect(Object.keys(apiPackage.dependencies)).not.toContain('tsx')
    expect(Object.keys(apiPackage.dependencies)).not.toContain('esbuild')
    expect(Object.keys(apiPackage.devDependencies)).toEqual(
      expect.arrayContaining(['esbuild', 'tsx']),
    )
  })

  test('behavior: the build context leaves out host node_modules, builds, data and secrets', () => {
    const ignored = read('apps/api/Dockerfile.dockerignore').split('\n')
    expect(ignored).toEqual(
      expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.git', '**/.env']),
    )
  })
})

describe('docker-compose.yml', () => {
  const compose = read('docker-compose.yml')
  const settings = compose
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')

  test('behavior: the API service builds this Dockerfile in production mode and requires AIRLOCK_PUBLIC_URL', () => {
    expect(settings).toContain('dockerfile: apps/api/Dockerfile')
    expect(settings).toMatch(/AIRLOCK_PRODUCTION: "1"/)
    expect(settings).toMatch(/AIRLOCK_PUBLIC_URL: \$\{AIRLOCK_PUBLIC_URL:\?/)
  })

  test('behavior: it says how many proxies stand in front (the TLS proxy and the lb), which production mode requires', () => {
    expect(settings).toMatch(/AIRLOCK_TRUST_PROXY: \$\{AIRLOCK_TRUST_PROXY:-2\}/)
  })

  test('behavior: only the lb publishes a host port; it runs HAProxy with deploy/haproxy.cfg', () => {
    expect(settings.match(/^ {4}ports:/gm)).toHaveLength(1)
    expect(settings).toMatch(
      /\n {2}lb:\n {4}image: haproxy:2\.6\n {4}volumes:\n {6}- \.\/deploy\/haproxy\.cfg:\/usr\/local\/etc\/haproxy\/haproxy\.cfg:ro\n {4}ports:\n {6}- "8787:8787"\n/,
    )
  })

  test('behavior: the lb checks every replica’s /healthz each second, out after 2 failures, in after 1', () => {
    const haproxy = read('deploy/haproxy.cfg')
    expect(haproxy).toContain('  balance roundrobin\n')
    expect(haproxy).toContain(
      '  option httpchk GET /healthz HTTP/1.1\n  http-check send hdr Host airlock-lb\n  http-check expect status 200\n',
    )
    expect(haproxy).toMatch(/^ {2}default-server inter 1s fall 2 rise 1 /m)
    expect(haproxy).toMatch(/^ {2}server-template api- \d+ api:8787 check$/m)
  })

  test('behavior: it sets no development network or relay, which production mode would refuse', () => {
    expect(settings).not.toMatch(
      /ANVIL_RPC_URL|SOLANA_RPC_URL|AIRLOCK_WC_RELAY_URL|AIRLOCK_WC_VERIFY/,
    )
  })
})
