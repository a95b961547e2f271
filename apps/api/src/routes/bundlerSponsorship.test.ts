// Gas sponsorship through the bundler relay (issue 33), on SQLite, against the dev chain's real
// ERC-7677 paymaster service (devchain/paymaster.mjs) and bundler (alto) on a real anvil with
// its EntryPoints: the paymaster is asked only for the frame's signed-in visitor (not for a frame
// token alone, nor for an Origin), only for their wallet's own smart account (on a network without
// EIP-7702 their Safe, computed; on an EIP-7702 network their EOA; a second account's operation
// is refused),
// and only within the project's caps per day (operations and gas, per account and per project,
// counted in the database), and only for calls the project lists (its contracts, and its
// functions where it names them; none listed, none sponsored); a refusal spends nothing and the
// paymaster's data is withheld.
import { createHash } from 'node:crypto'
import type { NetworkConfig } from '@airlock/protocol'
import { type Address, encodeFunctionData, erc20Abi, type Hex, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  deployAccountAbstraction,
  devPaymasterAddress,
  entryPointAddress,
} from '../../../../devchain/accountAbstraction.mjs'
import { type Bundler, startBundler } from '../../../../devchain/bundler.mjs'
import { type PaymasterService, startPaymasterService } from '../../../../devchain/paymaster.mjs'
import { frameTokenHeaders, testCredential, testServerKey } from '../../test/frameTokens'
import { freePort } from '../../test/ports'
import { safeAccountAddress } from '../services/bundlers/safeAccount'
import { sponsorshipUsage } from '../services/bundlers/sponsorshipBudget'
import { accountExecuteAbi, safeExecuteAbi } from '../services/bundlers/sponsorshipPolicy'
import { startEmailSession } from '../services/email/sessions'
import { keepEmbeddedWallet } from '../services/embeddedWallets/embeddedWallets'
import { embeddedWalletSealKey } from '../services/embeddedWallets/seal'
import { type Anvil, startAnvil } from '../services/indexer/testing/anvil'
import type { SponsorshipCaps } from '../services/projectSettings'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'
import { bundlerRoutes } from './bundler'
import { emailSessionCookie } from './emailSession'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
/** Each visitor's EVM key: their wallet's owner. */
const owners = {
  ada: privateKeyToAccount(`0x${'a1'.repeat(32)}`),
  bob: privateKeyToAccount(`0x${'b2'.repeat(32)}`),
}
type Visitor = keyof typeof owners
/** Small caps, so a test reaches them: 2 operations an account, 3 a project, a day. */
const caps: Partial<SponsorshipCaps> = {
  accountOperations: 2,
  projectOperations: 3,
  accountGas: 2_000_000,
  projectGas: 10_000_000,
}
/** The token whose transfers (only) the projects sponsor, and a contract they don't. */
const token = `0x${'7'.repeat(40)}` as Address
const stranger = `0x${'5'.repeat(40)}` as Address
const sponsoredCalls = [
  `eip155:31337:${token}@0xa9059cbb`,
  `eip155:10:${token}`,
  `eip155:8453:${token}`,
]
const transfer = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [stranger, 1_000_000n],
})
/** The Safe's `executeUserOpWithErrorString` of one call: what its user operation's callData is. */
const execute = (target: Address, data: Hex, value = 0n) =>
  encodeFunctionData({
    abi: safeExecuteAbi,
    functionName: 'executeUserOpWithErrorString',
    args: [target, value, data, 0],
  })
/** The EIP-7702 account's (Simple7702Account's) `execute` of one call. */
const execute7702 = (target: Address, data: Hex, value = 0n) =>
  encodeFunctionData({
    abi: accountExecuteAbi,
    functionName: 'execute',
    args: [target, value, data],
  })

/** The gas limits' sum of `operation()` below: 0x30000 + 0x60000 + 0x10000. */
const operationGas = 655_360

let anvil: Anvil
let bundler: Bundler
let paymaster: PaymasterService
let storage: Storage
let deadPaymaster: string
/** Each visitor's smart account on a network without EIP-7702: their Safe. */
const accounts = {} as Record<Visitor, Hex>
beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, quiet: true })
  paymaster = await startPaymasterService({ quiet: true })
  deadPaymaster = `http://127.0.0.1:${await freePort()}`
  for (const visitor of Object.keys(owners) as Visitor[])
    accounts[visitor] = safeAccountAddress({ owner: owners[visitor].address })
}, 90_000)
afterAll(async () => {
  await storage?.close()
  await paymaster?.stop()
  await bundler?.stop()
  await anvil?.stop()
})

/** Each visitor's session cookie on the project, once their wallet is kept. */
let cookies: Record<Visitor | 'walletless', string>
beforeEach(async () => {
  await storage?.close()
  storage = openStorage({ dialect: 'sqlite', file: ':memory:' })
  await migrateToLatest(storage.db)
  const sponsored = { smartAccounts: true, gasSponsorship: true }
  await createProject(storage.db, 'sponsored', [site], sponsored, {
    settings: { sponsorship: caps, sponsoredCalls },
    catalogue: networks(),
  })
  await createProject(storage.db, 'thrifty', [site], sponsored, {
    settings: { sponsorship: { ...caps, accountGas: 1_000_000 }, sponsoredCalls },
    catalogue: networks(),
  })
  // Sponsorship on, and no call listed: nothing is sponsored.
  await createProject(storage.db, 'unlisted', [site], sponsored)
  // Its sites may have their own paymaster service pay (ERC-7677).
  await createProject(storage.db, 'open-sites', [site], sponsored, {
    settings: { sponsoredCalls, paymasterServices: ['https://pm.site.example/rpc'] },
    catalogue: networks(),
  })
  const signIn = async (projectId: string, email: string, owner?: Visitor) => {
    const at = Date.now()
    const { token } = await storage.db
      .transaction()
      .execute((trx) => startEmailSession(trx, { projectId, hostOrigin: site, email }, at))
    if (owner) {
      // The session's id is its token's SHA-256 (services/email/sessions.ts).
      const sessionId = createHash('sha256').update(token).digest('hex')
      await keepEmbeddedWallet(
        { db: storage.db, sealKey: embeddedWalletSealKey(testServerKey), now: Date.now },
        { projectId, email },
        {
          evmAddress: owners[owner].address,
          solanaAddress: '11111111111111111111111111111111',
          authShare: 'c2hhcmU',
          recoveryShare: 'c2VhbGVk',
        },
        { label: 'Test', sessionId },
      )
    }
    return `${emailSessionCookie(projectId)}=${token}`
  }
  cookies = {
    ada: await signIn('sponsored', 'ada@example.com', 'ada'),
    bob: await signIn('sponsored', 'bob@example.com', 'bob'),
    walletless: await signIn('sponsored', 'eve@example.com'),
  }
})

/** The API's networks (the projects' catalogue, and the Safe code check's RPC). */
const networks = (rpcUrl = anvil.rpcUrl): NetworkConfig[] => [
  {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl,
  },
  // The Safe is at the same address on every chain: anvil stands in for this one too.
  {
    caipNetworkId: 'eip155:10',
    name: 'OP',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl,
  },
  // An EIP-7702 network: the smart account is the visitor's own EOA.
  {
    caipNetworkId: 'eip155:8453',
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl,
  },
]

/** The relay's routes. */
const routes = () =>
  bundlerRoutes({
    storage,
    bundlers: { 'eip155:31337': bundler.url, 'eip155:10': bundler.url, 'eip155:8453': bundler.url },
    // eip155:8453 is left out: EIP-7702 with Simple7702Account, the default.
    smartAccounts: {
      'eip155:31337': { kind: 'safe', version: '1.4.1' },
      'eip155:10': { kind: 'safe', version: '1.4.1' },
    },
    paymasters: {
      'eip155:31337': paymaster.url,
      'eip155:10': deadPaymaster,
      'eip155:8453': paymaster.url,
    },
    rateLimiter: createRateLimiter({
      name: 'bundler',
      perMinute: { client: 1000, project: 1000 },
    }),
    trustProxy: 0,
    publicOrigin: own,
    credential: testCredential(storage),
    networks: networks(),
    now: Date.now,
  })

/** A user operation of `sender` (ERC-7769's RPC form), unsigned: what the paymaster is asked about. */
const operation = (sender: Hex, nonce: number, more: Record<string, unknown> = {}) => ({
  sender,
  nonce: numberToHex(nonce),
  callData: execute(token, transfer),
  callGasLimit: '0x30000',
  verificationGasLimit: '0x60000',
  preVerificationGas: '0x10000',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x3b9aca00',
  signature: '0x',
  ...more,
})
const paymasterData = (userOperation: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'pm_getPaymasterData',
  params: [userOperation, entryPointAddress, '0x7a69', {}],
})
const paymasterStub = (userOperation: unknown) => ({
  ...paymasterData(userOperation),
  method: 'pm_getPaymasterStubData',
})
const send = (userOperation: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_sendUserOperation',
  params: [userOperation, entryPointAddress],
})

/** A relay request of the modal's page: the frame token unless `token` is false, the cookie given. */
async function call(
  app: ReturnType<typeof routes>,
  body: unknown,
  {
    cookie,
    token = true,
    projectId = 'sponsored',
    chainId = 'eip155:31337',
  }: { cookie?: string; token?: boolean; projectId?: string; chainId?: string } = {},
) {
  const query = new URLSearchParams({ chainId, hostOrigin: site })
  const response = await app.request(`${own}/v1/projects/${projectId}/bundler?${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: own,
      ...(token
        ? await frameTokenHeaders(testCredential(storage).frameTokens, projectId, site)
        : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    body: (await response.json()) as Record<string, unknown>,
  }
}

const usage = () => sponsorshipUsage(storage.db, 'sponsored', Date.now())

describe('gas sponsorship', () => {
  test("behavior: the visitor's own smart account gets the paymaster's data, counted in the database", async () => {
    const app = routes()
    const answer = await call(app, paymasterData(operation(accounts.ada, 0)), {
      cookie: cookies.ada,
    })
    expect(answer).toMatchObject({
      status: 200,
      body: { jsonrpc: '2.0', id: 1, result: { paymaster: devPaymasterAddress } },
    })
    expect(await usage()).toEqual({
      [accounts.ada.toLowerCase()]: { operations: 1, gas: operationGas },
      '*': { operations: 1, gas: operationGas },
    })
    // The stub (gas estimation) is checked the same way, and counts nothing.
    expect(
      (await call(app, paymasterStub(operation(accounts.ada, 1)), { cookie: cookies.ada })).status,
    ).toBe(200)
    expect((await usage())['*']).toEqual({ operations: 1, gas: operationGas })
  })

  test('security: a client with only the modal’s Origin gets 401 frameTokenRequired; a frame token without a signed-in visitor gets 401 sponsorshipSessionRequired', async () => {
    const app = routes()
    const asked = paymasterData(operation(accounts.ada, 0))
    expect(await call(app, asked, { token: false })).toMatchObject({
      status: 401,
      body: { error: { code: 'frameTokenRequired' } },
    })
    expect(await call(app, asked)).toEqual({
      status: 401,
      retryAfter: null,
      body: {
        error: {
          code: 'sponsorshipSessionRequired',
          message:
            'Gas is sponsored only for a signed-in visitor: sign in by email or a social account first.',
        },
      },
    })
    // A send that names a paymaster is a sponsorship too.
    const named = operation(accounts.ada, 0, {
      paymaster: devPaymasterAddress,
      paymasterData: '0x',
    })
    expect(await call(app, send(named))).toMatchObject({
      status: 401,
      body: { error: { code: 'sponsorshipSessionRequired' } },
    })
    expect(await usage()).toEqual({})
  })

  test("security: a second account's user operation is refused sponsorship 403 sponsorshipSenderMismatch, however asked, and nothing is counted", async () => {
    const app = routes()
    const bobs = operation(accounts.bob, 0)
    const mismatch = {
      status: 403,
      body: {
        error: {
          code: 'sponsorshipSenderMismatch',
          message: `Gas is sponsored only for the signed-in visitor's own smart account, not ${accounts.bob.toLowerCase()}.`,
        },
      },
    }
    expect(await call(app, paymasterData(bobs), { cookie: cookies.ada })).toMatchObject(mismatch)
    expect(await call(app, paymasterStub(bobs), { cookie: cookies.ada })).toMatchObject(mismatch)
    const named = { ...bobs, paymaster: devPaymasterAddress, paymasterData: '0x' }
    expect(await call(app, send(named), { cookie: cookies.ada })).toMatchObject(mismatch)
    // Bob's owner address itself is not his smart account either.
    expect(
      await call(app, paymasterData(operation(owners.bob.address, 0)), { cookie: cookies.bob }),
    ).toMatchObject({ status: 403, body: { error: { code: 'sponsorshipSenderMismatch' } } })
    // A signed-in visitor without a wallet has no account to sponsor.
    expect(
      await call(app, paymasterData(operation(accounts.ada, 0)), { cookie: cookies.walletless }),
    ).toMatchObject({ status: 403, body: { error: { code: 'sponsorshipSenderMismatch' } } })
    expect(await usage()).toEqual({})
    // Bob's own operation, from his own session, passes.
    expect((await call(app, paymasterData(bobs), { cookie: cookies.bob })).status).toBe(200)
  })

  test("security: on an EIP-7702 network the visitor's own EOA is sponsored, asking the network nothing; their Safe and another visitor's EOA are refused 403", async () => {
    const app = routes()
    const on7702 = { cookie: cookies.ada, chainId: 'eip155:8453' }
    const of7702 = (sender: Hex) => operation(sender, 0, { callData: execute7702(token, transfer) })
    expect(await call(app, paymasterData(of7702(owners.ada.address)), on7702)).toMatchObject({
      status: 200,
      body: { result: { paymaster: devPaymasterAddress } },
    })
    const mismatch = (sender: Hex) => ({
      status: 403,
      body: {
        error: {
          code: 'sponsorshipSenderMismatch',
          message: `Gas is sponsored only for the signed-in visitor's own smart account, not ${sender.toLowerCase()}.`,
        },
      },
    })
    expect(await call(app, paymasterData(of7702(accounts.ada)), on7702)).toMatchObject(
      mismatch(accounts.ada),
    )
    expect(await call(app, paymasterData(of7702(owners.bob.address)), on7702)).toMatchObject(
      mismatch(owners.bob.address),
    )
  })

  test("security: on a network without EIP-7702 the visitor's Safe is computed, the network asked nothing: their EOA, another Safe of theirs (saltNonce 1) and another visitor's Safe are refused 403", async () => {
    const app = routes()
    const mismatch = (sender: Hex) => ({
      status: 403,
      body: {
        error: {
          code: 'sponsorshipSenderMismatch',
          message: `Gas is sponsored only for the signed-in visitor's own smart account, not ${sender.toLowerCase()}.`,
        },
      },
    })
    const second = safeAccountAddress({ owner: owners.ada.address, saltNonce: 1n })
    for (const sender of [owners.ada.address, second, accounts.bob])
      expect(
        await call(app, paymasterData(operation(sender, 0)), { cookie: cookies.ada }),
      ).toMatchObject(mismatch(sender))
    expect(
      await call(app, paymasterData(operation(accounts.ada, 0)), { cookie: cookies.ada }),
    ).toMatchObject({ status: 200, body: { result: { paymaster: devPaymasterAddress } } })
  })

  test("behavior: the caps hold: an account's operations a day, then the project's, each 429 with Retry-After and the paymaster's data withheld", async () => {
    const app = routes()
    const data = (visitor: Visitor, nonce: number) =>
      call(app, paymasterData(operation(accounts[visitor], nonce)), { cookie: cookies[visitor] })
    expect((await data('ada', 0)).status).toBe(200)
    expect((await data('ada', 1)).status).toBe(200)
    const accountSpent = await data('ada', 2)
    expect(accountSpent).toMatchObject({
      status: 429,
      body: {
        error: {
          code: 'sponsorshipAccountLimit',
          message:
            "This account's gas sponsorship for today (UTC) is used up: 2 user operations and 2000000 gas a day.",
        },
      },
    })
    expect(accountSpent.body.result).toBeUndefined()
    expect(Number(accountSpent.retryAfter)).toBeGreaterThan(0)
    expect(Number(accountSpent.retryAfter)).toBeLessThanOrEqual(86_400)
    // Bob has his own count; the project's third operation is the last of the day.
    expect((await data('bob', 0)).status).toBe(200)
    expect(await data('bob', 1)).toMatchObject({
      status: 429,
      body: { error: { code: 'sponsorshipProjectLimit' } },
    })
    expect(await usage()).toEqual({
      [accounts.ada.toLowerCase()]: { operations: 2, gas: 2 * operationGas },
      [accounts.bob.toLowerCase()]: { operations: 1, gas: operationGas },
      '*': { operations: 3, gas: 3 * operationGas },
    })
    // Asked again (a retry, or its send after its data), an operation is not counted again.
    expect((await data('ada', 1)).status).toBe(200)
  })

  test("behavior: an account's gas a day is capped: the operation that would pass it is refused", async () => {
    const app = routes()
    // `thrifty` sponsors 1,000,000 gas an account a day: one operation of 655,360, not two.
    const signIn = async () => {
      const { token } = await storage.db
        .transaction()
        .execute((trx) =>
          startEmailSession(
            trx,
            { projectId: 'thrifty', hostOrigin: site, email: 'ada@example.com' },
            Date.now(),
          ),
        )
      return `${emailSessionCookie('thrifty')}=${token}`
    }
    const cookie = await signIn()
    await keepEmbeddedWallet(
      { db: storage.db, sealKey: embeddedWalletSealKey(testServerKey), now: Date.now },
      { projectId: 'thrifty', email: 'ada@example.com' },
      {
        evmAddress: owners.ada.address,
        solanaAddress: '11111111111111111111111111111111',
        authShare: 'c2hhcmU',
        recoveryShare: 'c2VhbGVk',
      },
      { label: 'Test', sessionId: 'none' },
    )
    const data = (nonce: number) =>
      call(app, paymasterData(operation(accounts.ada, nonce)), { cookie, projectId: 'thrifty' })
    expect((await data(0)).status).toBe(200)
    expect(await data(1)).toMatchObject({
      status: 429,
      body: { error: { code: 'sponsorshipAccountLimit' } },
    })
  })

  test('error: an operation not of its form is 400 sponsorshipOperationInvalid; a paymaster down is 502 in words, and counts nothing', async () => {
    const app = routes()
    for (const userOperation of [
      {},
      { sender: 'ada', nonce: '0x0' },
      operation(accounts.ada, 0, { callGasLimit: 7 }),
      operation(accounts.ada, 0, { callGasLimit: `0x${'f'.repeat(64)}` }),
    ])
      expect(await call(app, paymasterData(userOperation), { cookie: cookies.ada })).toMatchObject({
        status: 400,
        body: { error: { code: 'sponsorshipOperationInvalid' } },
      })
    expect(
      await call(app, paymasterData(operation(accounts.ada, 0)), {
        cookie: cookies.ada,
        chainId: 'eip155:10',
      }),
    ).toMatchObject({
      status: 502,
      body: {
        error: {
          code: 'bundlerUnavailable',
          message: 'The paymaster of eip155:10 could not be reached.',
        },
      },
    })
    expect(await usage()).toEqual({})
  })

  test("security: a call the project does not list is refused 403 sponsorshipCallNotAllowed, naming it, however asked; nothing is counted and the paymaster's data is withheld", async () => {
    const app = routes()
    const ask = (userOperation: unknown, projectId = 'sponsored') =>
      [paymasterStub, paymasterData, send].map((request) =>
        call(app, request(userOperation), { cookie: cookies.ada, projectId }),
      )
    const named = { paymaster: devPaymasterAddress, paymasterData: '0x' }
    const refusals = [
      // A contract not listed: ether to a person, or a call to another contract.
      [
        operation(accounts.ada, 0, { callData: execute(stranger, '0x', 10n ** 16n), ...named }),
        `The call (to ${stranger}) is not sponsored: this project sponsors calls to ${token} on eip155:31337.`,
      ],
      // The listed token, with a function the project does not name (approve).
      [
        operation(accounts.ada, 0, {
          callData: execute(
            token,
            encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, 1n] }),
          ),
          ...named,
        }),
        `The call (to ${token}, function 0x095ea7b3) is not sponsored: this project sponsors only the functions 0xa9059cbb of that contract on eip155:31337.`,
      ],
      // A callData that is not the Safe's executeUserOp: a bare transfer, or the 7702 account's.
      [
        operation(accounts.ada, 0, { callData: transfer, ...named }),
        "Gas is sponsored only for calls the Safe makes with executeUserOp (a call, or a batch of calls through MultiSendCallOnly): this user operation's callData is neither.",
      ],
      [
        operation(accounts.ada, 0, { callData: execute7702(token, transfer), ...named }),
        "Gas is sponsored only for calls the Safe makes with executeUserOp (a call, or a batch of calls through MultiSendCallOnly): this user operation's callData is neither.",
      ],
      // A delegatecall: it would run another contract's code as the Safe.
      [
        operation(accounts.ada, 0, {
          callData: encodeFunctionData({
            abi: safeExecuteAbi,
            functionName: 'executeUserOp',
            args: [token, 0n, transfer, 1],
          }),
          ...named,
        }),
        "Gas is sponsored only for calls the Safe makes with executeUserOp (a call, or a batch of calls through MultiSendCallOnly): this user operation's callData is neither.",
      ],
    ] as const
    for (const [userOperation, message] of refusals)
      for (const answer of await Promise.all(ask(userOperation)))
        expect(answer).toEqual({
          status: 403,
          retryAfter: null,
          body: { error: { code: 'sponsorshipCallNotAllowed', message } },
        })
    expect(await usage()).toEqual({})
    // The listed call is sponsored, and counted against the caps as before.
    const allowed = operation(accounts.ada, 0)
    expect((await call(app, paymasterData(allowed), { cookie: cookies.ada })).status).toBe(200)
    expect(await usage()).toEqual({
      [accounts.ada.toLowerCase()]: { operations: 1, gas: operationGas },
      '*': { operations: 1, gas: operationGas },
    })
  })

  test('security: a project that sponsors gas and lists no call sponsors nothing', async () => {
    const app = routes()
    const cookie = await (async () => {
      const { token: session } = await storage.db
        .transaction()
        .execute((trx) =>
          startEmailSession(
            trx,
            { projectId: 'unlisted', hostOrigin: site, email: 'ada@example.com' },
            Date.now(),
          ),
        )
      return `${emailSessionCookie('unlisted')}=${session}`
    })()
    expect(
      await call(app, paymasterData(operation(accounts.ada, 0)), { cookie, projectId: 'unlisted' }),
    ).toMatchObject({
      status: 403,
      body: {
        error: {
          code: 'sponsorshipCallNotAllowed',
          message: `The call (to ${token}) is not sponsored: this project sponsors calls to no contract on eip155:31337.`,
        },
      },
    })
    expect(await sponsorshipUsage(storage.db, 'unlisted', Date.now())).toEqual({})
  })

  test("security: a sent operation naming a site's own paymaster (a project with paymaster services) is not the operator's sponsorship; one naming the operator's still is, and so is one whose paymaster can't be told", async () => {
    const app = routes()
    const unlisted = { callData: execute(stranger, '0x') }
    const sitePaymaster = `0x${'3'.repeat(40)}`
    const sitePaid = operation(accounts.ada, 0, {
      ...unlisted,
      paymaster: sitePaymaster,
      paymasterData: '0x',
      paymasterVerificationGasLimit: '0x10000',
      paymasterPostOpGasLimit: '0x0',
    })
    // Passed on without a session, the calls list or the caps: the bundler answers (here it
    // refuses an operation with no signature and a paymaster that is no contract).
    const passed = await call(app, send(sitePaid), { projectId: 'open-sites' })
    expect(passed.status).toBe(200)
    expect(passed.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: expect.any(Object) })
    // The operator's (dev) paymaster named: its rules hold.
    const operatorPaid = { ...sitePaid, paymaster: devPaymasterAddress }
    expect(
      await call(app, send(operatorPaid), { projectId: 'open-sites', cookie: cookies.ada }),
    ).toMatchObject({ status: 401, body: { error: { code: 'sponsorshipSessionRequired' } } })
    // The network's paymaster down: whose it is can't be told, so the operator's rules hold.
    expect(
      await call(app, send(sitePaid), { projectId: 'open-sites', chainId: 'eip155:10' }),
    ).toMatchObject({ status: 401, body: { error: { code: 'sponsorshipSessionRequired' } } })
    // A project without paymaster services: any paymaster named is the operator's sponsorship.
    expect(await call(app, send(sitePaid), { cookie: cookies.ada })).toMatchObject({
      status: 403,
      body: { error: { code: 'sponsorshipCallNotAllowed' } },
    })
    expect(await sponsorshipUsage(storage.db, 'open-sites', Date.now())).toEqual({})
  })
})
