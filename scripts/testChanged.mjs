// `npm run test:changed [-- REF]`: the inner loop. Runs what a change touches, against REF (HEAD by
// default: the uncommitted and untracked files): Biome on the changed files, the incremental type
// check, the unit tests that import a changed module (Vitest's --changed follows the module
// graph), and the e2e specs that are, or import, a changed file (Playwright's --only-changed),
// after a build of the browser bundles when the modal, a package or the example changed. `npm test`
// still runs everything.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const ref = process.argv[2] ?? 'HEAD'
const git = (...args) => {
  const result = spawnSync('git', args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`)
  return result.stdout.split('\n').filter(Boolean)
}
const changed = [
  ...new Set([
    ...git('diff', '--name-only', ref),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((path) => existsSync(path))
if (changed.length === 0) {
  console.log(`Nothing changed since ${ref}.`)
  process.exit(0)
}
console.log(`${changed.length} files changed since ${ref}.`)

/** Runs one step in the foreground; stops at the first that fails, with its exit code. */
function step(name, command, args) {
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const bin = (name) => `node_modules/.bin/${name}`
step('lint', bin('biome'), [
  'check',
  '--no-errors-on-unmatched',
  '--files-ignore-unknown=true',
  ...changed,
])
step('typecheck', 'node', ['scripts/typecheck.mjs'])
step('unit', bin('vitest'), [
  'run',
  ref === 'HEAD' ? '--changed' : `--changed=${ref}`,
  '--passWithNoTests',
])
const e2eTouched = changed.some((path) => path.startsWith('e2e/'))
const bundlesTouched = changed.some((path) =>
  /^(apps\/(modal|example-react)|packages\/(sdk|protocol|wagmi|react))\//.test(path),
)
if (e2eTouched || bundlesTouched) {
  if (bundlesTouched) step('build', 'npm', ['run', 'build'])
  step('e2e', bin('playwright'), [
    'test',
    ref === 'HEAD' ? '--only-changed' : `--only-changed=${ref}`,
    '--pass-with-no-tests',
  ])
}
