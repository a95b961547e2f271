// The sign-in routes over HTTP, on a real SQLite file: who may ask for a nonce and sign in (the
// modal's own origin, for a host its project allows), what each refusal answers, and the
// session a site's backend reads and ends with its token; requests refused without asking a
// network spend nothing of the project's budget. What a sign-in checks is in
// services/siwx/sessions.test.ts.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type NetworkConfig, siwxLimits, siwxMessageData } from '@airlock/protocol'
import { bip322Signature, bip322ToSign, bitcoinNetworkParams } from '@airlock/protocol/bitcoin'
import { createSiwxMessage } from '@airlock/protocol/siwx-messages'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { Hono } from 'hono'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { configureProject, createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'
import { siwxRoutes } from './siwx'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const otherSite = 'https://news.example'
// Anvil's well-known dev key: public, for tests only.
const alice = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
// Nothing listens on port 9 of loopback: no test reaches beyond it.
const networks: NetworkConfig[] = [
  {
    caipNetworkId: 'eip155:31337',
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'http://127.0.0.1:9',
  },
  {
    caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    name: 'Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrl: 'http://127.0.0.1:9',
  },
]

let storage: Storage
let dataDir: string
let app: Hono
/** The routes over the test's database, with these budgets a minute. */
const routes = (perMinute = { client: 1000, project: 1000 }) =>
  new Hono().route(
    '/',
    siwxRoutes({
      storage,
      networks,
      rateLimiter: createRateLimiter({ name: 'siwx', perMinute }),
      trustProxy: 0,
      publicOrigin: own,
      now: Date.now,
    }),
  )
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'airlock-siwx-'))
  storage = openStorage({ dialect: 'sqlite', file: join(dataDir, 'airlock.sqlite') })
  await migrateToLatest(storage.db)
  const settings = { siwx: 'required', networks: ['eip155:31337'] }
  await createProject(storage.db, 'shop', [site, otherSite], {}, { settings, catalogue: networks })
  await createProject(storage.db, 'plain', [site], {}, { catalogue: networks })
  app = routes()
})
afterEach(async () => {
  await storage.close()
  await rm(dataDir, { recursive: true, force: true })
})

const post = (path: string, body: unknown, headers: Record<string, string> = { Origin: own }) =>
  app.request(`${own}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const withToken = (method: 'GET' | 'DELETE', token: string, headers = {}) =>
  app.request(`${own}/v1/siwx/session`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...headers },
  })
const errorOf = async (response: Response) =>
  ({ status: response.status, ...((await response.json()) as { error: object }).error }) as {
    status: number
    code: string
    message: string
  }

/** A signed sign-in for `hostOrigin`, with a nonce asked for that host. */
async function signedIn(hostOrigin = site, projectId = 'shop') {
  const nonceResponse = await post(`/v1/projects/${projectId}/siwx/nonces`, { hostOrigin })
  expect(nonceResponse.status).toBe(201)
  const { nonce } = (await nonceResponse.json()) as { nonce: string }
  const message = createSiwxMessage(
    siwxMessageData({
      hostOrigin,
      address: alice.address,
      chainId: 'eip155:31337',
      nonce,
      now: Date.now(),
    }),
  )
  return {
    hostOrigin,
    address: alice.address,
    chainId: 'eip155:31337',
    message,
    signature: await alice.signMessage({ message }),
  }
}

describe('the frame signs a visitor in', () => {
  test('behavior: nonce, sign-in, the session read with its token, sign-out', async () => {
    const nonce = await post('/v1/projects/shop/siwx/nonces', { hostOrigin: site })
    expect(nonce.headers.get('cache-control')).toBe('no-store')
    const body = (await nonce.json()) as { nonce: string; expiresAt: string }
    expect(body.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000)

    const response = await post('/v1/projects/shop/siwx/sessions', await signedIn())
    expect(response.status).toBe(201)
    const { token, session } = (await response.json()) as { token: string; session: object }
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const read = await withToken('GET', token, { Origin: site })
    expect(read.status).toBe(200)
    expect(read.headers.get('cache-control')).toBe('no-store')
    expect(read.headers.get('access-control-allow-origin')).toBe('*')
    expect(await read.json()).toEqual({ projectId: 'shop', hostOrigin: site, session })

    expect((await withToken('DELETE', token)).status).toBe(204)
    expect(await errorOf(await withToken('GET', token))).toMatchObject({
      status: 401,
      code: 'siwxSessionInvalid',
    })
    expect((await withToken('DELETE', token)).status).toBe(401)
  })

  test('security: only the modal’s own origin asks for nonces and signs in', async () => {
    const signed = await signedIn()
    for (const headers of [{}, { Origin: site }, { Origin: 'http://localhost:8788' }]) {
      for (const [path, body] of [
        ['/v1/projects/shop/siwx/nonces', { hostOrigin: site }],
        ['/v1/projects/shop/siwx/sessions', signed],
      ] as const)
        expect(await errorOf(await post(path, body, headers))).toMatchObject({
          status: 403,
          code: 'crossOriginRequest',
        })
    }
  })

  test('security: a host the project does not allow gets no nonce', async () => {
    expect(
      await errorOf(
        await post('/v1/projects/shop/siwx/nonces', { hostOrigin: 'https://evil.example' }),
      ),
    ).toMatchObject({ status: 403, code: 'invalidAppConfiguration' })
  })

  test('security: a session signed for one site cannot be taken to another', async () => {
    const signed = await signedIn(site)
    const elsewhere = { ...signed, hostOrigin: otherSite }
    expect(await errorOf(await post('/v1/projects/shop/siwx/sessions', elsewhere))).toMatchObject({
      status: 401,
      code: 'siwxDomainMismatch',
    })
    // Signed in on its own site, the session says whose it is: another site's backend sees it.
    const { token } = (await (await post('/v1/projects/shop/siwx/sessions', signed)).json()) as {
      token: string
    }
    expect(await (await withToken('GET', token)).json()).toMatchObject({ hostOrigin: site })
  })

  test('security: a captured sign-in replayed is refused', async () => {
    const signed = await signedIn()
    expect((await post('/v1/projects/shop/siwx/sessions', signed)).status).toBe(201)
    expect(await errorOf(await post('/v1/projects/shop/siwx/sessions', signed))).toMatchObject({
      status: 401,
      code: 'siwxNonceInvalid',
    })
  })

  test("error: a project with SIWX off answers 'SIWX is not enabled'", async () => {
    expect(
      await errorOf(await post('/v1/projects/plain/siwx/nonces', { hostOrigin: site })),
    ).toEqual({ status: 403, code: 'siwxNotEnabled', message: 'SIWX is not enabled' })
  })

  test('error: an unknown project is refused', async () => {
    expect(
      await errorOf(await post('/v1/projects/nobody/siwx/nonces', { hostOrigin: site })),
    ).toMatchObject({ status: 404, code: 'invalidProjectId' })
  })

  test.each([
    ['not JSON', '{', 'The request body must be JSON'],
    [
      'without a signature',
      { hostOrigin: site, address: '0x', chainId: 'eip155:1', message: 'x' },
      'body.signature',
    ],
    [
      'with a chain id that is not CAIP-2',
      { hostOrigin: site, address: '0x', chainId: '1', message: 'x', signature: '0x' },
      'body.chainId',
    ],
    [
      'with a message over the limit',
      {
        hostOrigin: site,
        address: '0x',
        chainId: 'eip155:1',
        message: 'x'.repeat(siwxLimits.messageChars + 1),
        signature: '0x',
      },
      'body.message',
    ],
  ])('error: a sign-in %s is refused naming what is wrong', async (_, body, named) => {
    const error = await errorOf(await post('/v1/projects/shop/siwx/sessions', body))
    expect(error).toMatchObject({ status: 400, code: 'invalidRequest' })
    expect(error.message).toContain(named)
  })

  test('error: a malformed message is refused with its own code', async () => {
    const signed = await signedIn()
    const broken = { ...signed, message: signed.message.replace('Version: 1', 'Version: 2') }
    const error = await errorOf(await post('/v1/projects/shop/siwx/sessions', broken))
    expect(error).toMatchObject({ status: 400, code: 'siwxInvalidMessage' })
  })

  test('error: a body past the limit is refused before it is read', async () => {
    const huge = JSON.stringify({ hostOrigin: site, message: 'x'.repeat(64 * 1024) })
    expect(await errorOf(await post('/v1/projects/shop/siwx/sessions', huge))).toMatchObject({
      status: 413,
      code: 'payloadTooLarge',
    })
  })

  test('error: a session read without a well-formed token is refused', async () => {
    for (const headers of [{}, { Authorization: 'Bearer short' }, { Authorization: 'Basic x' }])
      expect(await errorOf(await app.request(`${own}/v1/siwx/session`, { headers }))).toMatchObject(
        { status: 401, code: 'siwxSessionInvalid' },
      )
  })
})

test('security: a flood of sign-ins refused without asking a network spends nothing of the project’s budget', async () => {
  app = routes({ client: 1000, project: 4 })
  const replayed = await signedIn()
  expect((await post('/v1/projects/shop/siwx/sessions', replayed)).status).toBe(201)
  const fresh = await signedIn()
  const refusedOnTheWay: [body: unknown, status: number, code: string][] = [
    [replayed, 401, 'siwxNonceInvalid'],
    [
      { ...fresh, message: fresh.message.replace('Version: 1', 'Version: 2') },
      400,
      'siwxInvalidMessage',
    ],
    [{ ...fresh, signature: '0x1234' }, 400, 'siwxInvalidSignature'],
    [{ ...fresh, hostOrigin: otherSite }, 401, 'siwxDomainMismatch'],
  ]
  // More refusals than the project's budget (4, of which 3 went to the nonces and the sign-in).
  for (let round = 0; round < 3; round++)
    for (const [body, status, code] of refusedOnTheWay)
      expect(await errorOf(await post('/v1/projects/shop/siwx/sessions', body))).toMatchObject({
        status,
        code,
      })
  expect((await post('/v1/projects/shop/siwx/sessions', fresh)).status).toBe(201)
  expect(
    await errorOf(await post('/v1/projects/shop/siwx/nonces', { hostOrigin: site })),
  ).toMatchObject({ status: 429, code: 'rateLimited' })
})

test('security: nonces asked of a project with SIWX off spend nothing of its budget', async () => {
  app = routes({ client: 1000, project: 1 })
  for (let round = 0; round < 3; round++)
    expect(
      await errorOf(await post('/v1/projects/plain/siwx/nonces', { hostOrigin: site })),
    ).toMatchObject({ status: 403, code: 'siwxNotEnabled' })
  // Its budget is whole: once SIWX is on, the one request a minute it allows gets its nonce.
  await configureProject(storage.db, 'plain', { settings: { siwx: 'required' } }, networks)
  expect((await post('/v1/projects/plain/siwx/nonces', { hostOrigin: site })).status).toBe(201)
  expect(
    await errorOf(await post('/v1/projects/plain/siwx/nonces', { hostOrigin: site })),
  ).toMatchObject({ status: 429, code: 'rateLimited' })
})

test('security: nonces past a client’s budget are refused with Retry-After, and none is made', async () => {
  const limited = routes({ client: 2, project: 1000 })
  const ask = () =>
    limited.request(`${own}/v1/projects/shop/siwx/nonces`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: own },
      body: JSON.stringify({ hostOrigin: site }),
    })
  expect((await ask()).status).toBe(201)
  expect((await ask()).status).toBe(201)
  const refused = await ask()
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await refused.json()).toMatchObject({ error: { code: 'rateLimited' } })
  const rows = await storage.db.selectFrom('siwx_nonces').select('nonce').execute()
  expect(rows).toHaveLength(2)
})

describe('a Bitcoin wallet signs a visitor in (bip122)', () => {
  const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  beforeEach(async () => {
    const settings = { siwx: 'required', networks: [regtest] }
    await createProject(storage.db, 'btcshop', [site], {}, { settings, catalogue: networks })
  })

  /** A fresh P2TR key's sign-in: the frame's message, signed BIP-322 as a wallet signs it. */
  async function bitcoinSignIn(network = bitcoinNetworkParams.regtest) {
    const privateKey = randomPrivateKeyBytes()
    const address = p2tr(pubSchnorr(privateKey), undefined, network).address as string
    const nonceResponse = await post('/v1/projects/btcshop/siwx/nonces', { hostOrigin: site })
    const { nonce } = (await nonceResponse.json()) as { nonce: string }
    const message = createSiwxMessage(
      siwxMessageData({ hostOrigin: site, address, chainId: regtest, nonce, now: Date.now() }),
    )
    const toSign = bip322ToSign(message, address, network, {
      tapInternalKey: pubSchnorr(privateKey),
    })
    toSign.signIdx(privateKey, 0)
    toSign.finalizeIdx(0)
    return {
      hostOrigin: site,
      address,
      chainId: regtest,
      message,
      signature: bip322Signature(toSign),
    }
  }

  test('behavior: nonce, a BIP-322 signed sign-in, the session read with its token', async () => {
    const signed = await bitcoinSignIn()
    expect(signed.message).toContain(`Chain ID: ${regtest}\n`)
    const response = await post('/v1/projects/btcshop/siwx/sessions', signed)
    expect(response.status).toBe(201)
    const { token } = (await response.json()) as { token: string }
    expect(await (await withToken('GET', token)).json()).toMatchObject({
      projectId: 'btcshop',
      hostOrigin: site,
      session: {
        data: { accountAddress: signed.address, chainId: regtest },
        signature: signed.signature,
      },
    })
  })

  test('security: another key’s signature is refused, and the nonce is still unused', async () => {
    const signed = await bitcoinSignIn()
    const stranger = await bitcoinSignIn()
    const forged = { ...signed, signature: stranger.signature }
    expect(await errorOf(await post('/v1/projects/btcshop/siwx/sessions', forged))).toEqual({
      status: 401,
      code: 'siwxSignatureMismatch',
      message: `The signature is not ${signed.address}'s signature of this message.`,
    })
    expect((await post('/v1/projects/btcshop/siwx/sessions', signed)).status).toBe(201)
  })

  test('security: a message for a mainnet address on regtest is refused in words', async () => {
    const mainnetAddress = p2wpkh(pubECDSA(randomPrivateKeyBytes())).address as string
    const signed = await bitcoinSignIn()
    const message = signed.message.replace(signed.address, mainnetAddress)
    const request = { ...signed, address: mainnetAddress, message }
    expect(await errorOf(await post('/v1/projects/btcshop/siwx/sessions', request))).toEqual({
      status: 400,
      code: 'siwxInvalidMessage',
      message: `Malformed sign-in message: "${mainnetAddress}" is not a regtest address: it is a mainnet one.`,
    })
  })

  test('error: a signature that is not base64 is refused as a signature', async () => {
    const signed = { ...(await bitcoinSignIn()), signature: 'not base64' }
    expect(await errorOf(await post('/v1/projects/btcshop/siwx/sessions', signed))).toEqual({
      status: 400,
      code: 'siwxInvalidSignature',
      message:
        'Invalid signature: a BIP-322 signature is base64 of a witness stack (a legacy one, base64 of 65 bytes).',
    })
  })
})
