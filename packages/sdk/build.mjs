// Builds the loader (`dist/airlock.js`, an IIFE the API serves) and the ESM SDK (`dist/index.js`).
import { build } from 'esbuild'

const common = {
  bundle: true,
  minify: true,
  sourcemap: true,
  target: 'es2022',
  conditions: ['browser'],
  legalComments: 'none',
  logLevel: 'warning',
}
await build({
  ...common,
  entryPoints: [new URL('src/loader.ts', import.meta.url).pathname],
  outfile: new URL('dist/airlock.js', import.meta.url).pathname,
  format: 'iife',
})
await build({
  ...common,
  entryPoints: [new URL('src/index.ts', import.meta.url).pathname],
  outfile: new URL('dist/index.js', import.meta.url).pathname,
  format: 'esm',
})
console.log('sdk: built dist/airlock.js and dist/index.js')
