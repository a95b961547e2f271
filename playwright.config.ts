// Playwright e2e against real Chromium (Debian's, never a downloaded one), with the host page,
// the modal and a hostile third party on different loopback origins.
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

/** The specs that put the e2e stack's alto in manual bundling mode. */
const heldBundlerSpecs = 'pending-batch.spec.ts'
/**
 * The specs that trade on the dev chain's aUSD/ETH pool. A swap is refused when the price moved
 * past its slippage since its quote (issue 36), and one of them moves it on purpose, so they run
 * one after another (one worker); first, beside the rest, so they are not the suite's last minutes.
 */
const swapPoolSpecs = ['swap.spec.ts', 'swap-keyboard.spec.ts']

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // The tests share one stack and keep apart by their own addresses, projects and browser
  // contexts; they mostly wait on it (a 2-core machine ran two at a time at half its CPU), so
  // three run at once. E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // On CI a failed test runs once more; one that then passes is reported flaky, and `npm test`'s
  // summary counts it apart: on a loaded two-core machine a journey can outlast a wait sized on a
  // quiet one, and a red run then says nothing about the change. Locally every failure shows.
  retries: process.env.CI ? 1 : 0,
  // Journeys that sign up, reload and sign again run long while three share two cores, and a
  // view loads on demand the first time it opens: the limits bound a failure's wait, nothing more.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: 'off',
  },
  projects: [
    { name: 'swap-pool', testMatch: swapPoolSpecs, fullyParallel: false, workers: 1 },
    { name: 'e2e', testIgnore: [heldBundlerSpecs, ...swapPoolSpecs] },
    // Holds user operations in the shared alto's mempool (manual bundling): after every other
    // spec, so no other test's operation waits on it; alone, one test at a time.
    {
      name: 'held-bundler',
      testMatch: heldBundlerSpecs,
      dependencies: ['swap-pool', 'e2e'],
      fullyParallel: false,
    },
  ],
})
