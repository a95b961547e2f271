// The name registry over HTTP, on SQLite and Postgres, with real signatures: viem local accounts
// (EOAs) and a DevSmartWallet on a real anvil, deployed (ERC-1271) or not yet (ERC-6492).
// Registration from the modal's origin for a site the project allows; each refusal with its code
// and status and nothing stored; the public reads (lookup, reverse lookup, suggestions) with CORS
// `*`; names off; a chain the API has no network of ('Network not found'); a chain whose RPC is
// down; writes refused without asking a chain spend nothing of the project's budget.
import {
  type ApiErrorBody,
  coinTypeOfChainId,
  evmCoinTypeFlag,
  type NameRecord,
  type NameRecordList,
  type NameSuggestions,
  type NetworkConfig,
  nameErrors,
} from '@airlock/protocol'
import type { Hex } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { devAccounts } from '../../../../devchain/seed.mjs'
import {
  counterfactualSignature,
  deploySmartWallet,
  deploySmartWalletFactory,
  smartWalletAddress,
} from '../../../../devchain/smartWallets.mjs'
import { setUpTimeout, testDatabases } from '../../test/databases'
import { signedNameRequest } from '../../test/nameRequests'
import { freePort } from '../../test/ports'
import { imageUrlSigner } from '../services/images/imageUrlSignatures'
import { type Anvil, startAnvil } from '../services/indexer/testing/anvil'
import { defaultNetworks } from '../services/networks'
import { createProject } from '../services/projects'
import { createRateLimiter } from '../services/rateLimit'
import type { Storage } from '../storage/storage'
import { namesRoutes } from './names'

const own = 'http://localhost:8787'
const site = 'https://shop.example'
const parent = 'airlock.eth'
const start = Date.parse('2026-11-26T10:00:00.000Z')
const startSeconds = start / 1000
const alice = privateKeyToAccount(generatePrivateKey())
const bob = privateKeyToAccount(generatePrivateKey())
const imageUrls = imageUrlSigner(new Uint8Array(32).fill(9))

let anvil: Anvil
let deadRpcUrl: string
beforeAll(async () => {
  anvil = await startAnvil()
  // Nothing listens there: the chain's RPC is down.
  deadRpcUrl = `http://127.0.0.1:${await freePort()}`
}, 60_000)
afterAll(() => anvil?.stop())

/** A request `account` signed for `name` (at the test's start unless said), changed after signing. */
const signedRequest = (
  account: PrivateKeyAccount,
  name: string,
  options: Omit<Parameters<typeof signedNameRequest>[2], 'timestamp'> & { timestamp?: number } = {},
) => signedNameRequest(account, name, { timestamp: startSeconds, ...options })
/** A request `account` signed to change the records of `name`. */
const recordsRequest: typeof signedRequest = (account, name, options = {}) =>
  signedRequest(account, name, { ...options, message: { action: 'records', ...options.message } })

describe.each(testDatabases())('name routes on $name', (database) => {
  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())

  let storage: Storage
  beforeEach(async () => {
    storage = await database.open()
    await createProject(storage.db, 'shop', [site])
  })
  afterEach(() => storage.close())

  // Mainnet (coin type 60) on the anvil too: a signature that is not the address's EOA one is
  // asked of the chain (the address may be a contract wallet), and tests stay off the internet.
  const networks = (): NetworkConfig[] => [
    ...defaultNetworks(anvil.rpcUrl)
      .filter(({ caipNetworkId }) => caipNetworkId !== 'eip155:10')
      .map((network) =>
        network.caipNetworkId === 'eip155:1' ? { ...network, rpcUrl: anvil.rpcUrl } : network,
      ),
    {
      caipNetworkId: 'eip155:10',
      name: 'OP Mainnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: deadRpcUrl,
    },
  ]
  const routes = ({ namesOn = true, lookupsPerMinute = 1000, projectPerMinute = 1000 } = {}) =>
    namesRoutes({
      storage,
      names: namesOn ? { parent } : undefined,
      networks: networks(),
      rateLimiter: createRateLimiter({
        name: 'names',
        perMinute: { client: 1000, project: projectPerMinute, lookup: lookupsPerMinute },
      }),
      trustProxy: 0,
      publicOrigin: own,
      now: () => start,
      imageUrls,
    })
  type Routes = ReturnType<typeof routes>

  const post = (
    app: Routes,
    path: string,
    body: unknown,
    { origin = own, hostOrigin = site }: { origin?: string; hostOrigin?: string } = {},
  ) =>
    app.request(`${path}?${new URLSearchParams({ hostOrigin })}`, {
      method: 'POST',
      headers: { Origin: origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const register = (app: Routes, body: unknown, options?: Parameters<typeof post>[3]) =>
    post(app, '/v1/projects/shop/names', body, options)
  const get = (app: Routes, path: string) =>
    app.request(path, { headers: { Origin: 'https://anyone.example' } })
  const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error
  const storedNames = async () =>
    (await storage.db.selectFrom('account_names').select('name').orderBy('name').execute()).map(
      (row) => row.name,
    )

  test('behavior: the modal registers a signed name (201), then anyone finds it by name and address, with CORS *', async () => {
    const app = routes()
    const request = await signedRequest(alice, 'alice.airlock.eth', {
      attributes: { description: 'Alice' },
    })

    const response = await register(app, request)

    const expected: NameRecord = {
      name: 'alice.airlock.eth',
      address: alice.address,
      coinType: 60,
      attributes: { description: 'Alice' },
      createdAt: '2026-11-26T10:00:00.000Z',
    }
    expect(response.status).toBe(201)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(await response.json()).toEqual(expected)

    const lookup = await get(app, '/v1/names/alice.airlock.eth')
    expect(lookup.status).toBe(200)
    expect(lookup.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(lookup.headers.get('Cache-Control')).toBe('public, max-age=60')
    expect(await lookup.json()).toEqual(expected)

    const reverse = await get(app, `/v1/names?address=${alice.address.toLowerCase()}`)
    expect(reverse.status).toBe(200)
    expect(reverse.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(reverse.headers.get('Cache-Control')).toBe('no-store')
    expect(await reverse.json()).toEqual({ names: [expected] })
  })

  test('behavior: a taken name is 409, and its suggestions leave it out', async () => {
    const app = routes()
    expect((await register(app, await signedRequest(alice, 'alice.airlock.eth'))).status).toBe(201)

    const response = await register(app, await signedRequest(bob, 'alice.airlock.eth'))

    expect(response.status).toBe(409)
    expect(await errorOf(response)).toEqual({
      code: 'nameTaken',
      message: '"alice.airlock.eth" is taken.',
    })
    const suggestions = await get(app, '/v1/names/suggestions?name=alice')
    expect(suggestions.status).toBe(200)
    expect(suggestions.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const body = (await suggestions.json()) as { suggestions: string[] }
    expect(body.suggestions).toEqual([
      'alice1.airlock.eth',
      'alice-xyz.airlock.eth',
      'alice2.airlock.eth',
      'alice-eth.airlock.eth',
      'alice3.airlock.eth',
    ])
  })

  test('behavior: a signature of coin type 0x80000000 (any EVM chain) registers an EOA', async () => {
    const response = await register(
      routes(),
      await signedRequest(alice, 'alice.airlock.eth', { coinType: evmCoinTypeFlag }),
    )
    expect(response.status).toBe(201)
    expect(((await response.json()) as NameRecord).coinType).toBe(evmCoinTypeFlag)
  })

  test('behavior: a deployed smart wallet (ERC-1271) registers with its owner’s signature on its chain', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const factory = await deploySmartWalletFactory({
      rpcUrl: anvil.rpcUrl,
      deployer: devAccounts.deployer,
    })
    const wallet = await deploySmartWallet({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: `0x${'00'.repeat(31)}01`,
      sender: devAccounts.carol,
    })
    const app = routes()
    const coinType = coinTypeOfChainId(31337)

    const stranger = await register(
      app,
      await signedRequest(bob, 'wallet.airlock.eth', {
        coinType,
        message: { address: wallet },
        change: { address: wallet },
      }),
    )
    expect(stranger.status).toBe(401)
    expect((await errorOf(stranger)).code).toBe('nameSignatureInvalid')

    const response = await register(
      app,
      await signedRequest(owner, 'wallet.airlock.eth', {
        coinType,
        message: { address: wallet },
        change: { address: wallet },
      }),
    )
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ address: wallet, coinType })
  })

  test('behavior: a smart wallet not deployed yet registers with an ERC-6492 signature', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const factory = await deploySmartWalletFactory({
      rpcUrl: anvil.rpcUrl,
      deployer: devAccounts.deployer,
    })
    const salt = `0x${'00'.repeat(31)}02` as const
    const wallet = await smartWalletAddress({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt,
    })
    const coinType = coinTypeOfChainId(31337)
    const signed = await signedRequest(owner, 'later.airlock.eth', {
      coinType,
      message: { address: wallet },
    })
    const signature = counterfactualSignature({
      factory,
      owner: owner.address,
      salt,
      signature: signed.signature as Hex,
    })

    const response = await register(routes(), { ...signed, address: wallet, signature })

    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ address: wallet, coinType })
  })

  type Refusal = {
    case: string
    request: () => Promise<unknown>
    options?: Parameters<typeof post>[3]
    status: number
    code: string
    message: string | RegExp
  }
  const refusals: Refusal[] = [
    {
      case: 'another Origin than the modal’s',
      request: () => signedRequest(alice, 'alice.airlock.eth'),
      options: { origin: 'https://shop.example' },
      status: 403,
      code: 'crossOriginRequest',
      message: 'Only the Airlock modal registers names',
    },
    {
      case: 'a site the project does not allow',
      request: () => signedRequest(alice, 'alice.airlock.eth'),
      options: { hostOrigin: 'https://evil.example' },
      status: 403,
      code: 'invalidAppConfiguration',
      message: 'Invalid App Configuration',
    },
    {
      case: 'an uppercase name',
      request: () => signedRequest(alice, 'Alice.airlock.eth'),
      status: 400,
      code: 'nameNotNormalised',
      message:
        '"Alice.airlock.eth" is not in normal form (ENSIP-15): it would be "alice.airlock.eth". Register "alice.airlock.eth" instead.',
    },
    {
      case: 'a message signed over 10 minutes ago',
      request: () => signedRequest(alice, 'alice.airlock.eth', { timestamp: startSeconds - 601 }),
      status: 401,
      code: 'nameMessageStale',
      message: 'The message was signed more than 10 minutes ago: sign a new one.',
    },
    {
      case: 'a signature of another name',
      request: async () => {
        const other = await signedRequest(alice, 'alicia.airlock.eth')
        return signedRequest(alice, 'alice.airlock.eth', { change: { signature: other.signature } })
      },
      status: 401,
      code: 'nameSignatureInvalid',
      message: `The signature is not ${alice.address}'s signature of this message.`,
    },
    {
      case: 'a coin type of a chain the API has no network of',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', { coinType: coinTypeOfChainId(999_999) }),
      status: 400,
      code: 'nameNetworkNotFound',
      message: nameErrors.networkNotFound,
    },
    {
      case: 'a contract wallet’s signature on a chain whose RPC is down',
      request: () =>
        signedRequest(bob, 'alice.airlock.eth', {
          coinType: coinTypeOfChainId(10),
          message: { address: alice.address },
          change: { address: alice.address },
        }),
      status: 503,
      code: 'nameVerificationUnavailable',
      message:
        "The RPC of chain 10 did not answer, so a contract wallet's signature could not be checked: try again later.",
    },
    {
      case: 'a message signed on another site than the one the request is made on',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', { message: { site: 'https://evil.example' } }),
      status: 400,
      code: 'nameMessageMismatch',
      message: 'The message was signed on https://evil.example, not on https://shop.example.',
    },
    {
      case: 'a raw JSON message, as names were signed before',
      request: async () => {
        const message = JSON.stringify({
          name: 'alice.airlock.eth',
          attributes: {},
          timestamp: startSeconds,
        })
        return {
          ...(await signedRequest(alice, 'alice.airlock.eth')),
          message,
          signature: await alice.signMessage({ message }),
        }
      },
      status: 400,
      code: 'nameMessageInvalid',
      message: 'The message is not a name message: its first line says nothing it asks.',
    },
    {
      case: 'a body without a signature',
      request: async () => ({ ...(await signedRequest(alice, 'alice.airlock.eth')), signature: 1 }),
      status: 400,
      code: 'invalidRequest',
      message: /^body\.signature: /,
    },
  ]

  test.each(refusals)(
    'error: $case is $status $code and nothing is registered',
    async (refusal) => {
      const response = await register(routes(), await refusal.request(), refusal.options)
      expect(response.status).toBe(refusal.status)
      const error = await errorOf(response)
      expect(error.code).toBe(refusal.code)
      if (typeof refusal.message === 'string') expect(error.message).toBe(refusal.message)
      else expect(error.message).toMatch(refusal.message)
      expect(await storedNames()).toEqual([])
    },
  )

  test('security: a flood of writes refused without asking a chain spends nothing of the project’s budget', async () => {
    const app = routes({ projectPerMinute: 3 })
    // Any EVM chain (coin type 0x80000000): only an EOA signs there, so no chain is asked.
    const anyChain = { coinType: evmCoinTypeFlag }
    expect(
      (await register(app, await signedRequest(alice, 'alice.airlock.eth', anyChain))).status,
    ).toBe(201)
    const names = '/v1/projects/shop/names'
    const records = '/v1/projects/shop/names/alice.airlock.eth/records'
    const later = {
      ...anyChain,
      timestamp: startSeconds + 5,
      message: { action: 'records' },
    } as const
    const otherMessage = (await signedRequest(alice, 'alicia.airlock.eth', anyChain)).signature
    const refusedOnTheWay: [path: string, body: unknown, status: number, code: string][] = [
      [names, await signedRequest(alice, 'Alice.airlock.eth'), 400, 'nameNotNormalised'],
      [
        names,
        await signedRequest(bob, 'bobby.airlock.eth', { timestamp: startSeconds - 601 }),
        401,
        'nameMessageStale',
      ],
      [names, await signedRequest(bob, 'alice.airlock.eth', anyChain), 409, 'nameTaken'],
      [
        names,
        await signedRequest(bob, 'bobby.airlock.eth', { coinType: coinTypeOfChainId(999_999) }),
        400,
        'nameNetworkNotFound',
      ],
      // Signatures that do not verify: not of the form, and another message's.
      [
        names,
        await signedRequest(bob, 'bobby.airlock.eth', { change: { signature: '0x1234' } }),
        401,
        'nameSignatureInvalid',
      ],
      [
        names,
        await signedRequest(alice, 'bobby.airlock.eth', {
          ...anyChain,
          change: { signature: otherMessage },
        }),
        401,
        'nameSignatureInvalid',
      ],
      [records, await signedRequest(bob, 'alice.airlock.eth', later), 403, 'nameNotOwner'],
      [
        records,
        await recordsRequest(alice, 'alice.airlock.eth', anyChain),
        401,
        'nameMessageStale',
      ],
      [
        records,
        await signedRequest(alice, 'alice.airlock.eth', {
          ...anyChain,
          timestamp: startSeconds + 5,
        }),
        400,
        'nameMessageMismatch',
      ],
      [
        records,
        await signedRequest(alice, 'alice.airlock.eth', {
          ...later,
          change: { signature: otherMessage },
        }),
        401,
        'nameSignatureInvalid',
      ],
    ]
    // More refusals than the project's budget, from the client that then registers a name.
    for (let round = 0; round < 3; round++)
      for (const [path, body, status, code] of refusedOnTheWay) {
        const response = await post(app, path, body)
        expect({ status: response.status, code: (await errorOf(response)).code }).toEqual({
          status,
          code,
        })
      }
    expect(await storedNames()).toEqual(['alice.airlock.eth'])
    expect((await register(app, await signedRequest(bob, 'bobby.airlock.eth'))).status).toBe(201)
    expect(
      (await post(app, records, await signedRequest(alice, 'alice.airlock.eth', later))).status,
    ).toBe(200)
    const limited = await register(app, await signedRequest(bob, 'bobbie.airlock.eth'))
    expect(limited.status).toBe(429)
    expect((await errorOf(limited)).code).toBe('rateLimited')
  })

  test('behavior: the owner changes the text records; anyone else is refused', async () => {
    const app = routes()
    await register(app, await signedRequest(alice, 'alice.airlock.eth'))
    const path = '/v1/projects/shop/names/alice.airlock.eth/records'

    const notOwner = await post(
      app,
      path,
      await recordsRequest(bob, 'alice.airlock.eth', { timestamp: startSeconds + 5 }),
    )
    expect(notOwner.status).toBe(403)
    expect((await errorOf(notOwner)).code).toBe('nameNotOwner')

    const changed = await post(
      app,
      path,
      await recordsRequest(alice, 'alice.airlock.eth', {
        attributes: { description: 'Alice, again' },
        timestamp: startSeconds + 5,
      }),
    )
    expect(changed.status).toBe(200)
    expect(changed.headers.get('Cache-Control')).toBe('no-store')
    expect(((await changed.json()) as NameRecord).attributes).toEqual({
      description: 'Alice, again',
    })
    const lookup = (await (await get(app, '/v1/names/alice.airlock.eth')).json()) as NameRecord
    expect(lookup.attributes).toEqual({ description: 'Alice, again' })

    const nobody = await post(
      app,
      '/v1/projects/shop/names/alicia.airlock.eth/records',
      await recordsRequest(alice, 'alicia.airlock.eth', { timestamp: startSeconds + 5 }),
    )
    expect(nobody.status).toBe(404)
    expect((await errorOf(nobody)).code).toBe('nameNotFound')
  })

  test('behavior: `GET /v1/names?name=` answers the record in a list, an empty list for a free name (never a 404), and refuses a name with an address or one too long', async () => {
    const app = routes()
    await register(app, await signedRequest(alice, 'alice.airlock.eth'))
    const taken = await get(app, '/v1/names?name=alice.airlock.eth')
    expect(taken.status).toBe(200)
    expect(taken.headers.get('Cache-Control')).toBe('no-store')
    const { names } = (await taken.json()) as { names: NameRecord[] }
    expect(names.map(({ name, address }) => ({ name, address }))).toEqual([
      { name: 'alice.airlock.eth', address: alice.address },
    ])
    const free = await get(app, '/v1/names?name=nobody-here.airlock.eth')
    expect(free.status).toBe(200)
    expect(await free.json()).toEqual({ names: [] })
    const both = await get(app, `/v1/names?name=alice.airlock.eth&address=${alice.address}`)
    expect(both.status).toBe(400)
    expect((await errorOf(both)).message).toBe('query: either name or address, not both')
    const tooLong = await get(app, `/v1/names?name=${'a'.repeat(300)}.airlock.eth`)
    expect(tooLong.status).toBe(400)
    expect((await errorOf(tooLong)).code).toBe('nameInvalid')
  })

  test('behavior: the owner makes another of their names primary (200, their names, it first); the reverse lookup follows; anyone else is refused', async () => {
    const app = routes()
    await register(app, await signedRequest(alice, 'alice.airlock.eth'))
    await register(
      app,
      await signedRequest(alice, 'alice-work.airlock.eth', { timestamp: startSeconds + 1 }),
    )
    const path = '/v1/projects/shop/names/alice.airlock.eth/primary'
    const primary = (account: PrivateKeyAccount, seconds: number) =>
      signedRequest(account, 'alice.airlock.eth', {
        timestamp: startSeconds + seconds,
        message: { action: 'primary' },
      })
    const namesOfAlice = async () =>
      (
        (await (await get(app, `/v1/names?address=${alice.address}`)).json()) as NameRecordList
      ).names.map((record) => record.name)
    expect(await namesOfAlice()).toEqual(['alice-work.airlock.eth', 'alice.airlock.eth'])

    const notOwner = await post(app, path, await primary(bob, 5))
    expect(notOwner.status).toBe(403)
    expect((await errorOf(notOwner)).code).toBe('nameNotOwner')
    const otherSite = await post(app, path, await primary(alice, 5), {
      hostOrigin: 'https://evil.example',
    })
    expect(otherSite.status).toBe(403)
    expect((await errorOf(otherSite)).code).toBe('invalidAppConfiguration')
    expect(await namesOfAlice()).toEqual(['alice-work.airlock.eth', 'alice.airlock.eth'])

    const chosen = await post(app, path, await primary(alice, 5))
    expect(chosen.status).toBe(200)
    expect(chosen.headers.get('Cache-Control')).toBe('no-store')
    expect(((await chosen.json()) as NameRecordList).names.map((record) => record.name)).toEqual([
      'alice.airlock.eth',
      'alice-work.airlock.eth',
    ])
    expect(await namesOfAlice()).toEqual(['alice.airlock.eth', 'alice-work.airlock.eth'])

    const replayed = await post(app, path, await primary(alice, 5))
    expect(replayed.status).toBe(401)
    expect((await errorOf(replayed)).code).toBe('nameMessageStale')
  })

  test('behavior: a project with its own names parent registers under it, and its suggestions answer under it', async () => {
    const app = routes()
    await createProject(storage.db, 'acme', [site], {}, { settings: { namesParent: 'acme.eth' } })
    const acmeNames = '/v1/projects/acme/names'
    const registered = await post(app, acmeNames, await signedRequest(alice, 'alice.acme.eth'))
    expect(registered.status).toBe(201)
    expect(await registered.json()).toMatchObject({
      name: 'alice.acme.eth',
      address: alice.address,
    })
    expect((await get(app, '/v1/names/alice.acme.eth')).status).toBe(200)

    const underTheApis = await post(app, acmeNames, await signedRequest(bob, 'bobby.airlock.eth'))
    expect(underTheApis.status).toBe(400)
    expect(await errorOf(underTheApis)).toEqual({
      code: 'nameMessageMismatch',
      message: 'The message is for "bobby.airlock.eth"; names here end in ".acme.eth".',
    })
    // Another project keeps the API's parent.
    const shop = await post(
      app,
      '/v1/projects/shop/names',
      await signedRequest(bob, 'bobby.acme.eth'),
    )
    expect((await errorOf(shop)).code).toBe('nameMessageMismatch')

    const suggested = (await (
      await get(app, '/v1/names/suggestions?name=alice&projectId=acme')
    ).json()) as NameSuggestions
    expect(suggested.suggestions[0]).toBe('alice1.acme.eth')
    expect(
      ((await (await get(app, '/v1/names/suggestions?name=alice')).json()) as NameSuggestions)
        .suggestions[0],
    ).toBe('alice.airlock.eth')
    const unknown = await get(app, '/v1/names/suggestions?name=alice&projectId=nope')
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).code).toBe('invalidProjectId')
  })

  test('behavior: an https avatar is answered with avatarImage, the image proxy’s signed URL; a data: one without', async () => {
    const app = routes()
    const avatar = 'https://img.example/a b.png'
    const href = 'https://img.example/a%20b.png'
    const avatarImage = `/v1/nft-image?${new URLSearchParams({ url: href, sig: imageUrls.sign(href) })}`
    const registered = await register(
      app,
      await signedRequest(alice, 'alice.airlock.eth', { attributes: { avatar } }),
    )
    expect(await registered.json()).toMatchObject({ attributes: { avatar }, avatarImage })
    expect(await (await get(app, '/v1/names/alice.airlock.eth')).json()).toMatchObject({
      attributes: { avatar },
      avatarImage,
    })
    expect(await (await get(app, `/v1/names?address=${alice.address}`)).json()).toMatchObject({
      names: [{ attributes: { avatar }, avatarImage }],
    })
    const svg = 'data:image/svg+xml,%3Csvg%2F%3E'
    const changed = await post(
      app,
      '/v1/projects/shop/names/alice.airlock.eth/records',
      await recordsRequest(alice, 'alice.airlock.eth', {
        attributes: { avatar: svg },
        timestamp: startSeconds + 5,
      }),
    )
    const record = (await changed.json()) as NameRecord
    expect(record.attributes).toEqual({ avatar: svg })
    expect(record.avatarImage).toBeUndefined()
  })

  test('behavior: an ipfs:// avatar is answered with the image proxy’s signed URL of its picture at the IPFS gateway', async () => {
    const app = routes()
    const avatar = 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a.png'
    const href =
      'https://ipfs.io/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a.png'
    const avatarImage = `/v1/nft-image?${new URLSearchParams({ url: href, sig: imageUrls.sign(href) })}`
    await register(app, await signedRequest(alice, 'alice.airlock.eth', { attributes: { avatar } }))
    expect(await (await get(app, '/v1/names/alice.airlock.eth')).json()).toMatchObject({
      attributes: { avatar },
      avatarImage,
    })
  })

  test('behavior: an avatar’s picture is previewed before it is saved, as a record would carry it; bad input is 400', async () => {
    const app = routes()
    const preview = async (avatar: string, address: string = alice.address) => {
      const response = await get(
        app,
        `/v1/names/avatar?${new URLSearchParams({ avatar, address })}`,
      )
      return { status: response.status, body: await response.json() }
    }
    const href = 'https://img.example/a.png'
    expect(await preview(href)).toEqual({
      status: 200,
      body: {
        avatarImage: `/v1/nft-image?${new URLSearchParams({ url: href, sig: imageUrls.sign(href) })}`,
      },
    })
    // A data: avatar shows as it is, and a script is no picture.
    expect(await preview('data:image/svg+xml,%3Csvg%2F%3E')).toEqual({ status: 200, body: {} })
    expect(await preview('javascript:alert(1)')).toEqual({ status: 200, body: {} })
    expect((await preview('')).status).toBe(400)
    expect((await preview(href, 'alice')).body).toMatchObject({ error: { code: 'invalidRequest' } })
  })

  test('behavior: lookups of no one’s name are 404, of an invalid one 400, both not kept', async () => {
    const app = routes()
    const missing = await get(app, '/v1/names/alicia.airlock.eth')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Cache-Control')).toBe('no-store')
    expect(missing.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(await errorOf(missing)).toEqual({
      code: 'nameNotFound',
      message: 'No one has "alicia.airlock.eth".',
    })
    const invalid = await get(app, `/v1/names/${encodeURIComponent('\u0430lice.airlock.eth')}`)
    expect(invalid.status).toBe(400)
    expect((await errorOf(invalid)).code).toBe('nameInvalid')
    const reverse = await get(app, '/v1/names?address=alice')
    expect(reverse.status).toBe(400)
    expect((await errorOf(reverse)).code).toBe('nameAddressInvalid')
  })

  test('behavior: names off (no parent configured), every route is 404 namesNotConfigured', async () => {
    const app = routes({ namesOn: false })
    const answers = [
      await register(app, await signedRequest(alice, 'alice.airlock.eth')),
      await post(
        app,
        '/v1/projects/shop/names/alice.airlock.eth/records',
        await signedRequest(alice, 'alice.airlock.eth'),
      ),
      await get(app, '/v1/names/alice.airlock.eth'),
      await get(app, `/v1/names?address=${alice.address}`),
      await get(app, '/v1/names/suggestions?name=alice'),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect((await errorOf(answer)).code).toBe('namesNotConfigured')
    }
  })

  test('behavior: past a client’s lookup budget, reads are 429 with Retry-After', async () => {
    const app = routes({ lookupsPerMinute: 2 })
    expect((await get(app, '/v1/names/suggestions?name=alice')).status).toBe(200)
    expect((await get(app, '/v1/names/alice.airlock.eth')).status).toBe(404)
    const limited = await get(app, `/v1/names?address=${alice.address}`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await errorOf(limited)).code).toBe('rateLimited')
  })
})
