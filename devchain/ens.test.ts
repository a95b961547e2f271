// ENS names on the dev chain, resolved the way any dapp resolves them: a plain viem public client
// whose only dev-chain setting is the Universal Resolver's address. The registry, the offchain
// resolver and the Universal Resolver run on a real anvil (ens.mjs); the names come from the
// API's gateway code (apps/api/src/services/names/ensGateway.ts, served here over node:http from a
// fixture of names) through CCIP-Read, signed with a key the resolver trusts.
import { createServer } from 'node:http'
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  namehash,
  type PublicClient,
  parseAbi,
  stringToHex,
  toCoinType,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import {
  createEnsGatewayHandler,
  decodeGatewayResponse,
  decodeResolveRequest,
  EnsGatewayError,
  type EnsRecords,
} from '../apps/api/src/services/names/ensGateway'
import { deployDevEns, devEnsAbis, devEnsAddresses, ensDeployerKey } from './ens.mjs'

const gatewayAccount = privateKeyToAccount(generatePrivateKey())
const signer = gatewayAccount.address
const alice = privateKeyToAccount(generatePrivateKey()).address
const bob = privateKeyToAccount(generatePrivateKey()).address
const carol = privateKeyToAccount(generatePrivateKey()).address
const baseAddress: Hex = '0x000000000000000000000000000000000000ba5e'
/** ENSIP-11: Base's coin type, 0x80000000 + 8453. */
const baseCoinType = toCoinType(8453)

const names: Record<string, EnsRecords> = {
  'alice.airlock.eth': {
    addr: alice,
    addresses: { [String(baseCoinType)]: baseAddress },
    texts: { avatar: 'https://example.test/alice.png', 'com.github': 'alice' },
  },
  'bob.airlock.eth': { addr: bob },
}
const primaryNames: Record<string, string> = {
  [alice]: 'alice.airlock.eth',
  // A primary name that does not resolve back to the address: refused by the resolver.
  [carol]: 'bob.airlock.eth',
}
const gatewayOptions = {
  resolverAddress: devEnsAddresses.offchainResolver,
  lookup: (name: string) => names[name],
  reverse: (address: Address) => primaryNames[address],
}

let anvil: Anvil
let gateway: Awaited<ReturnType<typeof startEnsGateway>>
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil()
  gateway = await startEnsGateway({ ...gatewayOptions, signer: gatewayAccount })
  await deployDevEns({ rpcUrl: anvil.rpcUrl, gatewayUrl: gateway.url, signer })
  // Plain viem: the only dev-chain setting is where the Universal Resolver is.
  client = createPublicClient({
    chain: {
      ...foundry,
      contracts: { ensUniversalResolver: { address: devEnsAddresses.universalResolver } },
    },
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
  })
})

afterAll(async () => {
  await gateway?.stop()
  await anvil?.stop()
})

describe('dev ENS through CCIP-Read', () => {
  test('behavior: a name under airlock.eth resolves to its address', async () => {
    expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBe(alice)
    expect(await client.getEnsAddress({ name: 'bob.airlock.eth' })).toBe(bob)
  })

  test('behavior: coin types resolve with addr(bytes32,uint256)', async () => {
    // With a coin type viem returns the record's raw bytes, as hex (not checksummed).
    expect(await client.getEnsAddress({ name: 'alice.airlock.eth', coinType: 60n })).toBe(
      alice.toLowerCase(),
    )
    expect(await client.getEnsAddress({ name: 'alice.airlock.eth', coinType: baseCoinType })).toBe(
      baseAddress,
    )
    expect(
      await client.getEnsAddress({ name: 'bob.airlock.eth', coinType: baseCoinType }),
    ).toBeNull()
  })

  test('behavior: text records resolve, a missing one is null', async () => {
    expect(await client.getEnsText({ name: 'alice.airlock.eth', key: 'avatar' })).toBe(
      'https://example.test/alice.png',
    )
    expect(await client.getEnsText({ name: 'alice.airlock.eth', key: 'com.github' })).toBe('alice')
    expect(await client.getEnsText({ name: 'alice.airlock.eth', key: 'url' })).toBeNull()
    expect(await client.getEnsText({ name: 'bob.airlock.eth', key: 'avatar' })).toBeNull()
  })

  test('behavior: an unknown name under the parent, and a name outside it, resolve to null', async () => {
    expect(await client.getEnsAddress({ name: 'nobody.airlock.eth' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'alice.example.eth' })).toBeNull()
    expect(await client.getEnsText({ name: 'alice.example.eth', key: 'avatar' })).toBeNull()
  })

  test('behavior: the parent name itself and deeper names go to the same gateway', async () => {
    expect(await client.getEnsAddress({ name: 'airlock.eth' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'x.alice.airlock.eth' })).toBeNull()
  })

  test('behavior: getEnsResolver finds the offchain resolver by wildcard', async () => {
    expect(await client.getEnsResolver({ name: 'alice.airlock.eth' })).toBe(
      devEnsAddresses.offchainResolver,
    )
  })

  test('behavior: an address with a primary name reverse-resolves to it', async () => {
    expect(await client.getEnsName({ address: alice })).toBe('alice.airlock.eth')
  })

  test('behavior: an address without a primary name reverse-resolves to null', async () => {
    expect(await client.getEnsName({ address: bob })).toBeNull()
  })

  test('behavior: a primary name whose address is another is refused', async () => {
    expect(await client.getEnsName({ address: carol })).toBeNull()
    await expect(client.getEnsName({ address: carol, strict: true })).rejects.toThrow(
      /ReverseAddressMismatch/,
    )
  })
})

describe('dev ENS gateway signatures', () => {
  test('behavior: an answer signed by a key the resolver does not trust is refused', async () => {
    const snapshot = await anvil.snapshot()
    const impostorAccount = privateKeyToAccount(generatePrivateKey())
    const impostor = await startEnsGateway({ ...gatewayOptions, signer: impostorAccount })
    try {
      // The resolver still trusts only `signer`, but now asks the impostor.
      await deployDevEns({ rpcUrl: anvil.rpcUrl, gatewayUrl: impostor.url, signer })
      expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBeNull()
      // resolveWithProof's UnknownSigner, wrapped in the Universal Resolver's ResolverError.
      expect(await resolverError('alice.airlock.eth')).toEqual({
        errorName: 'UnknownSigner',
        args: [impostorAccount.address],
      })
    } finally {
      await impostor.stop()
      await anvil.revert(snapshot)
    }
    expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBe(alice)
  })

  test('behavior: an expired answer is refused', async () => {
    const snapshot = await anvil.snapshot()
    const stale = await startEnsGateway({
      ...gatewayOptions,
      signer: gatewayAccount,
      ttlSeconds: -3600,
    })
    try {
      await deployDevEns({ rpcUrl: anvil.rpcUrl, gatewayUrl: stale.url, signer })
      expect(await resolverError('alice.airlock.eth')).toMatchObject({
        errorName: 'SignatureExpired',
      })
    } finally {
      await stale.stop()
      await anvil.revert(snapshot)
    }
  })

  test('behavior: a gateway URL without {data} is asked with POST', async () => {
    const snapshot = await anvil.snapshot()
    try {
      await deployDevEns({
        rpcUrl: anvil.rpcUrl,
        gatewayUrl: `${gateway.origin}/v1/names/gateway`,
        signer,
      })
      expect(await client.getEnsAddress({ name: 'alice.airlock.eth' })).toBe(alice)
    } finally {
      await anvil.revert(snapshot)
    }
  })

  test('behavior: the gateway answers only for its resolver', async () => {
    const handle = createEnsGatewayHandler({ ...gatewayOptions, signer: gatewayAccount })
    await expect(handle({ sender: alice, data: '0x' })).rejects.toMatchObject({ status: 404 })
    await expect(
      handle({ sender: devEnsAddresses.offchainResolver, data: '0x1234' }),
    ).rejects.toMatchObject({ status: 400 })
  })

  test('behavior: the gateway signs exactly the request it was asked', async () => {
    const handle = createEnsGatewayHandler({
      ...gatewayOptions,
      signer: gatewayAccount,
      now: () => 1_000_000,
    })
    const request = encodeFunctionData({
      abi: parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)']),
      functionName: 'resolve',
      args: [
        // alice.airlock.eth in DNS wire format
        stringToHex('\x05alice\x07airlock\x03eth\x00'),
        encodeFunctionData({
          abi: parseAbi(['function addr(bytes32 node) view returns (address)']),
          functionName: 'addr',
          args: [namehash('alice.airlock.eth')],
        }),
      ],
    })
    expect(decodeResolveRequest(request)).toMatchObject({
      name: 'alice.airlock.eth',
      record: { type: 'addr', legacy: true, node: namehash('alice.airlock.eth') },
    })
    const { data: response } = await handle({
      sender: devEnsAddresses.offchainResolver,
      data: request,
    })
    const { result, expires } = decodeGatewayResponse(response)
    expect(expires).toBe(1_000n + 300n)
    expect(result).toBe(`0x${alice.slice(2).toLowerCase().padStart(64, '0')}`)
    // The resolver's own check accepts it (with a fresh clock, since anvil's is now).
    const fresh = await createEnsGatewayHandler({ ...gatewayOptions, signer: gatewayAccount })({
      sender: devEnsAddresses.offchainResolver,
      data: request,
    })
    const checked = await client.readContract({
      address: devEnsAddresses.offchainResolver,
      abi: devEnsAbis.offchainResolver,
      functionName: 'resolveWithProof',
      args: [fresh.data, encodeExtraData(request)],
    })
    expect(checked).toBe(result)
  })
})

describe('dev ENS deployment', () => {
  test('behavior: deploying again sends nothing', async () => {
    const deployer = privateKeyToAccount(ensDeployerKey).address
    const [nonce, block] = await Promise.all([
      client.getTransactionCount({ address: deployer }),
      client.getBlockNumber({ cacheTime: 0 }),
    ])
    const again = await deployDevEns({ rpcUrl: anvil.rpcUrl, gatewayUrl: gateway.url, signer })
    expect(again).toEqual({ ...devEnsAddresses, parentName: 'airlock.eth', alreadyDeployed: true })
    expect(await client.getTransactionCount({ address: deployer })).toBe(nonce)
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(block)
  })

  test('behavior: the addresses are the same on every chain', () => {
    expect(devEnsAddresses).toMatchInlineSnapshot(`
      {
        "offchainResolver": "0x12CE0bfb3D7dEF429029a158486A669Cb61dBc1D",
        "registry": "0xe0F2Dc0e43F6A8C9198Fbb248439E83ff9AFC90d",
        "universalResolver": "0x88401e93D0D14245493e42A0470f8C1EFcAEA438",
      }
    `)
  })
})

/**
 * The offchain resolver's revert inside the Universal Resolver's `ResolverError(bytes)`, from a
 * strict `getEnsAddress`, decoded with the resolver's ABI.
 */
async function resolverError(name: string) {
  const error = await client.getEnsAddress({ name, strict: true }).then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(error instanceof BaseError)) throw new Error(`expected a viem error, got ${error}`)
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError)
  if (
    !(reverted instanceof ContractFunctionRevertedError) ||
    reverted.data?.errorName !== 'ResolverError'
  )
    throw error
  const { errorName, args } = decodeErrorResult({
    abi: devEnsAbis.offchainResolver,
    data: reverted.data.args?.[0] as Hex,
  })
  return { errorName, args }
}

/**
 * The gateway over node:http on loopback, as the API serves it: `GET …/{sender}/{data}.json` and
 * `POST …` with `{ sender, data }`, answering `{ data }` or `{ message }` (400, 404). `url` is the
 * EIP-3668 template for `deployDevEns`.
 */
async function startEnsGateway(options: createEnsGatewayHandler.Options) {
  const handle = createEnsGatewayHandler(options)
  const server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    try {
      let query: { sender: string; data: string }
      if (request.method === 'POST') {
        let text = ''
        for await (const chunk of request) text += chunk
        const body = JSON.parse(text) as { sender?: unknown; data?: unknown }
        query = { sender: String(body.sender), data: String(body.data) }
      } else {
        const match = /\/([^/]+)\/([^/]+)\.json$/.exec(request.url ?? '')
        if (match?.[1] === undefined || match[2] === undefined) return reply(400, { message: '?' })
        query = { sender: match[1], data: match[2] }
      }
      reply(200, await handle(query))
    } catch (error) {
      if (!(error instanceof EnsGatewayError)) return reply(500, { message: String(error) })
      reply(error.status, { message: error.message })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('startEnsGateway: no port')
  const origin = `http://127.0.0.1:${address.port}`
  return {
    origin,
    url: `${origin}/{sender}/{data}.json`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** DevOffchainResolver's extraData: `abi.encode(callData, address(this))`. */
function encodeExtraData(request: Hex): Hex {
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'address' }],
    [request, devEnsAddresses.offchainResolver],
  )
}
