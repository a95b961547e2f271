// Builds the loader (`dist/airlock.js`, an IIFE the API serves), the Wallet Standard module it
// imports on Solana pages (`dist/airlock-solana.js`) and the ESM SDK (`dist/index.js`).
import { readFile } from 'node:fs/promises'
import { build } from 'esbuild'

/**
 * Drops penpal's debug logging from the bundle: its `log?.(…)` calls only run when a `log`
 * option is passed, which Airlock never does, and their strings cost host pages ~140 B gzip.
 * `npm test`'s size budget notices if a penpal update stops this from matching.
 */
const withoutPenpalLogging = {
  name: 'without-penpal-logging',
  setup(build) {
    build.onLoad({ filter: /[\\/]penpal[\\/]dist[\\/]penpal\.mjs$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replace(
        /(?<![.\w])(this\.#)?log\?\.\(/g,
        '(void 0)?.(',
      ),
      loader: 'js',
    }))
  },
}

const common = {
  bundle: true,
  minify: true,
  sourcemap: true,
  target: 'es2022',
  conditions: ['browser'],
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [withoutPenpalLogging],
}
const entry = (file) => new URL(`src/${file}`, import.meta.url).pathname
const out = (file) => new URL(`dist/${file}`, import.meta.url).pathname

await build({
  ...common,
  entryPoints: [entry('loader.ts')],
  outfile: out('airlock.js'),
  format: 'iife',
})
// Wallet Standard discovery, imported by the SDK only on pages whose networks include Solana.
await build({
  ...common,
  entryPoints: [entry('standardWallets.ts')],
  outfile: out('airlock-solana.js'),
  format: 'esm',
})
await build({
  ...common,
  entryPoints: [entry('index.ts')],
  outfile: out('index.js'),
  format: 'esm',
})
console.log('sdk: built dist/airlock.js, dist/airlock-solana.js and dist/index.js')
