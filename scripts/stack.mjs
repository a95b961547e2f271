// Starts Airlock's local stack: a dev EVM chain (anvil) with an ERC-4337 bundler (alto), a dev
// Solana chain (litesvm behind a local RPC), a WalletConnect relay, a dev mail server catching what
// the API mails, a dev OpenID provider standing in for every social login provider, stand-ins of
// the Meld and Coinbase onramps (test providers whose checkout completes the order), the API
// (serving the modal and airlock.js), the demo site and the React + wagmi example dapp, each on
// loopback (alto on every interface).
// Used by `npm start`, the e2e suite and the bench, so all three run the same thing.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
const bin = (name) => `${root}node_modules/.bin/${name}`

/** Starts a child process that dies with us; output is prefixed with its name. */
export function startProcess(name, command, args, { env = {}, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const prefix = (stream, target) =>
    stream.on('data', (chunk) => {
      if (quiet) return
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) target.write(`[${name}] ${line}\n`)
    })
  prefix(child.stdout, process.stdout)
  prefix(child.stderr, process.stderr)
  return child
}

/** Polls until `check` resolves truthy, or fails naming what did not come up. */
export async function waitFor(what, check, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode))
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`)
    try {
      if (await check()) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`)
}

/** Fails fast, naming the port, when something else already listens there. */
async function assertPortFree(name, url) {
  const { hostname, port } = new URL(url)
  const host = hostname === 'localhost' ? '127.0.0.1' : hostname
  await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () =>
      reject(
        new Error(
          `${name}: port ${port} on ${host} is in use. Stop what runs there or pick another port.`,
        ),
      ),
    )
    server.listen(Number(port), host, () => server.close(resolve))
  })
}

const httpOk = (url) => async () => (await fetch(url)).ok
const rpcOk = (url) => async () =>
  (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
  ).ok

/**
 * Builds the browser bundles: airlock.js and the modal app, which the API serves, and the React
 * example dapp (apps/example-react), which the stack serves beside the demo site.
 */
export async function buildBundles({ quiet = false } = {}) {
  for (const workspace of ['@airlock/sdk', '@airlock/modal', '@airlock/example-react']) {
    const child = startProcess('build', 'npm', ['run', 'build', '-w', workspace], { quiet })
    const code = await new Promise((resolve) => child.on('exit', resolve))
    if (code !== 0) throw new Error(`npm run build -w ${workspace} failed (${code})`)
  }
}

/**
 * Starts anvil (seeded, with EntryPoint v0.8, Simple7702Account and DevPaymaster, EntryPoint v0.7
 * with Safe 1.4.1 and the Safe4337Module 0.3.0), the ERC-4337 bundler (both EntryPoints), the dev paymaster, the Solana RPC, the WalletConnect
 * relay, the dev mail server, the dev OpenID provider and the dev Farcaster relay (the last five
 * in this process), the API, the demo site and the React example (`examplePort`, default env
 * EXAMPLE_PORT, else 5174; served with the demo, `demo: false` starts neither). `solanaPort` defaults to
 * env SOLANA_PORT, else 8899; `smtpPort` to SMTP_PORT, else 2525; `devMailPort` (the dev mail page)
 * to DEV_MAIL_PORT, else 8790; `oidcPort` (the OpenID provider, an issuer per social login at
 * `/<provider>`) to OIDC_PORT, else 8791. The API gets a client of every social login there
 * (`AIRLOCK_SOCIAL_<PROVIDER>_*`): a visitor signs in as `dev-user` without a password.
 * `farcasterPort` (the Farcaster auth relay and its sign-in page, standing in for the Farcaster
 * app) defaults to FARCASTER_PORT, else 8792; Farcaster's registries are on anvil, at their
 * Optimism addresses (devchain/farcasterRegistry.mjs). `bundlerPort` (alto, bundling for the
 * EntryPoint on anvil; devchain/bundler.mjs) defaults to BUNDLER_PORT, else 8793; 0 takes a free
 * port. Alto listens on every interface, not only loopback. `paymasterPort` (the dev ERC-7677
 * paymaster over DevPaymaster; devchain/paymaster.mjs) defaults to PAYMASTER_PORT, else 8794.
 * `onrampPort` (the Meld and Coinbase stand-ins; scripts/devOnramp.mjs) defaults to ONRAMP_PORT,
 * else 8795; 0 takes a free port. `esploraPort` (Bitcoin regtest: the Esplora API stand-in over
 * its validating ledger; scripts/devEsplora.mjs) defaults to ESPLORA_PORT, else 8796.
 * `cosmosPort` (Cosmos Local: CometBFT RPC and the REST API over a validating ledger;
 * scripts/devCosmos.mjs) defaults to COSMOS_PORT, else 8797. `polkadotPort` (Polkadot Local: a
 * node's JSON-RPC and Subscan's transfers over a validating ledger; scripts/devPolkadot.mjs)
 * defaults to POLKADOT_PORT, else 8798.
 * @param {{ apiPort?: number, demoPort?: number, examplePort?: number, anvilPort?: number, relayPort?: number, solanaPort?: number, smtpPort?: number, devMailPort?: number, oidcPort?: number, farcasterPort?: number, bundlerPort?: number, paymasterPort?: number, onrampPort?: number, esploraPort?: number, cosmosPort?: number, polkadotPort?: number, bundlerDebug?: boolean, env?: Record<string,string>, quiet?: boolean, demo?: boolean }} options
 */
export async function startStack(options = {}) {
  const {
    apiPort = 8787,
    demoPort = 5173,
    examplePort = Number(process.env.EXAMPLE_PORT ?? 5174),
    anvilPort = 8545,
    relayPort = 8789,
    solanaPort = Number(process.env.SOLANA_PORT ?? 8899),
    smtpPort = Number(process.env.SMTP_PORT ?? 2525),
    devMailPort = Number(process.env.DEV_MAIL_PORT ?? 8790),
    oidcPort = Number(process.env.OIDC_PORT ?? 8791),
    farcasterPort = Number(process.env.FARCASTER_PORT ?? 8792),
    bundlerPort = Number(process.env.BUNDLER_PORT ?? 8793),
    paymasterPort = Number(process.env.PAYMASTER_PORT ?? 8794),
    onrampPort = Number(process.env.ONRAMP_PORT ?? 8795),
    esploraPort = Number(process.env.ESPLORA_PORT ?? 8796),
    cosmosPort = Number(process.env.COSMOS_PORT ?? 8797),
    polkadotPort = Number(process.env.POLKADOT_PORT ?? 8798),
    bundlerDebug = false,
    env = {},
    quiet = false,
  } = options
  const urls = {
    api: `http://localhost:${apiPort}`,
    demo: `http://127.0.0.1:${demoPort}`,
    example: `http://127.0.0.1:${examplePort}`,
    anvil: `http://127.0.0.1:${anvilPort}`,
    relay: `ws://127.0.0.1:${relayPort}`,
    solana: `http://127.0.0.1:${solanaPort}`,
    devMail: `http://127.0.0.1:${devMailPort}/`,
    oidc: `http://127.0.0.1:${oidcPort}`,
    farcaster: `http://127.0.0.1:${farcasterPort}`,
    bundler: `http://127.0.0.1:${bundlerPort}`,
    paymaster: `http://127.0.0.1:${paymasterPort}`,
    onramp: `http://127.0.0.1:${onrampPort}`,
    esplora: `http://127.0.0.1:${esploraPort}`,
    cosmos: `http://127.0.0.1:${cosmosPort}`,
    polkadot: `http://127.0.0.1:${polkadotPort}`,
  }
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`
  const children = []
  /** @type {{ close(): Promise<void> } | undefined} */
  let relay
  /** @type {{ stop(): Promise<void> } | undefined} */
  let solana
  /** @type {{ close(): Promise<void> } | undefined} */
  let devMail
  /** @type {{ close(): Promise<void> } | undefined} */
  let devOidc
  /** @type {{ close(): Promise<void> } | undefined} */
  let devFarcaster
  /** @type {{ stop(): Promise<void> } | undefined} */
  let paymaster
  /** @type {{ close(): Promise<void> } | undefined} */
  let devOnramp
  /** @type {{ close(): Promise<void> } | undefined} */
  let devEsplora
  /** @type {{ close(): Promise<void> } | undefined} */
  let devCosmos
  /** @type {{ close(): Promise<void> } | undefined} */
  let devPolkadot
  /** @type {Promise<{ url: string, stop(): Promise<void> } | undefined>} */
  let bundling = Promise.resolve(undefined)
  const stop = async () => {
    await Promise.all([
      bundling.then((bundler) => bundler?.stop()),
      relay?.close(),
      solana?.stop(),
      devMail?.close(),
      devOidc?.close(),
      devFarcaster?.close(),
      paymaster?.stop(),
      devOnramp?.close(),
      devEsplora?.close(),
      devCosmos?.close(),
      devPolkadot?.close(),
      ...children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode) return resolve()
            child.once('exit', resolve)
            child.kill('SIGTERM')
            setTimeout(() => child.kill('SIGKILL'), 3000).unref()
          }),
      ),
    ])
  }
  for (const [name, url] of Object.entries({ ...urls, smtp: smtpUrl }))
    if (!['demo', 'example'].includes(name) || options.demo !== false)
      await assertPortFree(name, url)
  try {
    const anvil = startProcess(
      'anvil',
      bin('anvil'),
      ['--host', '127.0.0.1', '--port', String(anvilPort), '--silent'],
      { quiet },
    )
    children.push(anvil)
    await waitFor(`anvil on ${urls.anvil}`, rpcOk(urls.anvil), { child: anvil })
    // Tokens, NFTs (one spam collection) and some history, so the demo shows real data at once.
    const { seedDevChain } = await import('../devchain/seed.mjs')
    await seedDevChain({ rpcUrl: urls.anvil })
    // ERC-4337: EntryPoint v0.8 and Simple7702Account at their canonical addresses, then the
    // bundler. Alto takes seconds to come up, so the rest starts meanwhile; awaited at the end.
    const { deployAccountAbstraction } = await import('../devchain/accountAbstraction.mjs')
    await deployAccountAbstraction({ rpcUrl: urls.anvil })
    // ENS with CCIP-Read: `airlock.eth` on an offchain resolver whose gateway is the API's, so
    // any ENS client resolves the names visitors register (devchain/ens.mjs).
    const { deployDevEns, devEnsAddresses, devNamesGatewayKey } = await import(
      '../devchain/ens.mjs'
    )
    const { privateKeyToAccount } = await import('viem/accounts')
    await deployDevEns({
      rpcUrl: urls.anvil,
      parentName: 'airlock.eth',
      gatewayUrl: `${urls.api}/v1/names/gateway/{sender}/{data}.json`,
      signer: privateKeyToAccount(devNamesGatewayKey).address,
    })
    // Uniswap v2 with aUSD/WETH and aUSD/ZERO pools, so Swap works with no network
    // (devchain/uniswap.mjs); the API's local swap adapter quotes and swaps through its router.
    const { deployDevUniswap, devUniswapAddresses } = await import('../devchain/uniswap.mjs')
    await deployDevUniswap({ rpcUrl: urls.anvil })
    const { startBundler } = await import('../devchain/bundler.mjs')
    // bundlerDebug (the e2e suite's): alto's debug methods, to hold a user operation pending.
    const starting = startBundler({
      rpcUrl: urls.anvil,
      port: bundlerPort,
      quiet,
      debug: bundlerDebug,
    })
    // stop() needs a promise that never rejects; the failure itself is thrown below.
    bundling = starting.catch(() => undefined)

    // Funded dev accounts and the sUSD token (devchain/solanaDev.mjs), so Solana shows real data too.
    const { startSolanaRpc } = await import('../devchain/solanaRpc.mjs')
    solana = await startSolanaRpc({ port: solanaPort })

    // The modal's WalletConnect and the e2e wallet peers meet here instead of walletconnect.org.
    const { startRelay } = await import('../devchain/wcRelay.mjs')
    relay = await startRelay({ port: relayPort })

    // The API's mail (login codes) goes here instead of a real SMTP server; its page lists it.
    const { startDevMail } = await import('./devMail.mjs')
    const mail = await startDevMail({ smtpPort, httpPort: devMailPort, quiet })
    devMail = mail
    // Port 0 (a free port) is only known now.
    urls.devMail = mail.pageUrl

    // Every social login signs in here instead of at Google, X, …: one issuer per provider.
    const { startDevOidc } = await import('./devOidc.mjs')
    const oidc = await startDevOidc({
      port: oidcPort,
      redirectUris: [`${urls.api}/v1/social/callback`],
      quiet,
    })
    devOidc = oidc
    urls.oidc = oidc.origin

    // Sign In With Farcaster's relay, and the page a Farcaster app would be, signing as dev
    // accounts whose fids the registries on anvil give them.
    const { startDevFarcaster } = await import('./devFarcaster.mjs')
    const farcaster = await startDevFarcaster({ port: farcasterPort, rpcUrl: urls.anvil, quiet })
    devFarcaster = farcaster
    urls.farcaster = farcaster.origin

    // The gas sponsor of projects with `gasSponsorship` on: an ERC-7677 service standing in for
    // a hosted paymaster, over DevPaymaster on anvil (devchain/paymaster.mjs).
    const { startPaymasterService } = await import('../devchain/paymaster.mjs')
    paymaster = await startPaymasterService({ port: paymasterPort, quiet })
    urls.paymaster = paymaster.url

    // Buy through test providers: stand-ins of Meld's and Coinbase's APIs and checkouts, which
    // post their signed webhooks to the API (scripts/devOnramp.mjs).
    const { startDevOnramp } = await import('./devOnramp.mjs')
    const onramp = await startDevOnramp({ port: onrampPort, apiUrl: urls.api, quiet })
    devOnramp = onramp
    urls.onramp = onramp.origin

    // Bitcoin regtest: an Esplora API over a ledger that validates what it is sent (no Bitcoin
    // node installs from the registries here).
    const { startDevEsplora } = await import('./devEsplora.mjs')
    devEsplora = await startDevEsplora({ port: esploraPort, quiet })

    // Cosmos Local: a Cosmos SDK chain's RPC and REST API over a ledger that checks signatures
    // and applies bank sends (no Cosmos node installs from the registries here).
    const { startDevCosmos } = await import('./devCosmos.mjs')
    devCosmos = await startDevCosmos({ port: cosmosPort, quiet })

    // Polkadot Local: a Substrate node's JSON-RPC (with Polkadot's metadata) and Subscan's
    // transfer list over a ledger that checks signatures and applies transfers.
    const { startDevPolkadot } = await import('./devPolkadot.mjs')
    devPolkadot = await startDevPolkadot({ port: polkadotPort, quiet })

    // The API relays the modal's user operations to the bundler: it needs its URL (port 0, a
    // free port, is only known now).
    urls.bundler = (await starting).url

    const api = startProcess('api', bin('tsx'), ['apps/api/src/main.ts'], {
      env: {
        PORT: String(apiPort),
        ANVIL_RPC_URL: urls.anvil,
        SOLANA_RPC_URL: urls.solana,
        BITCOIN_ESPLORA_URL: urls.esplora,
        COSMOS_REST_URL: urls.cosmos,
        POLKADOT_RPC_URL: urls.polkadot,
        AIRLOCK_WC_RELAY_URL: urls.relay,
        // Verify's attestation iframe (verify.walletconnect.org) is out of reach on loopback.
        AIRLOCK_WC_VERIFY: 'off',
        SMTP_URL: mail.smtpUrl,
        ...oidc.env(),
        AIRLOCK_FARCASTER_RELAY_URL: farcaster.relayUrl,
        AIRLOCK_FARCASTER_RPC_URL: urls.anvil,
        AIRLOCK_BUNDLER_URLS_JSON: JSON.stringify({ 'eip155:31337': urls.bundler }),
        // The dev chain's smart accounts: no Safe named (AIRLOCK_ACCOUNT_FACTORIES_JSON), so the
        // visitor's own EOA upgraded with EIP-7702 to Simple7702Account (placed by
        // deployAccountAbstraction), as production. The dev chain has the Safe too, for tests.
        AIRLOCK_PAYMASTER_URLS_JSON: JSON.stringify({ 'eip155:31337': urls.paymaster }),
        AIRLOCK_NAMES_PARENT: 'airlock.eth',
        AIRLOCK_NAMES_GATEWAY_KEY: devNamesGatewayKey,
        AIRLOCK_NAMES_RESOLVER: devEnsAddresses.offchainResolver,
        // Names outside airlock.eth are looked up on the dev chain's own ENS.
        AIRLOCK_NAMES_ENS_CHAIN_ID: '31337',
        AIRLOCK_SWAP_LOCAL_ROUTERS_JSON: JSON.stringify({ 31337: devUniswapAddresses.router }),
        AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER: devEnsAddresses.universalResolver,
        ...onramp.env(),
        ...env,
      },
      quiet,
    })
    children.push(api)
    await waitFor(`API on ${urls.api}`, httpOk(`${urls.api}/healthz`), { child: api })

    if (options.demo !== false) {
      const demo = startProcess('demo', process.execPath, ['apps/demo/serve.mjs'], {
        env: { DEMO_PORT: String(demoPort), AIRLOCK_URL: urls.api },
        quiet,
      })
      children.push(demo)
      // The React + wagmi example dapp, on an origin of its own.
      const example = startProcess('example', process.execPath, ['apps/example-react/serve.mjs'], {
        env: {
          EXAMPLE_PORT: String(examplePort),
          AIRLOCK_URL: urls.api,
          ANVIL_RPC_URL: urls.anvil,
        },
        quiet,
      })
      children.push(example)
      await Promise.all([
        waitFor(`demo on ${urls.demo}`, httpOk(urls.demo), { child: demo }),
        waitFor(`example on ${urls.example}`, httpOk(urls.example), { child: example }),
      ])
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { urls, stop }
}
