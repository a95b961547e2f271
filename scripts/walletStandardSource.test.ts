// airlock-solana.js builds @wallet-standard/app from the TypeScript the package publishes (see
// packages/sdk/build.mjs): this fails when an upgrade moves or changes what that build relies on.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const app = new URL('../node_modules/@wallet-standard/app/', import.meta.url)

test('behavior: @wallet-standard/app is the pinned 1.1.1, and its published source exports getWallets', async () => {
  expect(JSON.parse(readFileSync(new URL('package.json', app), 'utf8')).version).toBe('1.1.1')
  const source = await import(new URL('src/index.ts', app).pathname)
  expect(typeof source.getWallets).toBe('function')
  expect(readFileSync(new URL('src/wallets.ts', app), 'utf8')).toContain(
    "'wallet-standard:app-ready'",
  )
})
