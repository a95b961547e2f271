// The size budget: the JS a host page loads for Airlock (the loader with the SDK inside) must
// stay within 8 KiB gzip. Fails the test run when over.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const budgets = [
  { file: 'packages/sdk/dist/airlock.js', label: 'loader + SDK (airlock.js)', maxBytes: 8 * 1024 },
]
let over = false
for (const { file, label, maxBytes } of budgets) {
  const bytes = gzipSync(readFileSync(new URL(`../${file}`, import.meta.url)), { level: 9 }).length
  const ok = bytes <= maxBytes
  over ||= !ok
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label}: ${bytes} B gzip (budget ${maxBytes} B)`)
}
process.exit(over ? 1 : 0)
