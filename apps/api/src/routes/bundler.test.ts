// The bundler relay over HTTP, on SQLite, against a real bundler (alto, devchain/bundler.mjs) on a
// real anvil with EntryPoint v0.8 (devchain/accountAbstraction.mjs): the user-operation methods
// pass through with the bundler's own answers, errors included; every other method, another
// Origin, the modal's Origin without its frame token, a site the project does not allow, a project with smart accounts off, a network
// without a bundler and an exhausted budget are refused; a bundler down or hanging is a 502 that
// says which. Requests refused before any service is asked spend nothing of the project's budget.
import { createServer, type Server } from 'node:http'
import { type CaipNetworkId, safeAccountContracts } from '@airlock/protocol'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  deployAccountAbstraction,
  devPaymasterAddress,
  entryPointAddress,
  simple7702AccountAddress,
} from '../../../../devchain/accountAbstraction.mjs'
import { type Bundler, startBundler } from '../../../../devchain/bundler.mjs'
import { frameTokenHeaders, testCredential } from '../../test/frameTokens'
import { freePort } from '../../test/ports'
import { type Anvil, startAnvil } from '../services/indexer/testing/anvil'
import { loadNetworks } from '../services/networks'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'
import { bundlerRoutes } from './bundler'

const own = 'http://localhost:8787'
const network = (caipNetworkId: CaipNetworkId) => ({
  caipNetworkId,
  name: caipNetworkId,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})
/** Another network's smart-account factory (no code on anvil: only the info names it). */
const otherFactory = '0x00000000000000000000000000000000000F4C70'
const site = 'https://shop.example'

let anvil: Anvil
/** A chain with other code at the Safe singleton's address: no Safe network. */
let forgedAnvil: Anvil
let bundler: Bundler
let storage: Storage
let hanging: Server
let hangingUrl: string
/** An EIP-7702 implementation a project names for itself. */
const otherImplementation = getAddress('0x'.padEnd(42, '7'))

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, quiet: true })
  forgedAnvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: forgedAnvil.rpcUrl })
  await forgedAnvil.request('anvil_setCode', [safeAccountContracts['1.4.1'].singleton, '0x6000'])
  storage = openStorage({ dialect: 'sqlite', file: ':memory:' })
  await migrateToLatest(storage.db)
  // Smart accounts are off by default: `shop` has them on, as `--feature smartAccounts=on` sets.
  await createProject(storage.db, 'shop', [site], { smartAccounts: true })
  // `sponsored` also has the network's paymaster pay its gas (`--feature gasSponsorship=on`).
  await createProject(storage.db, 'sponsored', [site], {
    smartAccounts: true,
    gasSponsorship: true,
  })
  await createProject(storage.db, 'plain', [site])
  // `own` brings its own bundler where the deployment has none (Ethereum, with another EIP-7702
  // implementation), and over the deployment's hanging one (Base); elsewhere the deployment's.
  await createProject(
    storage.db,
    'own',
    [site],
    { smartAccounts: true },
    {
      settings: {
        smartAccountNetworks: {
          'eip155:1': { bundler: bundler.url, account: `eip7702:${otherImplementation}` },
          'eip155:8453': { bundler: bundler.url },
        },
      },
      catalogue: loadNetworks({}),
    },
  )
  // A bundler that takes the request and never answers.
  hanging = createServer(() => {})
  const port = await freePort()
  await new Promise<void>((resolve) => hanging.listen(port, '127.0.0.1', resolve))
  hangingUrl = `http://127.0.0.1:${port}`
}, 90_000)
afterAll(async () => {
  hanging?.closeAllConnections()
  hanging?.close()
  await storage?.close()
  await bundler?.stop()
  await anvil?.stop()
  await forgedAnvil?.stop()
})

describe('bundler relay', () => {
  const routes = async (options: { client?: number; project?: number; timeoutMs?: number } = {}) =>
    bundlerRoutes({
      storage,
      bundlers: {
        'eip155:31337': bundler.url,
        'eip155:10': `http://127.0.0.1:${await freePort()}`,
        'eip155:8453': hangingUrl,
        'eip155:100': bundler.url,
        'eip155:42161': bundler.url,
      },
      // Each network's own kind of smart account: the info answers the one of the network asked
      // about; eip155:31337, left out, upgrades the EOA with EIP-7702 to Simple7702Account.
      smartAccounts: {
        'eip155:10': { kind: 'safe', version: '1.4.1' },
        'eip155:8453': { kind: 'eip7702', implementation: otherFactory },
        // Safe networks whose chain has other code, or can't be asked.
        'eip155:100': { kind: 'safe', version: '1.4.1' },
        'eip155:42161': { kind: 'safe', version: '1.4.1' },
      },
      paymasters: { 'eip155:10': `http://127.0.0.1:${await freePort()}` },
      rateLimiter: createRateLimiter({
        name: 'bundler',
        perMinute: { client: options.client ?? 1000, project: options.project ?? 1000 },
      }),
      trustProxy: 0,
      publicOrigin: own,
      credential: testCredential(storage),
      // The Safe code check's RPC: the real deployment, a forged one, none listening.
      networks: [
        { ...network('eip155:10'), rpcUrl: anvil.rpcUrl },
        { ...network('eip155:100'), rpcUrl: forgedAnvil.rpcUrl },
        { ...network('eip155:42161'), rpcUrl: `http://127.0.0.1:${await freePort()}` },
      ],
      now: Date.now,
      timeoutMs: options.timeoutMs ?? 5000,
    })
  /** The frame token the modal's relay calls carry, for the project and site. */
  const token = (projectId: string, hostOrigin: string, sent = true) =>
    sent ? frameTokenHeaders(testCredential(storage).frameTokens, projectId, hostOrigin) : {}
  const call = async (
    app: Awaited<ReturnType<typeof routes>>,
    body: unknown,
    {
      chainId = 'eip155:31337',
      hostOrigin = site,
      origin = own,
      projectId = 'shop',
      frameToken = true,
    } = {},
  ) => {
    const query = new URLSearchParams({ chainId, hostOrigin })
    const response = await app.request(`${own}/v1/projects/${projectId}/bundler?${query}`, {
      method: 'POST',
      headers: {
        ...(await token(projectId, hostOrigin, frameToken)),
        'Content-Type': 'application/json',
        Origin: origin,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const info = async (
    app: Awaited<ReturnType<typeof routes>>,
    { chainId = 'eip155:31337', projectId = 'shop', origin = own, frameToken = true } = {},
  ) => {
    const query = new URLSearchParams({ chainId, hostOrigin: site })
    const response = await app.request(`${own}/v1/projects/${projectId}/bundler/info?${query}`, {
      method: 'POST',
      headers: { ...(await token(projectId, site, frameToken)), Origin: origin },
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const rpc = (method: string, params: unknown[] = [], id: number | string = 1) => ({
    jsonrpc: '2.0',
    id,
    method,
    params,
  })

  test("behavior: the user-operation methods reach the network's bundler and its answers come back as it gave them", async () => {
    const app = await routes()
    expect(await call(app, rpc('eth_supportedEntryPoints', [], 7))).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 7,
        result: [entryPointAddress, '0x0000000071727De22E5E9d8BAf0edAc6f37da032'],
      },
    })
    expect((await call(app, rpc('eth_chainId', [], 8))).body).toEqual({
      jsonrpc: '2.0',
      id: 8,
      result: '0x7a69',
    })
    const price = await call(app, rpc('pimlico_getUserOperationGasPrice'))
    expect(price.body).toMatchObject({
      result: { fast: { maxFeePerGas: expect.stringMatching(/^0x[0-9a-f]+$/) } },
    })
    // Whether an operation is still in the mempool (a pending one's Speed up and Cancel): alto's
    // answer for one it never saw.
    expect(
      (await call(app, rpc('pimlico_getUserOperationStatus', [`0x${'ab'.repeat(32)}`]))).body,
    ).toEqual({ jsonrpc: '2.0', id: 1, result: { status: 'not_found', transactionHash: null } })
    // A user operation nobody sent: the bundler's own answer, null.
    expect(
      (await call(app, rpc('eth_getUserOperationReceipt', [`0x${'ab'.repeat(32)}`]))).body,
    ).toEqual({ jsonrpc: '2.0', id: 1, result: null })
    // The bundler's refusal passes through as its JSON-RPC error.
    const refused = await call(app, rpc('eth_estimateUserOperationGas', [{}, entryPointAddress]))
    expect(refused.status).toBe(200)
    expect(refused.body.error).toMatchObject({
      code: expect.any(Number),
      message: expect.any(String),
    })
  })

  test("behavior: a project's own bundler serves it where the deployment has none or another, and the project's account kind holds there; other projects keep the deployment's", async () => {
    const app = await routes()
    const chainIdOf = async (projectId: string, chainId: string) =>
      call(app, rpc('eth_chainId'), { projectId, chainId })
    // Ethereum: only `own` has a bundler there (its own, the test's alto, on anvil's chain).
    expect((await chainIdOf('own', 'eip155:1')).body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x7a69',
    })
    expect(await chainIdOf('shop', 'eip155:1')).toMatchObject({
      status: 404,
      body: {
        error: {
          code: 'bundlerNotConfigured',
          message:
            'No bundler is configured for "eip155:1": smart accounts are not available there.',
        },
      },
    })
    // Base: the deployment's bundler hangs; `own`'s answers.
    expect((await chainIdOf('own', 'eip155:8453')).status).toBe(200)
    // Its account kind, and the EntryPoint that goes with it.
    expect(await info(app, { projectId: 'own', chainId: 'eip155:1' })).toEqual({
      status: 200,
      body: {
        entryPoint: entryPointAddress,
        account: { kind: 'eip7702', implementation: otherImplementation },
        paymaster: false,
      },
    })
    // Where it names no account, the deployment's (EIP-7702 to the deployment's implementation).
    expect(await info(app, { projectId: 'own', chainId: 'eip155:8453' })).toEqual({
      status: 200,
      body: {
        entryPoint: entryPointAddress,
        account: { kind: 'eip7702', implementation: otherFactory },
        paymaster: false,
      },
    })
    // Its own services on one network leave the others to the deployment.
    expect((await chainIdOf('own', 'eip155:31337')).body).toMatchObject({ result: '0x7a69' })
  })

  test('security: other methods, another Origin, no frame token, a site the project does not allow are refused before the bundler is asked', async () => {
    const app = await routes()
    for (const method of [
      'eth_sendTransaction',
      'debug_bundler_clearState',
      'debug_bundler_setBundlingMode',
      'eth_sendRawTransaction',
      'anvil_setBalance',
    ])
      expect(await call(app, rpc(method))).toMatchObject({
        status: 400,
        body: { error: { code: 'bundlerMethodNotAllowed' } },
      })
    expect(await call(app, rpc('eth_chainId'), { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { error: { code: 'crossOriginRequest' } },
    })
    // The modal's Origin is what any client can send: without the frame's token (or session),
    // the bundler is not reached.
    for (const body of [rpc('eth_chainId'), rpc('eth_sendUserOperation', [{}, entryPointAddress])])
      expect(await call(app, body, { frameToken: false })).toEqual({
        status: 401,
        body: {
          error: {
            code: 'frameTokenRequired',
            message:
              'Only the Airlock modal uses the bundler relay: the request has neither the frame token the API gave it nor its session.',
          },
        },
      })
    expect(await info(app, { frameToken: false })).toMatchObject({
      status: 401,
      body: { error: { code: 'frameTokenRequired' } },
    })
    expect(
      await call(app, rpc('eth_chainId'), { hostOrigin: 'https://evil.example' }),
    ).toMatchObject({ status: 403, body: { error: { code: 'invalidAppConfiguration' } } })
    for (const body of [
      { method: 'eth_chainId' },
      [rpc('eth_chainId')],
      'eth_chainId',
      rpc('x'.repeat(65)),
      rpc('eth_chainId', [], 'a'),
    ])
      expect((await call(app, body)).status).toBe(400)
  })

  test('error: params nested 5,000 deep are 400 jsonTooDeep, not a 502; 64 levels still reach the bundler', async () => {
    const app = await routes()
    // Written as text: JSON.stringify of such a value would overflow the test's own stack.
    const nested = (depth: number) =>
      JSON.stringify(rpc('eth_estimateUserOperationGas', ['deep'])).replace(
        '["deep"]',
        `${'['.repeat(depth)}${']'.repeat(depth)}`,
      )
    expect(await call(app, nested(5_000))).toEqual({
      status: 400,
      body: {
        error: {
          code: 'jsonTooDeep',
          message: 'The request body nests arrays and objects more than 64 deep',
        },
      },
    })
    // The body's object is one level; `params`, 63 arrays deep, makes 64.
    const deepest = await call(app, nested(63))
    expect(deepest).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 1 } })
    expect(deepest.body.error).toMatchObject({ code: expect.any(Number) })
    expect((await call(app, nested(64))).body).toMatchObject({
      error: { code: 'jsonTooDeep' },
    })
  })

  test('security: a project with smart accounts off (the default) is refused before the bundler is asked', async () => {
    const app = await routes()
    expect(await call(app, rpc('eth_supportedEntryPoints'), { projectId: 'plain' })).toEqual({
      status: 403,
      body: {
        error: {
          code: 'smartAccountsDisabled',
          message: 'Smart accounts are not enabled for this project',
        },
      },
    })
    // The site check comes first: a site the project does not allow hears only that.
    expect(
      await call(app, rpc('eth_chainId'), {
        projectId: 'plain',
        hostOrigin: 'https://evil.example',
      }),
    ).toMatchObject({ status: 403, body: { error: { code: 'invalidAppConfiguration' } } })
  })

  test('error: a network without a bundler is 404; a bundler down or hanging is 502 in words; past the budget 429', async () => {
    const app = await routes({ timeoutMs: 300 })
    expect(await call(app, rpc('eth_chainId'), { chainId: 'eip155:1' })).toMatchObject({
      status: 404,
      body: {
        error: {
          code: 'bundlerNotConfigured',
          message:
            'No bundler is configured for "eip155:1": smart accounts are not available there.',
        },
      },
    })
    expect(await call(app, rpc('eth_chainId'), { chainId: 'eip155:10' })).toMatchObject({
      status: 502,
      body: {
        error: {
          code: 'bundlerUnavailable',
          message: 'The bundler of eip155:10 could not be reached.',
        },
      },
    })
    expect(await call(app, rpc('eth_chainId'), { chainId: 'eip155:8453' })).toMatchObject({
      status: 502,
      body: {
        error: {
          code: 'bundlerUnavailable',
          message: 'The bundler of eip155:8453 did not answer within 0.3 s.',
        },
      },
    })
    const limited = await routes({ client: 2 })
    expect((await call(limited, rpc('eth_chainId'))).status).toBe(200)
    expect((await call(limited, rpc('eth_chainId'))).status).toBe(200)
    expect((await call(limited, rpc('eth_chainId'))).status).toBe(429)
  })

  test('security: a flood of refused requests spends nothing of the project’s budget', async () => {
    const app = await routes({ project: 2 })
    const sponsored = { projectId: 'sponsored' }
    const withPaymaster = { projectId: 'sponsored', chainId: 'eip155:10' }
    const operation = { sender: `0x${'5a'.repeat(20)}`, nonce: '0x0' }
    const refusedOnTheWay: [body: unknown, call: typeof sponsored, status: number, code: string][] =
      [
        [rpc('eth_sendTransaction'), sponsored, 400, 'bundlerMethodNotAllowed'],
        [rpc('anvil_setBalance'), sponsored, 400, 'bundlerMethodNotAllowed'],
        [rpc('pm_getPaymasterStubData', [operation]), sponsored, 404, 'paymasterNotConfigured'],
        [rpc('pm_getPaymasterData', [{}]), withPaymaster, 400, 'sponsorshipOperationInvalid'],
        // Sponsorship is for a signed-in visitor: a frame token alone does not get it.
        [rpc('pm_getPaymasterData', [operation]), withPaymaster, 401, 'sponsorshipSessionRequired'],
        [
          rpc('eth_sendUserOperation', [{ ...operation, paymaster: devPaymasterAddress }]),
          sponsored,
          401,
          'sponsorshipSessionRequired',
        ],
      ]
    // More refusals than the project's budget, from the client that then asks the bundler.
    for (let round = 0; round < 3; round++)
      for (const [body, options, status, code] of refusedOnTheWay)
        expect(await call(app, body, options)).toMatchObject({ status, body: { error: { code } } })
    expect((await call(app, rpc('eth_chainId'), sponsored)).status).toBe(200)
    expect((await call(app, rpc('eth_supportedEntryPoints'), sponsored)).status).toBe(200)
    expect(await call(app, rpc('eth_chainId'), sponsored)).toMatchObject({
      status: 429,
      body: { error: { code: 'rateLimited' } },
    })
  })

  test("behavior: info says the network's EntryPoint, how its smart accounts are made and whether a paymaster sponsors gas, with the relay's own checks", async () => {
    const app = await routes()
    expect(await info(app)).toEqual({
      status: 200,
      body: {
        entryPoint: entryPointAddress,
        account: { kind: 'eip7702', implementation: simple7702AccountAddress },
        paymaster: false,
      },
    })
    // A network without EIP-7702: the Safe, on EntryPoint v0.7.
    const safe = { kind: 'safe', version: '1.4.1' }
    const entryPoint07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
    expect(await info(app, { chainId: 'eip155:10', projectId: 'sponsored' })).toEqual({
      status: 200,
      body: { entryPoint: entryPoint07, account: safe, paymaster: true },
    })
    // The network has a paymaster, but this project does not have its gas sponsored.
    expect(await info(app, { chainId: 'eip155:10' })).toEqual({
      status: 200,
      body: { entryPoint: entryPoint07, account: safe, paymaster: false },
    })
    expect(await info(app, { chainId: 'eip155:1' })).toMatchObject({
      status: 404,
      body: { error: { code: 'bundlerNotConfigured' } },
    })
    expect(await info(app, { projectId: 'plain' })).toMatchObject({
      status: 403,
      body: { error: { code: 'smartAccountsDisabled' } },
    })
    expect(await info(app, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { error: { code: 'crossOriginRequest' } },
    })
  })

  test("security: a Safe network whose chain lacks the Safe's published code offers no smart account: info and every relayed call are 502, naming the contract; a chain that can't be asked, likewise", async () => {
    const app = await routes()
    const { singleton } = safeAccountContracts['1.4.1']
    const forged = {
      status: 502,
      body: {
        error: {
          code: 'bundlerUnavailable',
          message: `The network eip155:100 does not have the published code of the Safe 1.4.1 account's singleton at ${singleton}: Airlock offers no smart account there.`,
        },
      },
    }
    expect(await info(app, { chainId: 'eip155:100' })).toEqual(forged)
    expect(await call(app, rpc('eth_chainId'), { chainId: 'eip155:100' })).toEqual(forged)
    const unasked = {
      status: 502,
      body: {
        error: {
          code: 'bundlerUnavailable',
          message: "The network eip155:42161 could not be asked for the Safe 1.4.1 account's code.",
        },
      },
    }
    expect(await info(app, { chainId: 'eip155:42161' })).toEqual(unasked)
    expect(await call(app, rpc('eth_chainId'), { chainId: 'eip155:42161' })).toEqual(unasked)
    // The real deployment passes, its code hashes those safe-deployments records.
    expect((await info(app, { chainId: 'eip155:10' })).status).toBe(200)
  })

  test("error: ERC-7677's paymaster methods go to the network's paymaster: none is 404", async () => {
    const app = await routes()
    const stub = rpc('pm_getPaymasterStubData', [{}, entryPointAddress, '0x7a69', {}])
    expect(await call(app, stub)).toEqual({
      status: 404,
      body: {
        error: {
          code: 'paymasterNotConfigured',
          message:
            "No paymaster sponsors this project's gas on eip155:31337: smart accounts pay their own gas there.",
        },
      },
    })
    expect(await call(app, stub, { chainId: 'eip155:10' })).toMatchObject({
      status: 404,
      body: { error: { code: 'paymasterNotConfigured' } },
    })
    // A paymaster down: bundlerSponsorship.test.ts (its requests need a signed-in visitor).
  })
})
