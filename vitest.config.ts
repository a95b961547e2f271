// Unit tests: next to the code in packages/, apps/ and devchain/, in Node; checks that span the
// repo (import cycles) in scripts/. Node test files share their workers' module graph (no
// per-file isolation: importing viem, Hono and the API's services once per worker instead of once
// per file is most of what isolation cost), which the repo allows since no module keeps state
// (moduleState.test.ts); files that fake third-party HTTP with msw patch `fetch` for their run and
// keep their own isolated project. The SDK's `*.browser.test.ts` run in Chromium (Debian's, never
// a downloaded one) through Vitest's browser mode, against a stand-in modal frame served at
// /modal; so do the modal's view tests (`apps/modal/src/**/*.browser.test.tsx`), which render
// views with Testing Library. The e2e suite is Playwright's.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs'

/** Chromium for one browser project: a fresh object each, as Vitest names its instance in place. */
const browser = () => ({
  enabled: true,
  headless: true,
  // A failure's message says enough; no screenshots left in the work tree.
  screenshotFailures: false,
  provider: playwright({
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  }),
  instances: [{ browser: 'chromium' as const }],
})

const nodeTests = [
  'packages/**/src/**/*.test.ts',
  'apps/**/{src,test}/**/*.test.{ts,tsx}',
  'devchain/**/*.test.ts',
  'scripts/**/*.test.ts',
]
const nodeExcluded = ['**/node_modules/**', '**/dist/**', '**/*.browser.test.{ts,tsx}']

/** Node test files that import msw: they run isolated, each with a `fetch` of its own. */
function httpFakingTests(): string[] {
  const root = fileURLToPath(new URL('.', import.meta.url))
  return ['apps', 'packages', 'devchain', 'scripts'].flatMap((folder) =>
    readdirSync(`${root}${folder}`, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.test\.tsx?$/.test(path) && !/(^|\/)(node_modules|dist)\//.test(path))
      .map((path) => `${folder}/${path}`)
      .filter((path) => /from ['"]msw/.test(readFileSync(`${root}${path}`, 'utf8'))),
  )
}
const isolatedTests = httpFakingTests()

/**
 * The workspaces' packages read from their sources, as the tsconfig's `paths` do: a package's
 * `exports` name its built `dist/` (its published form), which the unit tests don't wait for.
 */
const packageSources = Object.fromEntries(
  ['sdk', 'wagmi', 'react'].map((name) => [
    `@airlock/${name}`,
    fileURLToPath(new URL(`packages/${name}/src/index.ts`, import.meta.url)),
  ]),
)

export default defineConfig({
  plugins: [
    {
      // A locale's catalogue (`locales/*.json?compiled`, apps/modal/src/i18n/catalogues.ts) as its
      // ICU source: the build compiles it (apps/modal/compileMessages.ts); in tests Lingui
      // compiles each message as it reads it.
      name: 'airlock:catalogue-source',
      enforce: 'pre',
      load(id) {
        const [path = '', query] = id.split('?')
        if (query !== 'compiled' || !path.endsWith('.json')) return null
        return `export default ${readFileSync(path, 'utf8')}`
      },
    },
  ],
  resolve: { alias: packageSources },
  test: {
    // Most unit tests wait on real parts (PostgreSQL, anvil, SMTP, Chromium) more than they
    // compute: four workers keep a 2-core machine busy where two left it idle half the time.
    maxWorkers: 4,
    // Bounds on a failure's wait, not a speed test: on two cores with the type check and the
    // build beside it a browser test that compiles its view on first use took over 20 s.
    testTimeout: 40_000,
    // A state polled for may take longer than Vitest's default second while the type check, the
    // build and the other workers share the machine (a modal frame that Vite compiles on first
    // load, a Chromium started beside three others): up to 15 s. A state that comes is not
    // waited for longer; only a failure takes that long to say so.
    expect: { poll: { timeout: 15_000 } },
    // A suite's real parts (anvil, alto, PostgreSQL, a chain stand-in) start in its hooks.
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: nodeTests,
          exclude: [...nodeExcluded, ...isolatedTests],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-http-fakes',
          include: isolatedTests,
          exclude: nodeExcluded,
        },
      },
      {
        extends: true,
        plugins: [
          {
            // createAirlock frames `${modalOrigin}/modal` and asks the API at `/v1/...` why a
            // frame is silent: both are answered here, on the test page's own origin.
            name: 'airlock-modal-fixture',
            configureServer(server) {
              server.middlewares.use('/modal', async (request, response) => {
                // The `slowFrame` scenario's document arrives after the SDK's 15 s connect
                // deadline would have passed, were it counted from the mount (createAirlock.ts).
                if (request.url?.includes('projectId=slowFrame'))
                  await new Promise((resolve) => setTimeout(resolve, 16_000))
                response.setHeader('content-type', 'text/html')
                // The `silentFrame` scenario's document loads and never speaks.
                if (request.url?.includes('projectId=silentFrame'))
                  return response.end('<!doctype html><title>silent</title>')
                response.end(
                  '<!doctype html><script type="module" src="/packages/sdk/src/test/modalFrame.ts"></script>',
                )
              })
              server.middlewares.use('/v1/projects', (request, response) => {
                response.setHeader('content-type', 'application/json')
                response.end(JSON.stringify({ allowedOrigins: [`http://${request.headers.host}`] }))
              })
            },
          },
        ],
        // Bundled before the first test, not found mid-run (which reloads the page under it).
        optimizeDeps: {
          include: [
            'penpal',
            'react',
            'react-dom/client',
            'react/jsx-dev-runtime',
            'mipd',
            'viem',
            '@noble/curves/secp256k1',
            '@scure/btc-signer',
            '@scure/btc-signer/utils.js',
            '@wallet-standard/app',
            // The Polkadot and Cosmos wallets the wallet modules' tests make, and the checks of
            // their signatures (@airlock/protocol/polkadot, /cosmos).
            '@polkadot/util',
            '@polkadot/util-crypto',
            '@cosmjs/amino',
            '@cosmjs/crypto',
            '@cosmjs/encoding',
            '@cosmjs/proto-signing',
          ],
        },
        test: {
          name: 'browser',
          // The SDK's, and the wagmi connector's and React bindings' on top of it.
          include: ['packages/{sdk,wagmi,react}/src/**/*.browser.test.{ts,tsx}'],
          browser: browser(),
        },
      },
      {
        extends: true,
        // As apps/modal/vite.config.ts builds the modal: JSX from the modal's tsconfig
        // (react-jsx), CSS module classes in camelCase, keyvaluestorage's shim.
        resolve: {
          alias: {
            '@walletconnect/keyvaluestorage': fileURLToPath(
              new URL('apps/modal/src/walletconnect/keyValueStorageShim.ts', import.meta.url),
            ),
          },
        },
        css: { modules: { localsConvention: 'camelCaseOnly' } },
        // Bundled before the first test, not found mid-run (which reloads the page under it).
        optimizeDeps: {
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-dev-runtime',
            'react-router-dom',
            'zustand',
            'zustand/vanilla',
            '@tanstack/react-query',
            '@testing-library/dom',
            // Imported on demand by the views (the Send form's fee estimate; a sign-in's
            // message, and the signing key of its tests).
            'viem',
            'viem/accounts',
            'viem/siwe',
            '@solana/wallet-standard-util',
            '@solana/kit',
            // Bitcoin's Send (its PSBTs and addresses).
            '@scure/btc-signer',
          ],
        },
        test: {
          name: 'modal-views',
          include: ['apps/modal/src/**/*.browser.test.tsx'],
          // An anvil (and two RPCs around it) and the local Solana RPC, for views that read a chain.
          globalSetup: ['scripts/viewTestChain.ts'],
          browser: browser(),
        },
      },
    ],
  },
})
