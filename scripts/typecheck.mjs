// Type-checks every workspace, and the checks in scripts/, with its own tsconfig, in one
// `tsc --build`: packages/protocol is a composite project whose declarations (in
// node_modules/.cache/typecheck, with every project's build info) the others read instead of
// checking its sources again, and each project is incremental, so a second run checks only what
// changed since the first. Exits non-zero when any project has an error.
import { execFileSync } from 'node:child_process'

const projects = [
  'packages/protocol',
  'packages/sdk',
  'packages/wagmi',
  'packages/react',
  'apps/example-react',
  'apps/modal',
  'apps/api',
  'e2e',
  'devchain',
  'scripts',
]
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname
try {
  execFileSync(process.execPath, [tsc, '--build', ...projects], { stdio: 'inherit' })
  console.log(`typecheck: ${projects.length} projects ok`)
} catch {
  console.error('typecheck: failed')
  process.exit(1)
}
