// Type-checks every workspace, and the checks in scripts/, with its own tsconfig (no emit); exits
// non-zero on the first failure.
import { execFileSync } from 'node:child_process'

const projects = [
  'packages/protocol',
  'packages/sdk',
  'apps/modal',
  'apps/api',
  'e2e',
  'devchain',
  'scripts',
]
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname
let failed = false
for (const project of projects) {
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '-p', project], { stdio: 'inherit' })
    console.log(`typecheck ${project}: ok`)
  } catch {
    console.error(`typecheck ${project}: failed`)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
