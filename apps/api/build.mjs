// Compiles the API to JavaScript for production (`npm run build -w @airlock/api`): `dist/main.js`
// (the server) and `dist/cli.js` (the operator's CLI), ESM for Node 20, run with plain `node`.
// @airlock/protocol is TypeScript source, so it is bundled in; every other package stays an
// import, resolved at run time from the production install (`npm ci --omit=dev`). The build
// fails if the bundle imports a package apps/api/package.json doesn't list in `dependencies`,
// which that install would lack. `--outdir <dir>` writes elsewhere (the tests do).
import { readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'

const here = new URL('.', import.meta.url).pathname
const { values } = parseArgs({ options: { outdir: { type: 'string' } } })
const outdir = resolve(values.outdir ?? resolve(here, 'dist'))

/** Workspace packages are source; the rest of node_modules is left to Node. */
const bundleWorkspacesOnly = {
  name: 'bundle-workspaces-only',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@airlock/') ? undefined : { path, external: true },
    )
  },
}

const result = await build({
  entryPoints: [resolve(here, 'src/main.ts'), resolve(here, 'src/cli.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [bundleWorkspacesOnly],
})

const { dependencies = {} } = JSON.parse(await readFile(resolve(here, 'package.json'), 'utf8'))
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/')
const undeclared = new Set()
for (const output of Object.values(result.metafile.outputs))
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue
    if (!(packageOf(path) in dependencies)) undeclared.add(packageOf(path))
  }
if (undeclared.size > 0) {
  console.error(
    `api: the bundle imports ${[...undeclared].join(', ')}, not in apps/api/package.json dependencies; a production install would lack it.`,
  )
  process.exit(1)
}
console.log(`api: built ${outdir}/main.js and ${outdir}/cli.js`)
