// The published packages, checked in `npm test` after the build (each one's `dist/`): what
// `npm pack` would put in its tarball (the built entry and its declarations, the README, the
// sources beside the source maps; no test, no stand-in, nothing else), publint's checks of its
// package.json against those files, and Are the Types Wrong's of its types as TypeScript resolves
// them (ESM-only packages: node16's ESM and bundler resolution). Exits non-zero on any finding.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'

const root = new URL('..', import.meta.url).pathname
export const publishedPackages = ['packages/sdk', 'packages/wagmi', 'packages/react']

/** The files a tarball may hold; every one of `required` must be in it. */
const allowed = [
  /^package\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^dist\/index\.(js|js\.map|d\.ts)$/,
  /^src\/(?!test\/)[\w/]+\.tsx?$/,
]
const required = ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']
const tests = /\.test\.tsx?$/

/** Packs the package once into `destination`: the tarball, and the files npm put in it. */
function pack(dir, destination) {
  const output = execFileSync(
    'npm',
    ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
    { cwd: `${root}${dir}`, encoding: 'utf8' },
  )
  const [{ filename, files }] = JSON.parse(output)
  return { tarball: join(destination, filename), files: files.map((file) => file.path) }
}

let failed = false
const report = (ok, line) => {
  failed ||= !ok
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`)
}

const packed = mkdtempSync(join(tmpdir(), 'airlock-pack-'))
for (const dir of publishedPackages) {
  const { tarball, files } = pack(dir, packed)
  const strays = files.filter(
    (file) => tests.test(file) || !allowed.some((rule) => rule.test(file)),
  )
  const missing = required.filter((file) => !files.includes(file))
  report(
    !strays.length && !missing.length,
    `${dir} npm pack: ${files.length} files${strays.length ? `; not to publish: ${strays.join(', ')}` : ''}${missing.length ? `; missing: ${missing.join(', ')}` : ''}`,
  )

  const { messages, pkg } = await publint({ pkgDir: `${root}${dir}`, level: 'suggestion' })
  report(!messages.length, `${dir} publint: ${messages.length} findings`)
  for (const message of messages) console.log(`     ${formatMessage(message, pkg)}`)

  // The same tarball npm pack made above, not a second pack.
  const attw = spawnSync(
    `${root}node_modules/.bin/attw`,
    [tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji'],
    { encoding: 'utf8' },
  )
  // A package without types passes attw: ours must have them.
  const typed = !attw.stdout.includes('does not contain types')
  report(attw.status === 0 && typed, `${dir} are-the-types-wrong`)
  if (attw.status !== 0 || !typed) console.log(`${attw.stdout}${attw.stderr}`)
}
rmSync(packed, { recursive: true, force: true })
process.exit(failed ? 1 : 0)
