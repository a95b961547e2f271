// `npm test`: every check CI runs — Biome, type checks, unit tests, the bundle size budget, the
// published packages (npm pack, publint, Are the Types Wrong; scripts/checkPackages.mjs), a Next.js
// app-router page built on @airlock/react, and the Playwright e2e suite — then the runners'
// summaries and one closing total. The type check, then the build (then the package checks and the
// Next.js build), run beside the unit tests, one at a time and at a lower CPU priority (`nice`):
// the unit tests mostly wait on PostgreSQL, anvil and Chromium, and their waits are timed, so they
// come first on two cores and the compilers take what is left. Those steps' output is printed
// whole when they end, the unit tests' as it comes.
// Installs what the machine lacks (Chromium, PostgreSQL, Redis, HAProxy) through apt when running
// as root.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

const isRoot = process.getuid?.() === 0

function aptInstall(packages) {
  console.log(`Installing ${packages.join(', ')} with apt-get…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`)
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return
  if (isRoot && !process.env.CHROMIUM_PATH) return aptInstall(['chromium'])
  throw new Error(
    `No Chromium at ${path}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  )
}

function ensurePostgres() {
  const hasPostgres =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) =>
      existsSync(`/usr/lib/postgresql/${v}/bin/initdb`),
    )
  if (hasPostgres) return
  if (isRoot) return aptInstall(['postgresql'])
  throw new Error('PostgreSQL is needed for the API tests: apt-get install postgresql')
}

/**
 * Runs a step and keeps its output for the summary: streamed as it comes, or, `buffered`, printed
 * whole when the step ends (for a step that runs beside another).
 */
function step(name, command, args, { buffered = false, background = false } = {}) {
  return new Promise((resolve) => {
    const header = `\n━━ ${name}: ${command} ${args.join(' ')}`
    if (!buffered) console.log(header)
    const started = Date.now()
    // coreutils' nice: the step and every process it starts yield the CPU to the others.
    const child = spawn(
      background ? 'nice' : command,
      background ? ['-n', '10', command, ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (!buffered) process.stdout.write(chunk)
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
      if (!buffered) process.stderr.write(chunk)
    })
    child.on('exit', (code) => {
      if (buffered) console.log(`${header}\n${output.trimEnd()}`)
      resolve({
        name,
        ok: code === 0,
        // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colours.
        output: output.replace(/\x1b\[[0-9;]*m/g, ''),
        seconds: (Date.now() - started) / 1000,
      })
    })
  })
}

function ensureRedis() {
  if (existsSync('/usr/bin/redis-server') || process.env.REDIS_SERVER) return
  if (isRoot) return aptInstall(['redis-server'])
  throw new Error('redis-server is needed for the cache tests: apt-get install redis-server')
}

function ensureHaproxy() {
  if (existsSync('/usr/sbin/haproxy') || process.env.HAPROXY_PATH) return
  if (isRoot) return aptInstall(['haproxy'])
  throw new Error('HAProxy is needed for the scale stack test: apt-get install haproxy')
}

const results = []
try {
  ensureChromium()
  ensurePostgres()
  ensureRedis()
  ensureHaproxy()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

const npx = (bin, ...args) => [`node_modules/.bin/${bin}`, args]
results.push(await step('lint', ...npx('biome', 'check', '.')))
results.push(
  ...(
    await Promise.all([
      step('unit', ...npx('vitest', 'run')),
      // Beside it, in turn: the type check, the build, then what needs the build (the published
      // packages' checks and the Next.js page's build).
      (async () => {
        const beside = { buffered: true, background: true }
        return [
          await step('typecheck', 'node', ['scripts/typecheck.mjs'], beside),
          await step('build', 'npm', ['run', 'build'], beside),
          await step('packages', 'node', ['scripts/checkPackages.mjs'], beside),
          await step('next', 'node', ['scripts/buildExampleNext.mjs'], beside),
        ]
      })(),
    ])
  ).flat(),
)
results.push(await step('size', 'node', ['scripts/size.mjs']))
results.push(await step('e2e', ...npx('playwright', 'test')))

// The runners' own summaries, then one line with the totals.
let passed = 0
let failed = 0
let flaky = 0
console.log('\n━━ Summary')
for (const result of results) {
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds.toFixed(1)} s)`)
}
const unit = results.find((r) => r.name === 'unit')?.output ?? ''
const vitestFiles = unit.match(/^\s*Test Files\s+.*$/m)?.[0]
const vitestTests = unit.match(/^\s*Tests\s+.*$/m)?.[0]
if (vitestFiles) console.log(`vitest: ${vitestFiles.trim()}`)
if (vitestTests) {
  console.log(`vitest: ${vitestTests.trim()}`)
  passed += Number(vitestTests.match(/(\d+) passed/)?.[1] ?? 0)
  failed += Number(vitestTests.match(/(\d+) failed/)?.[1] ?? 0)
}
const e2e = results.find((r) => r.name === 'e2e')?.output ?? ''
for (const line of e2e
  .split('\n')
  .filter((l) => /^\s+\d+ (passed|failed|flaky|skipped|did not run)/.test(l))) {
  console.log(`playwright: ${line.trim()}`)
  const count = Number(line.match(/\d+/)?.[0] ?? 0)
  if (/passed/.test(line)) passed += count
  if (/failed/.test(line)) failed += count
  if (/flaky/.test(line)) flaky += count
}
const stepsFailed = results.filter((r) => !r.ok).length
if (stepsFailed && failed === 0) failed = stepsFailed
console.log(
  `total: ${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky (failed, then passed on a retry)` : ''}`,
)
process.exit(results.every((r) => r.ok) ? 0 : 1)
