// Builds apps/example-next, a Next.js app-router page on @airlock/react, as `npm test`'s check
// that the package works where dapps render on a server: its published form (dist/, built first
// when missing), prerendered without errors. Prints Next's output; exits non-zero when it fails.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const root = new URL('..', import.meta.url).pathname
const run = (command, args, cwd = root) =>
  spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  }).status

for (const name of ['sdk', 'react'])
  if (
    !existsSync(`${root}packages/${name}/dist/index.d.ts`) &&
    run('npm', ['run', 'build', '-w', `@airlock/${name}`]) !== 0
  )
    process.exit(1)
const status = run(
  process.execPath,
  [`${root}node_modules/next/dist/bin/next`, 'build'],
  `${root}apps/example-next`,
)
console.log(
  status === 0 ? 'next: apps/example-next built' : 'next: apps/example-next failed to build',
)
process.exit(status === 0 ? 0 : 1)
