// The size budgets, checked in `npm test`: the JS a host page loads for Airlock (the loader with
// the SDK inside) must stay within 8.5 KiB gzip (8 until the hardening of issue 14: retrying a
// failed handshake and refusing only on the API's word cost ~120 B, and penpal is bundled as
// published, without the rewrite that dropped its debug logging, ~260 B), and the Wallet Standard module Solana pages add
// within 2 KiB; the modal's first bundle within its own budget,
// and without the WalletConnect sign-client, which loads only when a visitor asks for a QR code.
// The modal's first bundle is every script its page loads before the first view renders: the
// entry and each chunk the page preloads for it (views that load on demand are not in it).
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

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
    maxBytes: 8.5 * 1024,
  },
  // Imported by the SDK only on pages whose networks include Solana.
  {
    file: 'packages/sdk/dist/airlock-solana.js',
    label: 'Wallet Standard discovery (airlock-solana.js)',
    maxBytes: 2 * 1024,
  },
  {
    files: modalScripts,
    label: "modal's first bundle",
    // React 19 is ~68 KB of it (react-dom's client alone ~63 KB); the rest is the bridge, the
    // connection actions and Connect. Account (with TanStack Query), every other view and the
    // WalletConnect client load on demand (issue 15). Little room is left: what a later view
    // needs belongs in its own chunk.
    maxBytes: 100 * 1024,
    // Methods of the relay protocol only the sign-client speaks.
    mustNotContain: ['wc_sessionPropose', 'irn_subscribe'],
  },
]
let over = false
for (const { file, files = [file], label, maxBytes, mustNotContain = [] } of budgets) {
  // Each file is its own response, compressed on its own.
  const sources = files.map(read)
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
