// The gateway's pure parts: reading the resolver's calldata, encoding each record (the empty value
// for none), and signing exactly what DevOffchainResolver checks, recovered with viem.
import {
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  namehash,
  parseAbi,
  recoverAddress,
  stringToHex,
  toCoinType,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { packetToBytes } from 'viem/ens'
import { describe, expect, test } from 'vitest'
import {
  createEnsGatewayHandler,
  decodeDnsName,
  decodeGatewayResponse,
  decodeResolveRequest,
  EnsGatewayError,
  type EnsRecords,
  encodeResolveResult,
  ensRecordsOfName,
  gatewayResponseHash,
  signGatewayResponse,
} from './ensGateway'

const signer = privateKeyToAccount(generatePrivateKey())
const alice = privateKeyToAccount(generatePrivateKey()).address
const resolverAddress = '0x12CE0bfb3D7dEF429029a158486A669Cb61dBc1D'
const baseCoinType = toCoinType(8453)

const resolveAbi = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes)'])
const profileAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function name(bytes32 node) view returns (string)',
  'function contenthash(bytes32 node) view returns (bytes)',
])
/** The calldata viem's Universal Resolver call hands the gateway for `name`. */
const resolveCall = (name: string, data: Hex) =>
  encodeFunctionData({
    abi: resolveAbi,
    functionName: 'resolve',
    args: [stringToHex(String.fromCharCode(...packetToBytes(name))), data],
  })

const aliceRecords: EnsRecords = {
  addr: alice,
  addresses: { [String(baseCoinType)]: alice.toLowerCase() as Hex },
  texts: { avatar: 'https://example.test/alice.png' },
}

describe('decodeDnsName', () => {
  test('behavior: wire format becomes dotted text', () => {
    expect(decodeDnsName(stringToHex('\x05alice\x07airlock\x03eth\x00'))).toBe('alice.airlock.eth')
    expect(decodeDnsName('0x00')).toBe('')
  })

  test.each([
    ['0x', 'empty'],
    ['0x05616c696365', 'no root label'],
    ['0x0a616c69636500', 'a label past the end'],
    ['0x0361626300ff', 'bytes after the root'],
  ] as const)('error: %s (%s) is refused with 400', (dnsName, _reason) => {
    expect(() => decodeDnsName(dnsName)).toThrow(
      expect.objectContaining({ code: 'gatewayRequestInvalid', status: 400 }),
    )
  })
})

describe('decodeResolveRequest', () => {
  const node = namehash('alice.airlock.eth')

  test('behavior: each profile the gateway answers is read', () => {
    const read = (data: Hex) => decodeResolveRequest(resolveCall('alice.airlock.eth', data)).record
    expect(
      read(encodeFunctionData({ abi: profileAbi, functionName: 'addr', args: [node] })),
    ).toEqual({ type: 'addr', node, coinType: 60n, legacy: true })
    expect(
      read(
        encodeFunctionData({ abi: profileAbi, functionName: 'addr', args: [node, baseCoinType] }),
      ),
    ).toEqual({ type: 'addr', node, coinType: baseCoinType, legacy: false })
    expect(
      read(encodeFunctionData({ abi: profileAbi, functionName: 'text', args: [node, 'avatar'] })),
    ).toEqual({ type: 'text', node, key: 'avatar' })
    expect(
      read(encodeFunctionData({ abi: profileAbi, functionName: 'name', args: [node] })),
    ).toEqual({
      type: 'name',
      node,
    })
    const contenthash = encodeFunctionData({
      abi: profileAbi,
      functionName: 'contenthash',
      args: [node],
    })
    expect(read(contenthash)).toEqual({ type: 'unsupported', selector: contenthash.slice(0, 10) })
  })

  test('behavior: the name is as the client sent it, not normalised', () => {
    const data = encodeFunctionData({ abi: profileAbi, functionName: 'addr', args: [node] })
    expect(decodeResolveRequest(resolveCall('Alice.airlock.eth', data)).name).toBe(
      'Alice.airlock.eth',
    )
  })

  test('error: calldata that is not resolve(bytes,bytes) is refused with 400', () => {
    expect(() => decodeResolveRequest('0x1234')).toThrow(EnsGatewayError)
    expect(() => decodeResolveRequest('0x1234')).toThrow('not a resolve(bytes,bytes) call')
  })
})

describe('encodeResolveResult', () => {
  const node = namehash('alice.airlock.eth')
  const decode = <type extends 'address' | 'bytes' | 'string'>(kind: type, result: Hex) =>
    decodeAbiParameters([{ type: kind }], result)[0]

  test('behavior: a known record is its value', () => {
    expect(
      decode(
        'address',
        encodeResolveResult({ type: 'addr', node, coinType: 60n, legacy: true }, aliceRecords),
      ),
    ).toBe(alice)
    expect(
      decode(
        'bytes',
        encodeResolveResult(
          { type: 'addr', node, coinType: baseCoinType, legacy: false },
          aliceRecords,
        ),
      ),
    ).toBe(alice.toLowerCase())
    expect(
      decode('string', encodeResolveResult({ type: 'text', node, key: 'avatar' }, aliceRecords)),
    ).toBe('https://example.test/alice.png')
  })

  test('behavior: a missing record is the empty value viem reads as null', () => {
    expect(
      decode(
        'address',
        encodeResolveResult({ type: 'addr', node, coinType: 60n, legacy: true }, undefined),
      ),
    ).toBe(zeroAddress)
    expect(
      decode(
        'bytes',
        encodeResolveResult({ type: 'addr', node, coinType: 0n, legacy: false }, aliceRecords),
      ),
    ).toBe('0x')
    expect(
      decode('string', encodeResolveResult({ type: 'text', node, key: 'url' }, aliceRecords)),
    ).toBe('')
    expect(decode('string', encodeResolveResult({ type: 'name', node }, undefined))).toBe('')
    expect(encodeResolveResult({ type: 'unsupported', selector: '0xbc1c58d1' }, aliceRecords)).toBe(
      '0x',
    )
  })
})

describe('signGatewayResponse', () => {
  test('behavior: the signature recovers to the signer over the hash the resolver checks', async () => {
    const request = resolveCall(
      'alice.airlock.eth',
      encodeFunctionData({
        abi: profileAbi,
        functionName: 'addr',
        args: [namehash('alice.airlock.eth')],
      }),
    )
    const result = encodeResolveResult(
      { type: 'addr', node: namehash('alice.airlock.eth'), coinType: 60n, legacy: true },
      aliceRecords,
    )
    const response = await signGatewayResponse({
      signer,
      resolverAddress,
      request,
      result,
      expires: 1_300n,
    })
    const decoded = decodeGatewayResponse(response)
    expect(decoded).toMatchObject({ result, expires: 1_300n })
    const hash = gatewayResponseHash({ resolverAddress, request, result, expires: 1_300n })
    expect(await recoverAddress({ hash, signature: decoded.signature })).toBe(signer.address)
    // Any other request, result, expiry or resolver is another hash.
    expect(
      await recoverAddress({
        hash: gatewayResponseHash({ resolverAddress: alice, request, result, expires: 1_300n }),
        signature: decoded.signature,
      }),
    ).not.toBe(signer.address)
  })
})

describe('createEnsGatewayHandler', () => {
  const handle = createEnsGatewayHandler({
    signer,
    resolverAddress,
    lookup: (name) => (name === 'alice.airlock.eth' ? aliceRecords : undefined),
    reverse: (address, coinType) =>
      address !== alice
        ? undefined
        : coinType === 60n
          ? 'alice.airlock.eth'
          : coinType === 0x80002105n
            ? 'base:alice.airlock.eth'
            : coinType === 0x80000000n
              ? 'default:alice.airlock.eth'
              : undefined,
    now: () => 1_000_000,
  })
  const ask = async (name: string, data: Hex) =>
    decodeGatewayResponse(
      (await handle({ sender: resolverAddress.toLowerCase(), data: resolveCall(name, data) })).data,
    )

  test('behavior: answers a name, valid for 300 s', async () => {
    const node = namehash('alice.airlock.eth')
    const { result, expires } = await ask(
      'alice.airlock.eth',
      encodeFunctionData({ abi: profileAbi, functionName: 'text', args: [node, 'avatar'] }),
    )
    expect(expires).toBe(1_300n)
    expect(decodeAbiParameters([{ type: 'string' }], result)[0]).toBe(
      'https://example.test/alice.png',
    )
  })

  test('behavior: ENSIP-19 reverse names answer the primary name for their coin type; another address none', async () => {
    const reverseName = (address: string, coin = 'addr') =>
      `${address.slice(2).toLowerCase()}.${coin}.reverse`
    const nameOf = async (address: string, coin?: string) => {
      const node = namehash(reverseName(address, coin))
      const { result } = await ask(
        reverseName(address, coin),
        encodeFunctionData({ abi: profileAbi, functionName: 'name', args: [node] }),
      )
      return decodeAbiParameters([{ type: 'string' }], result)[0]
    }
    expect(await nameOf(alice)).toBe('alice.airlock.eth')
    expect(await nameOf(signer.address)).toBe('')
    // ENSIP-19's other coin types reach `reverse` with the coin type asked.
    expect(await nameOf(alice, '80002105')).toBe('base:alice.airlock.eth')
    expect(await nameOf(alice, 'default')).toBe('default:alice.airlock.eth')
    expect(await nameOf(alice, 'nope')).toBe('')
  })

  test('error: another resolver is a 404, unreadable data a 400', async () => {
    await expect(handle({ sender: alice, data: '0x' })).rejects.toMatchObject({
      code: 'gatewayResolverUnknown',
      status: 404,
    })
    await expect(handle({ sender: 'resolver', data: '0x' })).rejects.toMatchObject({ status: 404 })
    await expect(handle({ sender: resolverAddress, data: 'zz' })).rejects.toMatchObject({
      code: 'gatewayRequestInvalid',
      status: 400,
    })
    await expect(handle({ sender: resolverAddress, data: '0x1234' })).rejects.toMatchObject({
      status: 400,
    })
  })
})

describe('ensRecordsOfName', () => {
  const baseName = {
    name: 'alice.airlock.eth',
    address: alice.toLowerCase(),
    coinType: Number(baseCoinType),
    attributes: { avatar: 'https://example.test/a.png', description: 'Alice' },
    createdAt: '2026-11-26T10:00:00.000Z',
  }

  const askedOf =
    (records: ReturnType<typeof ensRecordsOfName>) =>
    (coinType: bigint, legacy = false) =>
      encodeResolveResult({ type: 'addr', node: '0x', coinType, legacy }, records)
  const owner = encodeAbiParameters([{ type: 'bytes' }], [alice.toLowerCase() as Hex])
  const none = encodeAbiParameters([{ type: 'bytes' }], ['0x'])

  test('security: a name signed for on one chain answers that chain only, not Ethereum (60) nor any other', () => {
    const records = ensRecordsOfName(baseName)
    expect(records).toEqual({
      addresses: { [String(baseCoinType)]: alice.toLowerCase() },
      texts: { avatar: 'https://example.test/a.png', description: 'Alice' },
    })
    const asked = askedOf(records)
    expect(asked(baseCoinType)).toBe(owner)
    expect(asked(60n)).toBe(none)
    expect(asked(60n, true)).toBe(encodeAbiParameters([{ type: 'address' }], [zeroAddress]))
    expect(asked(0x80000000n + 10n)).toBe(none)
    expect(asked(0x80000000n)).toBe(none)
  })

  test('behavior: a name signed for on Ethereum answers coin type 60 (both forms) and no other', () => {
    const asked = askedOf(ensRecordsOfName({ ...baseName, coinType: 60 }))
    expect(asked(60n)).toBe(owner)
    expect(asked(60n, true)).toBe(encodeAbiParameters([{ type: 'address' }], [alice]))
    expect(asked(baseCoinType)).toBe(none)
  })

  test('behavior: a name signed for on "any EVM chain" (0x80000000) answers every EVM chain but Ethereum, texts from its attributes', () => {
    const records = ensRecordsOfName({ ...baseName, coinType: 0x80000000 })
    expect(records).toEqual({
      addresses: { '2147483648': alice.toLowerCase() },
      everyEvmChain: alice.toLowerCase(),
      texts: { avatar: 'https://example.test/a.png', description: 'Alice' },
    })
    const asked = askedOf(records)
    expect(asked(0x80000000n + 10n)).toBe(owner)
    expect(asked(baseCoinType)).toBe(owner)
    expect(asked(60n)).toBe(none)
    // A non-EVM coin type (Bitcoin's): none.
    expect(asked(0n)).toBe(none)
  })
})
