// Builds the loader (`dist/airlock.js`, an IIFE the API serves), the wallet modules it imports
// on Solana, Bitcoin, Polkadot and Cosmos pages (`dist/airlock-solana.js`, `dist/airlock-bitcoin.js`,
// `dist/airlock-polkadot.js`, `dist/airlock-cosmos.js`) and the published ESM SDK (`dist/index.js`,
// `dist/index.d.ts`: scripts/buildPackage.mjs).
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
export const walletStandardAppSource = new URL(
  '../../node_modules/@wallet-standard/app/src/index.ts',
  import.meta.url,
).pathname
const entry = (file) => new URL(`src/${file}`, import.meta.url).pathname
const out = (file) => new URL(`dist/${file}`, import.meta.url).pathname

await build({
  ...common,
  entryPoints: [entry('loader.ts')],
  outfile: out('airlock.js'),
  format: 'iife',
})
// Wallet Standard discovery, imported by the SDK only on pages whose networks include Solana.
// @wallet-standard/app is built from the TypeScript it publishes beside its compiled lib/: the lib
// carries TypeScript's down-levelled private-field helpers (~250 B gzip of this module), the source
// compiles to es2022's own. Pinned (package.json); scripts/walletStandardSource.test.ts fails if it moves.
await build({
  ...common,
  entryPoints: [entry('standardWallets.ts')],
  outfile: out('airlock-solana.js'),
  format: 'esm',
  alias: { '@wallet-standard/app': walletStandardAppSource },
})
// Bitcoin wallet discovery, imported only on pages whose networks include Bitcoin; its own module
// (the Wallet Standard registry is the page's, whichever copy of the app code asks it).
await build({
  ...common,
  entryPoints: [entry('bitcoinWallets.ts')],
  outfile: out('airlock-bitcoin.js'),
  format: 'esm',
  alias: { '@wallet-standard/app': walletStandardAppSource },
})
// Polkadot and Cosmos wallet discovery, each imported only on pages whose networks include its
// namespace; both read the wallets' injected APIs directly (no @polkadot or @cosmjs code).
for (const [source, file] of [
  ['polkadotWallets.ts', 'airlock-polkadot.js'],
  ['cosmosWallets.ts', 'airlock-cosmos.js'],
])
  await build({ ...common, entryPoints: [entry(source)], outfile: out(file), format: 'esm' })
console.log(
  'sdk: built dist/airlock.js and the wallet modules airlock-{solana,bitcoin,polkadot,cosmos}.js',
)
// The published package's ESM entry and declarations (the npm form, for bundlers).
await import('../../scripts/buildPackage.mjs')
