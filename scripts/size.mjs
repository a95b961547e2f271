// The size budgets, checked in `npm test`: the React bindings within 3 KiB gzip and the wagmi
// connector within 2 KiB (minified, as a dapp ships them); the JS a host page loads for Airlock
// must stay within 10 KiB gzip, the loader with the SDK inside (9 KiB: 8 until the hardening of issue 14 —
// retrying a failed handshake and refusing only on the API's word, ~120 B, and penpal bundled as
// published, ~260 B — 8.5 until issue 16: the frame telling the host its networks and its
// prerendered view, ~100 B — and 8.75 until issue 38: `airlock.bitcoin` and loading a namespace's
// wallet module by name, ~90 B) and the Wallet Standard module pages with a Solana network add
// (2 KiB) together (10.25 KiB since issue 38, for the same ~90 B), or the Bitcoin wallet module
// pages with a Bitcoin network add (2 KiB; 11 KiB together since issue 41: the site's locale option, ~50 B; 10.75 before), or the Polkadot (1.25 KiB) or
// Cosmos (1.75 KiB) wallet module pages with such a network add (10.5 KiB together, each; loading
// them cost airlock.js ~35 B); the modal's first bundle within its own budget,
// and without the WalletConnect sign-client, which loads only when a visitor asks for a QR code.
// The modal's first bundle is every script its page loads before the first view renders: the
// entry and each chunk the page preloads for it (views that load on demand are not in it).
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { transformSync } from 'esbuild'

const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url))

const modalHtml = read('apps/modal/dist/index.html').toString()
const modalScripts = [
  ...modalHtml.matchAll(
    /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/(assets\/[^"]+\.js)"/g,
  ),
].map((match) => `apps/modal/dist/${match[1]}`)
if (!modalScripts.length)
  throw new Error('apps/modal/dist/index.html names no entry script; build first.')

const budgets = [
  {
    file: 'packages/sdk/dist/airlock.js',
    label: 'loader + SDK (airlock.js)',
    maxBytes: 9 * 1024,
  },
  // Imported by the SDK only on pages whose networks include Solana.
  {
    file: 'packages/sdk/dist/airlock-solana.js',
    label: 'Wallet Standard discovery (airlock-solana.js)',
    maxBytes: 2 * 1024,
  },
  // What a page with a Solana network loads of ours, the demo's bare snippet among them.
  {
    files: ['packages/sdk/dist/airlock.js', 'packages/sdk/dist/airlock-solana.js'],
    label: 'host page JS with a Solana network (both)',
    maxBytes: 10.25 * 1024,
  },
  // Imported by the SDK only on pages whose networks include Bitcoin.
  {
    file: 'packages/sdk/dist/airlock-bitcoin.js',
    label: 'Bitcoin wallet discovery (airlock-bitcoin.js)',
    maxBytes: 2 * 1024,
  },
  {
    files: ['packages/sdk/dist/airlock.js', 'packages/sdk/dist/airlock-bitcoin.js'],
    label: 'host page JS with a Bitcoin network (both)',
    maxBytes: 11 * 1024,
  },
  // Imported by the SDK only on pages whose networks include Polkadot, and Cosmos.
  {
    file: 'packages/sdk/dist/airlock-polkadot.js',
    label: 'Polkadot wallet discovery (airlock-polkadot.js)',
    maxBytes: 1.25 * 1024,
  },
  {
    files: ['packages/sdk/dist/airlock.js', 'packages/sdk/dist/airlock-polkadot.js'],
    label: 'host page JS with a Polkadot network (both)',
    maxBytes: 10.5 * 1024,
  },
  {
    file: 'packages/sdk/dist/airlock-cosmos.js',
    label: 'Cosmos wallet discovery (airlock-cosmos.js)',
    // Signing documents converted both ways (base64 and bigint) and checked before the wallet is
    // asked: ~1.5 KiB.
    maxBytes: 1.75 * 1024,
  },
  {
    files: ['packages/sdk/dist/airlock.js', 'packages/sdk/dist/airlock-cosmos.js'],
    label: 'host page JS with a Cosmos network (both)',
    maxBytes: 10.5 * 1024,
  },
  // The published bindings, as a dapp's bundler ships them (minified; react, wagmi, viem and
  // @airlock/sdk are the dapp's own dependencies, not counted here).
  {
    file: 'packages/react/dist/index.js',
    label: '@airlock/react (minified)',
    maxBytes: 3 * 1024,
    minify: true,
  },
  {
    file: 'packages/wagmi/dist/index.js',
    label: '@airlock/wagmi (minified)',
    maxBytes: 2 * 1024,
    minify: true,
  },
  {
    files: modalScripts,
    label: "modal's first bundle",
    // React 19 is ~68 KB of it (react-dom's client alone ~63 KB); the rest is the bridge, the
    // connection actions and Connect. Account (with TanStack Query), every other view and the
    // WalletConnect client load on demand (issue 15); so do the embedded wallet's code and views
    // and Connect's social buttons (issues 18 and 19). zod is not in it either: its core is one
    // module holding every schema class the lazy chunks use (~8 KB), and this bundle would take it
    // whole. The modal reads the project's config with the protocol's one schema for it, in valibot
    // (project.ts), which brings only the checks that schema uses (~2 KB). What a later view needs
    // belongs in its own chunk. 100 KiB until issue 41: what the first view does for every
    // visitor (the site told how the visitor signed in, a step's own title, accessible names)
    // had used the last bytes; what a later view needs still belongs in its chunk. 104 KiB since
    // issue 41's locales: Lingui's runtime (~2.3 KB, no message parser: the build compiles every
    // message) and the spec catalogue translated at display (~0.7 KB); a language's catalogue is
    // a chunk of its own, fetched only by a visitor who reads it.
    maxBytes: 104 * 1024,
    // Methods of the relay protocol only the sign-client speaks.
    mustNotContain: ['wc_sessionPropose', 'irn_subscribe'],
  },
]
let over = false
for (const { file, files = [file], label, maxBytes, mustNotContain = [], minify } of budgets) {
  // Each file is its own response, compressed on its own.
  const sources = files.map((name) =>
    minify
      ? transformSync(read(name).toString(), { minify: true, format: 'esm' }).code
      : read(name),
  )
  const bytes = sources.reduce((sum, source) => sum + gzipSync(source, { level: 9 }).length, 0)
  const ok = bytes <= maxBytes
  over ||= !ok
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label}: ${bytes} B gzip (budget ${maxBytes} B)`)
  for (const marker of mustNotContain)
    if (sources.some((source) => source.includes(marker))) {
      over = true
      console.log(`FAIL ${label} contains ${marker}: WalletConnect must load on demand`)
    }
}
process.exit(over ? 1 : 0)
