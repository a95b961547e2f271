// A reference CCIP-Read (EIP-3668) gateway for DevOffchainResolver (contracts/ens), the shape the
// API's names gateway takes: it receives the resolver's `resolve(bytes name, bytes data)` call,
// answers `addr(bytes32)`, `addr(bytes32,uint256)`, `text(bytes32,string)` and, for
// `{address}.addr.reverse`, `name(bytes32)` from the caller's lookups, and signs the answer as the
// resolver checks it (ENS's offchain-resolver scheme). The encoding and signing are pure functions
// (`decodeResolveRequest`, `encodeResolveResult`, `signGatewayResponse`) the API can reuse; the
// node:http server is for tests and local runs.
import { createServer } from 'node:http'
import {
  bytesToString,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  getAddress,
  hexToBytes,
  isAddress,
  isAddressEqual,
  isHex,
  keccak256,
  parseAbi,
  zeroAddress,
} from 'viem'
import { sign } from 'viem/accounts'

/** `resolve(bytes,bytes)`, what DevOffchainResolver asks the gateway (IResolverService). */
const resolverServiceAbi = parseAbi([
  'function resolve(bytes name, bytes data) view returns (bytes result, uint64 expires, bytes sig)',
])

/** The resolver profiles the gateway answers. */
const profileAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function name(bytes32 node) view returns (string)',
])

/** ENSIP-9 coin type of Ethereum. */
const ethereumCoinType = 60n

/** An error the gateway answers with an HTTP status (400: a request it cannot read; 404: not its resolver). */
export class EnsGatewayError extends Error {
  /** @param {string} message @param {{ status: number }} options */
  constructor(message, { status }) {
    super(message)
    this.name = 'EnsGatewayError'
    this.status = status
  }
}

/**
 * A DNS-encoded name (RFC 1035 wire format, as ENSIP-10 passes it) as dotted text.
 * @param {`0x${string}`} dnsName
 */
export function decodeDnsName(dnsName) {
  const bytes = hexToBytes(dnsName)
  const labels = []
  let position = 0
  while (true) {
    const length = bytes[position]
    if (length === undefined) throw new EnsGatewayError('malformed DNS name', { status: 400 })
    if (length === 0) break
    if (position + 1 + length > bytes.length)
      throw new EnsGatewayError('malformed DNS name', { status: 400 })
    labels.push(bytesToString(bytes.subarray(position + 1, position + 1 + length)))
    position += 1 + length
  }
  if (position !== bytes.length - 1)
    throw new EnsGatewayError('malformed DNS name', { status: 400 })
  return labels.join('.')
}

/**
 * Reads the calldata DevOffchainResolver sends (`resolve(bytes name, bytes data)`): the name and
 * which record `data` asks for.
 *
 * @param {`0x${string}`} callData
 * @returns {import('./ensGateway.d.mts').ResolveRequest}
 */
export function decodeResolveRequest(callData) {
  let name
  let data
  try {
    ;[name, data] = decodeFunctionData({ abi: resolverServiceAbi, data: callData }).args
  } catch {
    throw new EnsGatewayError('not a resolve(bytes,bytes) call', { status: 400 })
  }
  const base = { name: decodeDnsName(name), dnsName: name, data }
  try {
    const call = decodeFunctionData({ abi: profileAbi, data })
    if (call.functionName === 'addr')
      return call.args.length === 1
        ? {
            ...base,
            record: { type: 'addr', node: call.args[0], coinType: ethereumCoinType, legacy: true },
          }
        : {
            ...base,
            record: { type: 'addr', node: call.args[0], coinType: call.args[1], legacy: false },
          }
    if (call.functionName === 'text')
      return { ...base, record: { type: 'text', node: call.args[0], key: call.args[1] } }
    return { ...base, record: { type: 'name', node: call.args[0] } }
  } catch {
    return {
      ...base,
      record: { type: 'unsupported', selector: /** @type {`0x${string}`} */ (data.slice(0, 10)) },
    }
  }
}

/**
 * The ABI-encoded answer to a request's record: the address, text or name, or the empty value
 * (zero address, `0x`, "") when there is none, which viem reads as null.
 *
 * @param {import('./ensGateway.d.mts').ResolveRequest['record']} record
 * @param {{ addr?: `0x${string}`, addresses?: Record<string, `0x${string}`>, texts?: Record<string, string>, name?: string } | undefined} entry
 * @returns {`0x${string}`}
 */
export function encodeResolveResult(record, entry) {
  switch (record.type) {
    case 'addr': {
      if (record.legacy)
        return encodeAbiParameters([{ type: 'address' }], [entry?.addr ?? zeroAddress])
      const address =
        record.coinType === ethereumCoinType
          ? (entry?.addr ?? '0x')
          : (entry?.addresses?.[record.coinType.toString()] ?? '0x')
      return encodeAbiParameters([{ type: 'bytes' }], [address])
    }
    case 'text':
      return encodeAbiParameters([{ type: 'string' }], [entry?.texts?.[record.key] ?? ''])
    case 'name':
      return encodeAbiParameters([{ type: 'string' }], [entry?.name ?? ''])
    default:
      return '0x'
  }
}

/**
 * Signs a gateway answer as DevOffchainResolver's `resolveWithProof` checks it:
 * `abi.encode(bytes result, uint64 expires, bytes signature)`, the signature over
 * `keccak256(abi.encodePacked(hex"1900", resolver, expires, keccak256(request), keccak256(result)))`.
 *
 * @param {{ signerKey: `0x${string}`, resolverAddress: `0x${string}`, request: `0x${string}`, result: `0x${string}`, expires: bigint }} options
 * @returns {Promise<`0x${string}`>}
 */
export async function signGatewayResponse({
  signerKey,
  resolverAddress,
  request,
  result,
  expires,
}) {
  const hash = keccak256(
    encodePacked(
      ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
      ['0x1900', resolverAddress, expires, keccak256(request), keccak256(result)],
    ),
  )
  const signature = await sign({ hash, privateKey: signerKey, to: 'hex' })
  return encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    [result, expires, signature],
  )
}

/**
 * `{lowercase hex}.addr.reverse` → the address, or undefined for another name.
 * @param {string} name
 */
function reverseNameAddress(name) {
  const match = /^([0-9a-f]{40})\.addr\.reverse$/.exec(name)
  return match ? getAddress(`0x${match[1]}`) : undefined
}

/**
 * The gateway as a function: `({ sender, data })`, as EIP-3668 sends them, → `{ data }`, the
 * signed answer. Throws EnsGatewayError for a request it cannot answer.
 *
 * @param {import('./ensGateway.d.mts').EnsGatewayOptions} options
 */
export function createEnsGatewayHandler({
  signerKey,
  resolverAddress,
  lookup,
  reverse,
  ttlSeconds = 300,
  now = () => Date.now(),
}) {
  return async (/** @type {{ sender: string, data: string }} */ { sender, data }) => {
    if (!isAddress(sender, { strict: false }) || !isAddressEqual(sender, resolverAddress))
      throw new EnsGatewayError(`no resolver ${sender} here`, { status: 404 })
    if (!isHex(data)) throw new EnsGatewayError('data is not hex', { status: 400 })
    const request = decodeResolveRequest(data)
    const { record } = request
    const entry = await (async () => {
      if (record.type !== 'name') return lookup(request.name)
      const address = reverseNameAddress(request.name)
      const name =
        address === undefined || reverse === undefined ? undefined : await reverse(address)
      return name === undefined ? undefined : { name }
    })()
    const expires = BigInt(Math.floor(now() / 1000) + ttlSeconds)
    return {
      data: await signGatewayResponse({
        signerKey,
        resolverAddress,
        request: data,
        result: encodeResolveResult(record, entry ?? undefined),
        expires,
      }),
    }
  }
}

/**
 * The gateway over HTTP on loopback: `GET …/{sender}/{data}.json` and `POST …` with a JSON body
 * `{ sender, data }`, answering `{ data }` (or `{ message }` with 400/404). `url` is the
 * EIP-3668 URL template to give `deployDevEns` as `gatewayUrl`.
 *
 * @param {import('./ensGateway.d.mts').EnsGatewayOptions & { port?: number, host?: string }} options
 */
export async function startEnsGateway({ port = 0, host = '127.0.0.1', ...options }) {
  const handle = createEnsGatewayHandler(options)
  const server = createServer(async (request, response) => {
    const reply = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        // Browsers follow CCIP-Read from any origin.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
      })
      response.end(JSON.stringify(body))
    }
    try {
      if (request.method === 'OPTIONS') return reply(204, {})
      const query = await (async () => {
        if (request.method === 'POST') {
          let text = ''
          for await (const chunk of request) text += chunk
          const body = JSON.parse(text)
          return { sender: String(body?.sender), data: String(body?.data) }
        }
        const match = /\/([^/]+)\/([^/]+)\.json$/.exec(
          new URL(request.url ?? '/', 'http://x').pathname,
        )
        if (request.method !== 'GET' || match === null)
          throw new EnsGatewayError('expected GET /{sender}/{data}.json or POST', { status: 400 })
        return { sender: /** @type {string} */ (match[1]), data: /** @type {string} */ (match[2]) }
      })()
      reply(200, await handle(query))
    } catch (error) {
      const status = error instanceof EnsGatewayError ? error.status : 500
      reply(status, { message: error instanceof Error ? error.message : String(error) })
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(undefined))
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('startEnsGateway: no port')
  const origin = `http://${host}:${address.port}`
  return {
    origin,
    port: address.port,
    url: `${origin}/{sender}/{data}.json`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      }),
  }
}

/** Decodes a gateway answer: `(bytes result, uint64 expires, bytes signature)`. For tests and checks. */
export function decodeGatewayResponse(/** @type {`0x${string}`} */ response) {
  const [result, expires, signature] = decodeAbiParameters(
    [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
    response,
  )
  return { result, expires, signature }
}
