import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { devEnsAddresses, devNamesGatewayKey } from '../../../devchain/ens.mjs'
import { readServerConfig } from './config'
import type { Environment } from './environment'
import {
  ProductionConfigError,
  productionConfigProblems,
  storedOriginProblems,
  storedSmartAccountProblems,
} from './productionChecks'

const production: Environment = {
  AIRLOCK_PRODUCTION: '1',
  AIRLOCK_PUBLIC_URL: 'https://airlock.example.com',
  DATABASE_URL: 'postgres://airlock@db/airlock',
  AIRLOCK_SERVER_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtps://login:secret@mail.example.com',
  // One TLS proxy in front: its X-Forwarded-For names the visitor.
  AIRLOCK_TRUST_PROXY: '1',
}

const check = (env: Environment) => productionConfigProblems(readServerConfig(env), env)

describe('productionConfigProblems', () => {
  test('behavior: a production configuration (https public URL, public networks, public relay with Verify) passes', () => {
    expect(check(production)).toEqual({ problems: [], warnings: [] })
    expect(check({ ...production, AIRLOCK_WC_PROJECT_ID: 'abc123' })).toEqual({
      problems: [],
      warnings: [],
    })
    expect(check({ ...production, NODE_ENV: 'production', AIRLOCK_PRODUCTION: undefined })).toEqual(
      { problems: [], warnings: [] },
    )
  })

  test('behavior: without AIRLOCK_SERVER_KEY the start is refused (the development key is public); without SMTP_URL, a warning', () => {
    expect(check({ ...production, AIRLOCK_SERVER_KEY: undefined }).problems).toEqual([
      'AIRLOCK_SERVER_KEY is not set: set it to 32 random bytes, hex or base64 (openssl rand -hex 32), and keep it secret.',
    ])
    expect(check({ ...production, SMTP_URL: undefined })).toEqual({
      problems: [],
      warnings: ['SMTP_URL is not set: email login codes cannot be sent.'],
    })
  })

  test('behavior: without AIRLOCK_PUBLIC_URL the start is refused, saying what to set', () => {
    expect(check({ ...production, AIRLOCK_PUBLIC_URL: undefined }).problems).toEqual([
      'AIRLOCK_PUBLIC_URL is not set: set it to the https URL visitors load the modal from, e.g. https://airlock.example.com.',
    ])
  })

  test('behavior: behind the TLS proxy, without AIRLOCK_TRUST_PROXY the start is refused, saying what to set; 0 is the explicit opt-out', () => {
    const problem =
      'AIRLOCK_TRUST_PROXY is not set: behind the TLS proxy that serves AIRLOCK_PUBLIC_URL every request comes from the proxy, so all visitors would share one rate-limit budget. Set it to the number of proxies in front of the API that append X-Forwarded-For (1 for one), or to 0 if clients reach the API with their own address (a TCP pass-through).'
    expect(check({ ...production, AIRLOCK_TRUST_PROXY: undefined }).problems).toEqual([problem])
    expect(check({ ...production, AIRLOCK_TRUST_PROXY: '' }).problems).toEqual([problem])
    expect(check({ ...production, AIRLOCK_TRUST_PROXY: '0' }).problems).toEqual([])
    expect(check({ ...production, AIRLOCK_TRUST_PROXY: '2' }).problems).toEqual([])
  })

  test('behavior: names without a gateway key, or with the development stack’s public key, are refused; a key of their own passes', () => {
    const names = { ...production, AIRLOCK_NAMES_PARENT: 'airlock.eth' }
    expect(check(names).problems).toEqual([
      'AIRLOCK_NAMES_PARENT airlock.eth is set without AIRLOCK_NAMES_GATEWAY_KEY and AIRLOCK_NAMES_RESOLVER: no ENS client could resolve the names registered here. Set a gateway key of your own and the offchain resolver that trusts its address, or unset AIRLOCK_NAMES_PARENT.',
    ])
    const resolver = { AIRLOCK_NAMES_RESOLVER: devEnsAddresses.offchainResolver }
    expect(
      check({ ...names, ...resolver, AIRLOCK_NAMES_GATEWAY_KEY: devNamesGatewayKey }).problems,
    ).toEqual([
      "AIRLOCK_NAMES_GATEWAY_KEY is the development stack's key, which is public (devchain/ens.mjs): anyone could sign answers for your resolver with it. Make a key of your own (e.g. cast wallet new) and make it your resolver's signer.",
    ])
    // Checked by the address it signs as, whatever the key's hex case.
    expect(
      check({
        ...names,
        ...resolver,
        AIRLOCK_NAMES_GATEWAY_KEY: `0x${devNamesGatewayKey.slice(2).toUpperCase()}`,
      }).problems,
    ).toHaveLength(1)
    const ownKey = `0x${'7'.repeat(64)}` as const
    expect(privateKeyToAddress(ownKey)).not.toBe(privateKeyToAddress(devNamesGatewayKey))
    expect(check({ ...names, ...resolver, AIRLOCK_NAMES_GATEWAY_KEY: ownKey }).problems).toEqual([])
    // Outside production the development key is what `npm start` runs with.
    const development = { ...names, ...resolver, AIRLOCK_NAMES_GATEWAY_KEY: devNamesGatewayKey }
    expect(
      readServerConfig({ ...development, AIRLOCK_PRODUCTION: '0' }).names?.gateway,
    ).toBeDefined()
  })

  test('behavior: buying crypto through the dev onramp stand-ins is refused; Meld’s own keys pass', () => {
    const meld = { AIRLOCK_ONRAMP_MELD_API_KEY: 'W9kZTT7332:3sYKoXQv6o' }
    expect(check({ ...production, ...meld }).problems).toEqual([])
    expect(
      check({
        ...production,
        ...meld,
        AIRLOCK_ONRAMP_TEST_PROVIDERS_URL: 'http://127.0.0.1:8795',
      }).problems,
    ).toEqual([
      'AIRLOCK_ONRAMP_TEST_PROVIDERS_URL http://127.0.0.1:8795 points buying crypto at the development stand-ins (scripts/devOnramp.mjs), which deliver nothing: unset it and set your Meld or Coinbase keys.',
    ])
  })

  test('behavior: an http AIRLOCK_PUBLIC_URL is refused, naming it', () => {
    expect(
      check({ ...production, AIRLOCK_PUBLIC_URL: 'http://airlock.example.com/' }).problems,
    ).toEqual([
      'AIRLOCK_PUBLIC_URL http://airlock.example.com is not https: serve the modal over https (a TLS proxy in front of the API) and set the https URL.',
    ])
  })

  test('behavior: an http or loopback RPC URL is refused, naming the network, the URL and its variable', () => {
    expect(check({ ...production, ANVIL_RPC_URL: 'http://127.0.0.1:8545' }).problems).toEqual([
      'eip155:31337 RPC URL http://127.0.0.1:8545 (ANVIL_RPC_URL) is not https: use an https RPC URL visitors can reach, or leave the network out.',
    ])
    expect(check({ ...production, SOLANA_RPC_URL: 'https://localhost:8899' }).problems).toEqual([
      'solana:localnet RPC URL https://localhost:8899 (SOLANA_RPC_URL) is on loopback: use an https RPC URL visitors can reach, or leave the network out.',
    ])
    const sepolia = {
      caipNetworkId: 'eip155:11155111',
      name: 'Sepolia',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://rpc.example.com/sepolia',
    }
    expect(
      check({ ...production, AIRLOCK_NETWORKS_JSON: JSON.stringify([sepolia]) }).problems,
    ).toEqual([
      'eip155:11155111 RPC URL http://rpc.example.com/sepolia (AIRLOCK_NETWORKS_JSON) is not https: use an https RPC URL visitors can reach, or leave the network out.',
    ])
  })

  test('behavior: the local chains left at their defaults are not served, so they are no problem', () => {
    const config = readServerConfig(production)
    expect(config.networks.map((n) => n.caipNetworkId)).not.toContain('eip155:31337')
    expect(config.networks.map((n) => n.caipNetworkId)).not.toContain('solana:localnet')
  })

  test('behavior: the development relay and Verify off are refused, each named', () => {
    expect(
      check({
        ...production,
        AIRLOCK_WC_RELAY_URL: 'ws://127.0.0.1:8789',
        AIRLOCK_WC_VERIFY: 'off',
      }).problems,
    ).toEqual([
      'AIRLOCK_WC_RELAY_URL ws://127.0.0.1:8789 is a development relay (ws:// or loopback): unset it for the public relay, or set a wss:// relay visitors can reach.',
      'AIRLOCK_WC_VERIFY is off: wallets could not warn their users about a site posing as yours; unset it (Verify is on by default).',
    ])
    expect(
      check({ ...production, AIRLOCK_WC_RELAY_URL: 'wss://localhost:8789' }).problems,
    ).toHaveLength(1)
  })

  test('behavior: a network offering smart accounts (their kind or a paymaster) with no bundler is refused, named with the fix; with its bundler it passes', () => {
    const problem = (network: string) =>
      `${network} offers smart accounts (AIRLOCK_ACCOUNT_FACTORIES_JSON, AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON or AIRLOCK_PAYMASTER_URLS_JSON) but has no bundler: add its bundler to AIRLOCK_BUNDLER_URLS_JSON, or leave the network out of those.`
    const address = '0x0000000000000000000000000000000000f4c70a'
    expect(
      check({
        ...production,
        AIRLOCK_ACCOUNT_FACTORIES_JSON: JSON.stringify({ 'eip155:10': 'safe-1.4.1' }),
        AIRLOCK_EIP7702_IMPLEMENTATIONS_JSON: JSON.stringify({ 'eip155:1': address }),
        AIRLOCK_PAYMASTER_URLS_JSON: JSON.stringify({ 'eip155:8453': 'https://pm.example/' }),
      }).problems,
    ).toEqual([problem('eip155:1'), problem('eip155:10'), problem('eip155:8453')])
    expect(
      check({
        ...production,
        AIRLOCK_BUNDLER_URLS_JSON: JSON.stringify({ 'eip155:8453': 'https://b.example/' }),
        AIRLOCK_PAYMASTER_URLS_JSON: JSON.stringify({ 'eip155:8453': 'https://pm.example/' }),
      }).problems,
    ).toEqual([])
  })

  test('behavior: SQLite in the default DATA_DIR is a warning, not a refusal', () => {
    const sqlite = { ...production, DATABASE_URL: undefined }
    const { problems, warnings } = check(sqlite)
    expect(problems).toEqual([])
    expect(warnings).toEqual([
      expect.stringMatching(
        /^SQLite at \S+airlock\.sqlite, the default DATA_DIR: make sure it is on a persistent volume/,
      ),
    ])
    expect(check({ ...sqlite, DATA_DIR: '/var/lib/airlock' }).warnings).toEqual([])
  })

  test('behavior: every problem of a start is reported at once', () => {
    const { problems } = check({
      AIRLOCK_PRODUCTION: 'true',
      ANVIL_RPC_URL: 'http://127.0.0.1:8545',
      AIRLOCK_WC_RELAY_URL: 'ws://127.0.0.1:8789',
      AIRLOCK_WC_VERIFY: 'off',
    })
    // The public URL, the trusted proxies, the RPC URL, the relay, Verify, the server key.
    expect(problems).toHaveLength(6)
    const error = new ProductionConfigError(problems)
    expect(error.message.split('\n')).toEqual([
      'production mode (NODE_ENV=production or AIRLOCK_PRODUCTION=1) refuses to start:',
      ...problems.map((problem) => `  - ${problem}`),
    ])
  })
})

describe('storedOriginProblems', () => {
  const project = (id: string, allowedOrigins: string[], paymasterServices: string[] = []) => ({
    id,
    allowedOrigins,
    features: {} as never,
    settings: { paymasterServices } as never,
    createdAt: '2025-10-01T00:00:00.000Z',
  })

  test('behavior: each http origin, loopback too, is named with its project and the fix', () => {
    expect(
      storedOriginProblems([
        project('demo', ['http://127.0.0.1:5173', 'http://localhost:5173']),
        project('shop', ['http://shop.example', 'https://shop.example']),
        project('blog', ['https://blog.example']),
      ]),
    ).toEqual([
      'project "demo" allows http://127.0.0.1:5173, which is not https: revoke it with the CLI (projects revoke-origin demo http://127.0.0.1:5173) and allow its https origin.',
      'project "demo" allows http://localhost:5173, which is not https: revoke it with the CLI (projects revoke-origin demo http://localhost:5173) and allow its https origin.',
      'project "shop" allows http://shop.example, which is not https: revoke it with the CLI (projects revoke-origin shop http://shop.example) and allow its https origin.',
    ])
  })

  test('behavior: https origins only, no problem', () => {
    expect(storedOriginProblems([project('blog', ['https://blog.example'])])).toEqual([])
  })

  test('behavior: a paymaster service a project lets its sites name is refused when http or on loopback, named with the fix', () => {
    expect(
      storedOriginProblems([
        project(
          'shop',
          ['https://shop.example'],
          ['https://pm.example/rpc', 'http://pm.example/rpc', 'https://localhost:4337/'],
        ),
      ]),
    ).toEqual([
      'project "shop" lets its sites name the paymaster service http://pm.example/rpc, which is not https: change the list with the CLI (projects set shop --paymaster-services <https urls|none>).',
      'project "shop" lets its sites name the paymaster service https://localhost:4337/, which is on loopback: change the list with the CLI (projects set shop --paymaster-services <https urls|none>).',
    ])
  })
})

describe('storedSmartAccountProblems', () => {
  const project = (id: string, smartAccountNetworks: unknown) => ({
    id,
    allowedOrigins: ['https://shop.example'],
    features: {} as never,
    settings: { smartAccountNetworks } as never,
    createdAt: '2025-10-01T00:00:00.000Z',
  })
  const fix = (id: string) =>
    `change it with the CLI (projects set ${id} --smart-account-networks <json|none>).`

  test("behavior: a project's http or loopback bundler or paymaster, and an account or paymaster with no bundler anywhere, are refused, the URLs printed without their keys", () => {
    expect(
      storedSmartAccountProblems(
        [
          project('shop', {
            'eip155:1': { bundlerUrl: 'http://bundler.example/1?key=secret' },
            'eip155:10': {
              bundlerUrl: 'https://bundler.example/10?key=secret',
              paymasterUrl: 'https://127.0.0.1:4337/key',
            },
            // The deployment's bundler serves it: its own account there is fine.
            'eip155:8453': { account: { kind: 'safe', version: '1.4.1' } },
            'eip155:137': { account: { kind: 'safe', version: '1.4.1' } },
            'eip155:42161': { paymasterUrl: 'https://pm.example/42161' },
          }),
          project('blog', { 'eip155:1': { bundlerUrl: 'https://bundler.example/1' } }),
        ],
        { bundlers: { 'eip155:8453': 'https://deployment.example/8453' } },
      ),
    ).toEqual([
      `project "shop": the bundler of eip155:1 (http://bundler.example/…) must be https in production mode: ${fix('shop')}`,
      `project "shop": the paymaster of eip155:10 (https://127.0.0.1:4337/…) must not be on loopback in production mode: ${fix('shop')}`,
      `project "shop": eip155:137 names an account but has no bundler, the project's or the deployment's: ${fix('shop')}`,
      `project "shop": eip155:42161 names a paymaster but has no bundler, the project's or the deployment's: ${fix('shop')}`,
    ])
  })
})
