// The names gateway end to end: the API app served over HTTP on a free port, the dev ENS on a real
// anvil with its offchain resolver pointing at the API's gateway and trusting the gateway's key,
// names registered in the registry with real signatures, and a PLAIN viem public client (its only
// dev-chain setting the Universal Resolver's address) resolving them through CCIP-Read. Then the
// route itself: POST, CORS *, caching, refusals, and the gateway off.
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type ApiErrorBody,
  evmCoinTypeFlag,
  type NameAttributes,
  nameMessage,
} from '@airlock/protocol'
import { serve } from '@hono/node-server'
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  decodeErrorResult,
  encodeFunctionData,
  type Hex,
  http,
  namehash,
  type PublicClient,
  parseAbi,
  stringToHex,
  toCoinType,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { packetToBytes } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deployDevEns, devEnsAbis, devEnsAddresses } from '../../../../devchain/ens.mjs'
import { devAccounts } from '../../../../devchain/seed.mjs'
import { deploySmartWallet, deploySmartWalletFactory } from '../../../../devchain/smartWallets.mjs'
import { createFakeBuilds, type FakeBuilds } from '../../test/builds'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { testSite } from '../../test/nameRequests'
import { createApp } from '../app'
import { createLogger } from '../logger'
import { imageUrlSigner } from '../services/images/imageUrlSignatures'
import { type Anvil, startAnvil } from '../services/indexer/testing/anvil'
import { decodeGatewayResponse, type GatewaySigner } from '../services/names/ensGateway'
import { registerName } from '../services/names/names'
import type { NamesConfig } from '../services/names/namesConfig'
import { defaultNetworks } from '../services/networks'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import { migrateToLatest } from '../storage/migrations'
import { openStorage, type Storage } from '../storage/storage'

const parent = 'airlock.eth'
const gatewayAccount = privateKeyToAccount(generatePrivateKey())
const alice = privateKeyToAccount(generatePrivateKey())
const bob = privateKeyToAccount(generatePrivateKey())
const nobody = privateKeyToAccount(generatePrivateKey())
/** ENSIP-11: Base's coin type, 0x80000000 + 8453. */
const baseCoinType = toCoinType(8453)
const gatewayPath = '/v1/names/gateway/{sender}/{data}.json'
const resolver = devEnsAddresses.offchainResolver

// SQLite only: the registry's queries are proven on both back-ends in names.test.ts; this is
// about what an ENS client gets.
const [database] = testDatabases().filter(({ name }) => name === 'sqlite')
if (database === undefined) throw new Error('no SQLite test database')

let anvil: Anvil
let builds: FakeBuilds
let storage: Storage
let api: ServedApi
let client: PublicClient

type ServedApi = { origin: string; stop(): Promise<void> }

/** The API app over HTTP on a free loopback port, its names gateway signing with `signer`. */
async function serveApi(gateway: NamesConfig['gateway']): Promise<ServedApi> {
  const app = createApp({
    storage,
    networks: defaultNetworks(anvil.rpcUrl),
    modalDist: builds.modalDist,
    sdkDist: builds.sdkDist,
    names: gateway ? { parent, gateway } : { parent },
    namesRateLimiter: createRateLimiter({
      name: 'names',
      perMinute: { client: 1000, project: 1000, lookup: 1000 },
    }),
    logger: createLogger({ level: 'silent' }),
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const gatewayOf = (signer: GatewaySigner) => ({ signer, resolverAddress: resolver })

async function register(
  account: PrivateKeyAccount,
  name: string,
  { attributes = {} as NameAttributes, coinType = 60, under = parent } = {},
) {
  const message = nameMessage({
    action: 'register',
    name,
    address: account.address,
    chainId: coinType === 60 ? 1 : coinType - evmCoinTypeFlag,
    site: testSite,
    attributes,
    timestamp: Math.floor(Date.now() / 1000),
  })
  await registerName({
    db: storage.db,
    projectId: 'shop',
    parent: under,
    site: testSite,
    request: {
      coinType,
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
    },
    verify: ({ address, message, signature }) => verifyMessage({ address, message, signature }),
  })
}

beforeAll(async () => {
  ;[anvil, builds] = await Promise.all([startAnvil(), createFakeBuilds(), database.setUp()]).then(
    ([anvil, builds]) => [anvil, builds] as const,
  )
  storage = await database.open()
  await createProject(storage.db, 'shop', ['https://shop.example'])
  api = await serveApi(gatewayOf(gatewayAccount))
  await deployDevEns({
    rpcUrl: anvil.rpcUrl,
    gatewayUrl: `${api.origin}${gatewayPath}`,
    signer: gatewayAccount.address,
  })
  await register(alice, 'alice.airlock.eth', {
    attributes: { avatar: 'https://example.test/alice.png', description: 'Alice' },
  })
  await register(bob, 'bobby.airlock.eth', { coinType: Number(baseCoinType) })
  // Plain viem: the only dev-chain setting is where the Universal Resolver is.
  client = createPublicClient({
    chain: {
      ...foundry,
      contracts: { ensUniversalResolver: { address: devEnsAddresses.universalResolver } },
    },
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
  })
}, setUpTimeout)

afterAll(async () => {
  await api?.stop()
  await storage?.close()
  await database.tearDown()
  await builds?.remove()
  await anvil?.stop()
})

describe('names through the API gateway, with plain viem', () => {
  test('behavior: a registered name resolves to its owner, as the client spells it', async () => {
    expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBe(alice.address)
    expect(await client.getEnsAddress({ name: 'Alice.airlock.eth' })).toBe(alice.address)
  })

  test('security: a name is its owner’s address on the chain the signature was made on only, not on Ethereum (60) for one made on Base', async () => {
    expect(await client.getEnsAddress({ name: 'bobby.airlock.eth', coinType: baseCoinType })).toBe(
      bob.address.toLowerCase(),
    )
    expect(await client.getEnsAddress({ name: 'bobby.airlock.eth' })).toBeNull()
    expect(
      await client.getEnsAddress({ name: 'bobby.airlock.eth', coinType: toCoinType(31337) }),
    ).toBeNull()
    // Alice signed on Ethereum: hers there, not on Base.
    expect(
      await client.getEnsAddress({ name: 'alice.airlock.eth', coinType: baseCoinType }),
    ).toBeNull()
  })

  test('security: a contract wallet’s name is its address on the chain its signature was checked on, and nowhere else', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const factory = await deploySmartWalletFactory({
      rpcUrl: anvil.rpcUrl,
      deployer: devAccounts.deployer,
    })
    const wallet = await deploySmartWallet({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: `0x${'00'.repeat(31)}07`,
      sender: devAccounts.carol,
    })
    const anvilCoinType = 0x80000000n + 31337n
    const message = nameMessage({
      action: 'register',
      name: 'vault.airlock.eth',
      address: wallet,
      chainId: 31337,
      site: testSite,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    await registerName({
      db: storage.db,
      projectId: 'shop',
      parent,
      site: testSite,
      request: {
        coinType: Number(anvilCoinType),
        address: wallet,
        message,
        signature: await owner.signMessage({ message }),
      },
      // ERC-1271 on anvil: the wallet's owner signed.
      verify: ({ address, message, signature }) =>
        client.verifyMessage({ address, message, signature }),
    })
    expect(await client.getEnsAddress({ name: 'vault.airlock.eth', coinType: anvilCoinType })).toBe(
      wallet.toLowerCase(),
    )
    // The same address on Ethereum or Base may be someone else's: not published there.
    expect(await client.getEnsAddress({ name: 'vault.airlock.eth' })).toBeNull()
    expect(
      await client.getEnsAddress({ name: 'vault.airlock.eth', coinType: baseCoinType }),
    ).toBeNull()
  })

  test('behavior: text records are the name attributes; another key is null', async () => {
    expect(await client.getEnsText({ name: 'alice.airlock.eth', key: 'avatar' })).toBe(
      'https://example.test/alice.png',
    )
    expect(await client.getEnsText({ name: 'alice.airlock.eth', key: 'description' })).toBe('Alice')
    expect(await client.getEnsText({ name: 'alice.airlock.eth', key: 'url' })).toBeNull()
    expect(await client.getEnsText({ name: 'bobby.airlock.eth', key: 'avatar' })).toBeNull()
  })

  test('behavior: an address reverse-resolves to its primary name; one without a name to null', async () => {
    expect(await client.getEnsName({ address: alice.address })).toBe('alice.airlock.eth')
    expect(await client.getEnsName({ address: nobody.address })).toBeNull()
    // ENSIP-19: Bob's name is his on Base, so his primary name there, and none on Ethereum.
    expect(await client.getEnsName({ address: bob.address, coinType: baseCoinType })).toBe(
      'bobby.airlock.eth',
    )
    expect(await client.getEnsName({ address: bob.address })).toBeNull()
  })

  test('behavior: a name under a project’s own parent resolves through the same resolver and gateway', async () => {
    const snapshot = await anvil.snapshot()
    try {
      // The project's parent points at the same offchain resolver (scripts/deployNamesResolver.mjs
      // --resolver does this for a real one).
      await deployDevEns({
        rpcUrl: anvil.rpcUrl,
        parentName: 'acme.eth',
        gatewayUrl: `${api.origin}${gatewayPath}`,
        signer: gatewayAccount.address,
      })
      const carol = privateKeyToAccount(generatePrivateKey())
      await register(carol, 'carol.acme.eth', {
        attributes: { description: 'Carol of Acme' },
        under: 'acme.eth',
      })
      expect(await client.getEnsAddress({ name: 'carol.acme.eth' })).toBe(carol.address)
      expect(await client.getEnsText({ name: 'carol.acme.eth', key: 'description' })).toBe(
        'Carol of Acme',
      )
      expect(await client.getEnsName({ address: carol.address })).toBe('carol.acme.eth')
    } finally {
      await anvil.revert(snapshot)
    }
  })

  test('behavior: an unknown name, the parent and a deeper name resolve to null', async () => {
    expect(await client.getEnsAddress({ name: 'nobody.airlock.eth' })).toBeNull()
    expect(await client.getEnsText({ name: 'nobody.airlock.eth', key: 'avatar' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'airlock.eth' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'x.alice.airlock.eth' })).toBeNull()
  })

  test('behavior: a gateway signing with another key is refused: null, and strict throws', async () => {
    const snapshot = await anvil.snapshot()
    const impostorAccount = privateKeyToAccount(generatePrivateKey())
    const impostor = await serveApi(gatewayOf(impostorAccount))
    try {
      // The resolver still trusts only the gateway's key, but now asks the impostor.
      await deployDevEns({
        rpcUrl: anvil.rpcUrl,
        gatewayUrl: `${impostor.origin}${gatewayPath}`,
        signer: gatewayAccount.address,
      })
      expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBeNull()
      // resolveWithProof's UnknownSigner, inside the Universal Resolver's ResolverError.
      const error = await client.getEnsAddress({ name: 'alice.airlock.eth', strict: true }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(error).toBeInstanceOf(BaseError)
      const reverted = (error as BaseError).walk(
        (cause) => cause instanceof ContractFunctionRevertedError,
      ) as ContractFunctionRevertedError | null
      expect(reverted?.data?.errorName).toBe('ResolverError')
      expect(
        decodeErrorResult({
          abi: devEnsAbis.offchainResolver,
          data: reverted?.data?.args?.[0] as Hex,
        }),
      ).toMatchObject({ errorName: 'UnknownSigner', args: [impostorAccount.address] })
    } finally {
      await impostor.stop()
      await anvil.revert(snapshot)
    }
    expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBe(alice.address)
  })

  test('behavior: a gateway URL without {data} is asked with POST', async () => {
    const snapshot = await anvil.snapshot()
    try {
      await deployDevEns({
        rpcUrl: anvil.rpcUrl,
        gatewayUrl: `${api.origin}/v1/names/gateway`,
        signer: gatewayAccount.address,
      })
      expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBe(alice.address)
    } finally {
      await anvil.revert(snapshot)
    }
  })
})

describe('GET and POST /v1/names/gateway', () => {
  const request = encodeFunctionData({
    abi: parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)']),
    functionName: 'resolve',
    args: [
      stringToHex(String.fromCharCode(...packetToBytes('alice.airlock.eth'))),
      encodeFunctionData({
        abi: parseAbi(['function addr(bytes32 node) view returns (address)']),
        functionName: 'addr',
        args: [namehash('alice.airlock.eth')],
      }),
    ],
  })
  const get = (sender: string, data: string) =>
    fetch(`${api.origin}/v1/names/gateway/${sender}/${data}.json`, {
      headers: { Origin: 'https://any.example' },
    })

  test('behavior: GET answers the signed record, public for a minute, with CORS *', async () => {
    const response = await get(resolver.toLowerCase(), request)
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60')
    const { data } = (await response.json()) as { data: Hex }
    expect(decodeGatewayResponse(data).result).toBe(
      `0x${alice.address.slice(2).toLowerCase().padStart(64, '0')}`,
    )
  })

  test('behavior: POST { sender, data } answers the same, and preflight allows any origin', async () => {
    const response = await fetch(`${api.origin}/v1/names/gateway`, {
      method: 'POST',
      headers: { Origin: 'https://any.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ sender: resolver, data: request }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(((await response.json()) as { data: Hex }).data).toMatch(/^0x/)
    const preflight = await fetch(`${api.origin}/v1/names/gateway`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://any.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  test('error: another resolver is 404, unreadable calldata 400, both { message }, not kept', async () => {
    const other = await get(alice.address, request)
    expect(other.status).toBe(404)
    expect(other.headers.get('Cache-Control')).toBe('no-store')
    expect(await other.json()).toEqual({ message: `No resolver ${alice.address} here.` })
    const unreadable = await get(resolver, '0x1234')
    expect(unreadable.status).toBe(400)
    expect(await unreadable.json()).toEqual({ message: 'not a resolve(bytes,bytes) call' })
    const notJson = await fetch(`${api.origin}/v1/names/gateway`, { method: 'POST', body: '{' })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toEqual({ message: 'expected a JSON body { sender, data }' })
  })

  test('behavior: the name lookup route still finds names beside the gateway', async () => {
    const response = await fetch(`${api.origin}/v1/names/alice.airlock.eth`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { address: string }).address).toBe(alice.address)
  })

  test('error: without a gateway key the gateway is 404 namesNotConfigured', async () => {
    const off = await serveApi(undefined)
    try {
      const response = await fetch(`${off.origin}/v1/names/gateway/${resolver}/${request}.json`)
      expect(response.status).toBe(404)
      expect(((await response.json()) as ApiErrorBody).error.code).toBe('namesNotConfigured')
    } finally {
      await off.stop()
    }
  })
})

describe('names outside the parent and addresses outside the registry: ENS on the configured chain', () => {
  const imageKey = new Uint8Array(32).fill(3)
  const aliceAvatar = 'https://example.test/alice.png'
  /** Where the frame loads Alice's avatar from: the API's image proxy, the URL signed. */
  const aliceAvatarImage = `/v1/nft-image?${new URLSearchParams({
    url: aliceAvatar,
    sig: imageUrlSigner(imageKey).sign(aliceAvatar),
  })}`
  /** An API whose own parent is `shop.eth` and whose ENS is the dev chain's, on `networks`. */
  const ensApi = (networks = defaultNetworks(anvil.rpcUrl), registry: Storage = storage) =>
    createApp({
      storage: registry,
      networks,
      modalDist: builds.modalDist,
      sdkDist: builds.sdkDist,
      names: {
        parent: 'shop.eth',
        ens: { chainId: foundry.id, universalResolver: devEnsAddresses.universalResolver },
      },
      imageKey,
      namesRateLimiter: createRateLimiter({
        name: 'names',
        perMinute: { client: 1000, project: 1000, lookup: 1000 },
      }),
      logger: createLogger({ level: 'silent' }),
    })

  /**
   * `work` with a registry of its own, empty: the shared one holds alice.airlock.eth, which a
   * lookup answers from the registry before asking ENS.
   */
  async function withEmptyRegistry(work: (empty: Storage) => Promise<void>) {
    const dataDir = await mkdtemp(join(tmpdir(), 'airlock-ens-'))
    const empty = openStorage({ dialect: 'sqlite', file: join(dataDir, 'airlock.sqlite') })
    await migrateToLatest(empty.db)
    try {
      await work(empty)
    } finally {
      await empty.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }

  test('behavior: another parent’s name is resolved through ENS, CCIP-Read included, with its texts', async () => {
    let response: Response | undefined
    await withEmptyRegistry(async (empty) => {
      response = await ensApi(undefined, empty).request('/v1/names/Alice.airlock.eth')
    })
    if (!response) throw new Error('no answer')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      name: 'alice.airlock.eth',
      address: alice.address,
      coinType: 60,
      attributes: { avatar: 'https://example.test/alice.png', description: 'Alice' },
      avatarImage: aliceAvatarImage,
    })
  })

  test('behavior: an address this registry has no name for gets its primary ENS name, with its texts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'airlock-ens-'))
    const empty = openStorage({ dialect: 'sqlite', file: join(dataDir, 'airlock.sqlite') })
    await migrateToLatest(empty.db)
    try {
      const app = ensApi(undefined, empty)
      const named = await app.request(`/v1/names?address=${alice.address.toLowerCase()}`)
      expect(named.status).toBe(200)
      expect(await named.json()).toEqual({
        names: [
          {
            name: 'alice.airlock.eth',
            address: alice.address,
            coinType: 60,
            attributes: { avatar: 'https://example.test/alice.png', description: 'Alice' },
            avatarImage: aliceAvatarImage,
          },
        ],
      })
      const unnamed = await app.request(`/v1/names?address=${nobody.address}`)
      expect(await unnamed.json()).toEqual({ names: [] })
    } finally {
      await empty.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  test('error: a name ENS does not know is 404 nameNotFound; an invalid one 400 nameInvalid', async () => {
    const app = ensApi()
    const unknown = await app.request('/v1/names/nobody.airlock.eth')
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as ApiErrorBody).error.code).toBe('nameNotFound')
    const invalid = await app.request(`/v1/names/${encodeURIComponent('a_b.eth')}`)
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as ApiErrorBody).error.code).toBe('nameInvalid')
  })

  test('error: a name over 253 characters or with a label over 63 is 400 nameInvalid, before ENS is asked', async () => {
    const app = ensApi()
    const refusal = async (name: string) => {
      const response = await app.request(`/v1/names/${name}`)
      return { status: response.status, ...((await response.json()) as ApiErrorBody).error }
    }
    // One label of 255 letters: ENS's resolver fails on it (it was a 503).
    for (const name of ['a'.repeat(255), `${'x.'.repeat(127)}x`])
      expect(await refusal(name)).toEqual({
        status: 400,
        code: 'nameInvalid',
        message: 'A name has at most 253 characters.',
      })
    const longLabel = `${'a'.repeat(64)}.eth`
    expect(await refusal(longLabel)).toEqual({
      status: 400,
      code: 'nameInvalid',
      message: `"${longLabel}" has a label of more than 63 characters.`,
    })
    // At the limits the name is asked of ENS, which does not know it.
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.eth`
    expect(longest).toHaveLength(253)
    expect(await refusal(longest)).toMatchObject({ status: 404, code: 'nameNotFound' })
  })

  test('error: ENS’s chain not answering is 503 nameResolutionUnavailable, not “not found”', async () => {
    const down = defaultNetworks(anvil.rpcUrl).map((network) =>
      network.caipNetworkId === `eip155:${foundry.id}`
        ? { ...network, rpcUrl: 'http://127.0.0.1:9/' }
        : network,
    )
    let response: Response | undefined
    await withEmptyRegistry(async (empty) => {
      response = await ensApi(down, empty).request('/v1/names/alice.airlock.eth')
    })
    if (!response) throw new Error('no answer')
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = (await response.json()) as ApiErrorBody
    expect(body.error).toMatchObject({
      code: 'nameResolutionUnavailable',
      message: `ENS on chain ${foundry.id} did not answer for "alice.airlock.eth": try again later.`,
    })
  })

  test('error: an ENS chain the catalogue lacks stops the API at start, saying so', () => {
    expect(() =>
      ensApi(
        defaultNetworks(anvil.rpcUrl).filter(
          ({ caipNetworkId }) => caipNetworkId !== 'eip155:31337',
        ),
      ),
    ).toThrow(
      'AIRLOCK_NAMES_ENS_CHAIN_ID is 31337, but the network catalogue has no eip155:31337 network to look names up on.',
    )
  })
})
