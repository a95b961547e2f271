// The names resolver's deployment for a parent name someone owns, on a real anvil with the dev ENS
// registry and Universal Resolver: deployed, pointed at a gateway and set as the parent's resolver,
// after which plain viem resolves a name under it through CCIP-Read; a key that doesn't own the
// parent deploys and is told to set the resolver from the owner's account, the registry untouched;
// bad input refused before anything is sent.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createPublicClient,
  createWalletClient,
  http,
  labelhash,
  namehash,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import { createEnsGatewayHandler } from '../apps/api/src/services/names/ensGateway'
import { deployDevEns, devEnsAddresses, ensDeployerKey } from '../devchain/ens.mjs'
import { deployNamesResolver } from './namesResolver.mjs'

const gatewayAccount = privateKeyToAccount(generatePrivateKey())
const ownerKey = generatePrivateKey()
const owner = privateKeyToAccount(ownerKey)
const bob = privateKeyToAccount(generatePrivateKey()).address
const registryAbi = parseAbi([
  'function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)',
  'function resolver(bytes32 node) view returns (address)',
])

let anvil: Anvil
let client: PublicClient
let gateway: Server
let gatewayUrl: string
/** The resolver the gateway answers for, once deployed. */
const answering: { resolver?: `0x${string}` } = {}

beforeAll(async () => {
  anvil = await startAnvil()
  client = createPublicClient({
    chain: {
      ...foundry,
      contracts: { ensUniversalResolver: { address: devEnsAddresses.universalResolver } },
    },
    transport: http(anvil.rpcUrl, { retryCount: 0 }),
  })
  gateway = createServer(async (request, response) => {
    const [, sender = '', data = ''] = /\/([^/]+)\/([^/]+)\.json$/.exec(request.url ?? '') ?? []
    const handle = createEnsGatewayHandler({
      signer: gatewayAccount,
      resolverAddress: answering.resolver ?? zeroAddress,
      lookup: (name) => (name === 'bob.acme.eth' ? { addr: bob } : undefined),
    })
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(await handle({ sender, data })))
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/{sender}/{data}.json`
  // The dev registry, whose deployer gives `acme.eth` to its owner, as a registrar would.
  await deployDevEns({ rpcUrl: anvil.rpcUrl, gatewayUrl, signer: gatewayAccount.address })
  for (const address of [owner.address, privateKeyToAccount(ensDeployerKey).address])
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0x56bc75e2d63100000'] as never,
    })
  const deployer = createWalletClient({
    account: privateKeyToAccount(ensDeployerKey),
    chain: foundry,
    transport: http(anvil.rpcUrl),
  })
  await client.waitForTransactionReceipt({
    hash: await deployer.writeContract({
      address: devEnsAddresses.registry,
      abi: registryAbi,
      functionName: 'setSubnodeOwner',
      args: [namehash('eth'), labelhash('acme'), owner.address],
    }),
  })
}, 60_000)

afterAll(async () => {
  gateway?.close()
  await anvil?.stop()
})

const resolverOf = (name: string) =>
  client.readContract({
    address: devEnsAddresses.registry,
    abi: registryAbi,
    functionName: 'resolver',
    args: [namehash(name)],
  })

test('behavior: the parent’s owner deploys and sets the resolver; plain viem then resolves a name under it through the gateway', async () => {
  const lines: string[] = []
  const result = await deployNamesResolver({
    rpcUrl: anvil.rpcUrl,
    key: ownerKey,
    parent: 'acme.eth',
    gatewayUrl,
    signer: gatewayAccount.address,
    registry: devEnsAddresses.registry,
    log: (line) => lines.push(line),
  })
  answering.resolver = result.resolver

  expect(result).toMatchObject({
    parent: 'acme.eth',
    resolverSet: true,
    env: { AIRLOCK_NAMES_PARENT: 'acme.eth', AIRLOCK_NAMES_RESOLVER: result.resolver },
  })
  expect(await resolverOf('acme.eth')).toBe(result.resolver)
  expect(await client.getEnsAddress({ name: 'bob.acme.eth' })).toBe(bob)
  expect(await client.getEnsAddress({ name: 'nobody.acme.eth' })).toBeNull()
  // Run again on the same resolver: nothing left to send.
  const again: string[] = []
  await deployNamesResolver({
    rpcUrl: anvil.rpcUrl,
    key: ownerKey,
    parent: 'acme.eth',
    gatewayUrl,
    signer: gatewayAccount.address,
    registry: devEnsAddresses.registry,
    resolver: result.resolver,
    log: (line) => again.push(line),
  })
  expect(again).toEqual([])
})

test('behavior: a key that does not own the parent deploys, leaves the registry alone and says who must set it', async () => {
  const strangerKey = generatePrivateKey()
  const stranger = privateKeyToAccount(strangerKey)
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [stranger.address, '0x56bc75e2d63100000'] as never,
  })
  const before = await resolverOf('acme.eth')
  const lines: string[] = []
  const result = await deployNamesResolver({
    rpcUrl: anvil.rpcUrl,
    key: strangerKey,
    parent: 'acme.eth',
    gatewayUrl,
    signer: gatewayAccount.address,
    registry: devEnsAddresses.registry,
    log: (line) => lines.push(line),
  })
  expect(result.resolverSet).toBe(false)
  expect(await resolverOf('acme.eth')).toBe(before)
  expect(lines.at(-1)).toBe(
    `The registry says ${owner.address} owns acme.eth, not this key (${stranger.address}): set its resolver to ${result.resolver} from the owner's account (the ENS manager app: acme.eth → Records → Resolver; for a wrapped name, through the NameWrapper).`,
  )
})

test.each([
  ['a parent not in normal form', { parent: 'Acme.eth' }, /ENSIP-15 normal form/],
  ['a top-level parent', { parent: 'eth' }, /with a dot/],
  [
    'a gateway over plain http off loopback',
    { gatewayUrl: 'http://api.example/{sender}/{data}.json' },
    /must be https/,
  ],
  ['a signer that is not an address', { signer: '0x1234' }, /gateway key's address/],
])('error: %s is refused before anything is sent', async (_case, change, problem) => {
  const nonce = await client.getTransactionCount({ address: owner.address })
  await expect(
    deployNamesResolver({
      rpcUrl: anvil.rpcUrl,
      key: ownerKey,
      parent: 'acme.eth',
      gatewayUrl,
      signer: gatewayAccount.address,
      registry: devEnsAddresses.registry,
      ...(change as object),
    }),
  ).rejects.toThrow(problem)
  expect(await client.getTransactionCount({ address: owner.address })).toBe(nonce)
})
