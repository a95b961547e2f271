/**
 * The names' CCIP-Read (EIP-3668) gateway (issue 21), so any ENS client resolves
 * `<label>.<parent>` with no Airlock code: an offchain resolver (ENS's offchain-resolver scheme;
 * on the dev chain devchain's DevOffchainResolver) reverts `OffchainLookup` with
 * `resolve(bytes name, bytes data)`, the client brings that call here, and the gateway answers
 * `addr(bytes32)`, `addr(bytes32,uint256)`, `text(bytes32,string)` and, for
 * `{address}.addr.reverse`, `name(bytes32)`, signed as the resolver's `resolveWithProof` checks.
 *
 * Everything here is pure but the `lookup` and `reverse` the caller passes (routes/namesGateway.ts
 * reads the registry; devchain/ens.test.ts a fixture).
 */
import { evmCoinTypeFlag, type NameRecord } from '@airlock/protocol'
import {
  type Address,
  bytesToString,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodePacked,
  getAddress,
  type Hex,
  hexToBytes,
  isAddress,
  isAddressEqual,
  isHex,
  keccak256,
  type LocalAccount,
  parseAbi,
  zeroAddress,
} from 'viem'

/** `resolve(bytes,bytes)`: what the offchain resolver asks the gateway (IResolverService). */
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

const gatewayResponseParameters = [
  { type: 'bytes' },
  { type: 'uint64' },
  { type: 'bytes' },
] as const

/** ENSIP-9 coin type of Ethereum. */
export const ethereumCoinType = 60n

/** How long a signed answer is valid by default, in seconds. */
export const defaultGatewayTtlSeconds = 300

/** Why the gateway refuses a request, and the HTTP status it answers with. */
export const ensGatewayErrorStatus = {
  /** 400: the calldata is not a `resolve(bytes,bytes)` call, or its name is not a DNS name. */
  gatewayRequestInvalid: 400,
  /** 404: the request is for another resolver than the one this gateway signs for. */
  gatewayResolverUnknown: 404,
} as const
export type EnsGatewayErrorCode = keyof typeof ensGatewayErrorStatus

/** A request the gateway cannot answer; `status` is its HTTP status (`ensGatewayErrorStatus`). */
export class EnsGatewayError extends Error {
  override name = 'EnsGatewayError' as const
  readonly code: EnsGatewayErrorCode
  readonly status: (typeof ensGatewayErrorStatus)[EnsGatewayErrorCode]
  constructor(code: EnsGatewayErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.status = ensGatewayErrorStatus[code]
  }
}

/** What a name resolves to; a missing record resolves to the empty value (viem: null). */
export type EnsRecords = {
  /** The Ethereum address (coin type 60). */
  addr?: Address | undefined
  /** Other coin types' addresses (ENSIP-9/11) as raw bytes, by decimal coin type. */
  addresses?: Record<string, Hex> | undefined
  /**
   * The address of every EVM chain without one of its own (ENSIP-19's default, coin type
   * 0x80000000): only for an owner whose key signed, which is the same account on every chain.
   */
  everyEvmChain?: Hex | undefined
  /** Text records (ENSIP-5), e.g. `avatar`. */
  texts?: Record<string, string> | undefined
}

/** A decoded `resolve(bytes name, bytes data)` request. */
export type ResolveRequest = {
  /** Dotted, as the client sent it (not normalised): `alice.airlock.eth`, `{hex}.addr.reverse`. */
  name: string
  /** The name as the resolver got it (DNS wire format). */
  dnsName: Hex
  /** The resolver profile call. */
  data: Hex
  record: ResolveRecord
}

export type ResolveRecord =
  /** `legacy`: `addr(bytes32)`, answered with an address rather than bytes. */
  | { type: 'addr'; node: Hex; coinType: bigint; legacy: boolean }
  | { type: 'text'; node: Hex; key: string }
  | { type: 'name'; node: Hex }
  | { type: 'unsupported'; selector: Hex }

/**
 * A DNS-encoded name (RFC 1035 wire format, as ENSIP-10 passes it) as dotted text.
 *
 * @throws EnsGatewayError `gatewayRequestInvalid` for bytes that are not one.
 *
 * @example
 * decodeDnsName(stringToHex('\x05alice\x07airlock\x03eth\x00')) // 'alice.airlock.eth'
 */
export function decodeDnsName(dnsName: Hex): string {
  const bytes = hexToBytes(dnsName)
  const labels: string[] = []
  let position = 0
  for (;;) {
    const length = bytes[position]
    if (length === undefined || position + 1 + length > bytes.length) throw malformedName()
    if (length === 0) break
    labels.push(bytesToString(bytes.subarray(position + 1, position + 1 + length)))
    position += 1 + length
  }
  if (position !== bytes.length - 1) throw malformedName()
  return labels.join('.')
}

/**
 * Reads the calldata the offchain resolver sends (`resolve(bytes name, bytes data)`): the name and
 * which record `data` asks for (a profile the gateway does not answer is `unsupported`).
 *
 * @throws EnsGatewayError `gatewayRequestInvalid`
 */
export function decodeResolveRequest(callData: Hex): ResolveRequest {
  let name: Hex
  let data: Hex
  try {
    ;[name, data] = decodeFunctionData({ abi: resolverServiceAbi, data: callData }).args
  } catch (cause) {
    throw new EnsGatewayError('gatewayRequestInvalid', 'not a resolve(bytes,bytes) call', {
      cause,
    })
  }
  const base = { name: decodeDnsName(name), dnsName: name, data }
  let call: ReturnType<typeof decodeFunctionData<typeof profileAbi>>
  try {
    call = decodeFunctionData({ abi: profileAbi, data })
  } catch {
    return { ...base, record: { type: 'unsupported', selector: data.slice(0, 10) as Hex } }
  }
  switch (call.functionName) {
    case 'addr':
      return call.args.length === 1
        ? {
            ...base,
            record: { type: 'addr', node: call.args[0], coinType: ethereumCoinType, legacy: true },
          }
        : {
            ...base,
            record: { type: 'addr', node: call.args[0], coinType: call.args[1], legacy: false },
          }
    case 'text':
      return { ...base, record: { type: 'text', node: call.args[0], key: call.args[1] } }
    case 'name':
      return { ...base, record: { type: 'name', node: call.args[0] } }
  }
}

/**
 * The ABI-encoded answer to a record: the address, text or name, or the empty value (zero
 * address, `0x`, "") when there is none, which viem reads as null.
 */
export function encodeResolveResult(
  record: ResolveRecord,
  entry: (EnsRecords & { name?: string | undefined }) | undefined,
): Hex {
  switch (record.type) {
    case 'addr': {
      if (record.legacy)
        return encodeAbiParameters([{ type: 'address' }], [entry?.addr ?? zeroAddress])
      return encodeAbiParameters([{ type: 'bytes' }], [addressAt(entry, record.coinType) ?? '0x'])
    }
    case 'text':
      return encodeAbiParameters([{ type: 'string' }], [entry?.texts?.[record.key] ?? ''])
    case 'name':
      return encodeAbiParameters([{ type: 'string' }], [entry?.name ?? ''])
    case 'unsupported':
      return '0x'
  }
}

/**
 * The address `entry` publishes for `coinType`: coin type 60's own, another's own, or for an EVM
 * chain without one, ENSIP-19's default (`everyEvmChain`); undefined when none.
 */
export function addressAt(entry: EnsRecords | undefined, coinType: bigint): Hex | undefined {
  if (coinType === ethereumCoinType) return entry?.addr?.toLowerCase() as Hex | undefined
  return (
    entry?.addresses?.[coinType.toString()] ??
    (isEvmCoinType(coinType) ? entry?.everyEvmChain : undefined)
  )
}

/** Signs gateway answers: a viem local account (`privateKeyToAccount(key)`), so no key is kept. */
export type GatewaySigner = { address: Address; sign: NonNullable<LocalAccount['sign']> }

/**
 * The hash the resolver checks: `keccak256(abi.encodePacked(hex"1900", resolver, uint64 expires,
 * keccak256(request), keccak256(result)))`.
 */
export function gatewayResponseHash(parameters: {
  resolverAddress: Address
  request: Hex
  result: Hex
  expires: bigint
}): Hex {
  const { resolverAddress, request, result, expires } = parameters
  return keccak256(
    encodePacked(
      ['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'],
      ['0x1900', resolverAddress, expires, keccak256(request), keccak256(result)],
    ),
  )
}

/**
 * Signs an answer as the resolver's `resolveWithProof` checks it: `abi.encode(bytes result,
 * uint64 expires, bytes signature)`, the signature over {@link gatewayResponseHash}.
 *
 * @example
 * await signGatewayResponse({ signer: privateKeyToAccount(key), resolverAddress, request, result,
 *   expires: BigInt(Math.floor(Date.now() / 1000) + 300) })
 */
export async function signGatewayResponse(
  parameters: signGatewayResponse.Parameters,
): Promise<Hex> {
  const { signer, result, expires } = parameters
  const signature = await signer.sign({ hash: gatewayResponseHash(parameters) })
  return encodeAbiParameters(gatewayResponseParameters, [result, expires, signature])
}

export declare namespace signGatewayResponse {
  type Parameters = {
    signer: GatewaySigner
    /** The offchain resolver that checks the answer. */
    resolverAddress: Address
    /** The gateway request's calldata (`resolve(bytes,bytes)`), exactly as received. */
    request: Hex
    result: Hex
    /** Unix seconds. */
    expires: bigint
  }
}

/** `(bytes result, uint64 expires, bytes signature)` of a gateway answer. */
export function decodeGatewayResponse(response: Hex): {
  result: Hex
  expires: bigint
  signature: Hex
} {
  const [result, expires, signature] = decodeAbiParameters(gatewayResponseParameters, response)
  return { result, expires, signature }
}

/**
 * The gateway as a function: `({ sender, data })`, as EIP-3668 sends them, → `{ data }`, the
 * signed answer. A name `lookup` does not know, and a profile the gateway does not answer, get
 * the empty value, signed too: the client reads null.
 *
 * @throws EnsGatewayError `gatewayResolverUnknown` for another resolver, `gatewayRequestInvalid`
 * for calldata it cannot read.
 *
 * @example
 * const handle = createEnsGatewayHandler({ signer, resolverAddress, lookup, reverse })
 * const { data } = await handle({ sender, data: callData })
 */
export function createEnsGatewayHandler(
  options: createEnsGatewayHandler.Options,
): createEnsGatewayHandler.Handler {
  const {
    signer,
    resolverAddress,
    lookup,
    reverse,
    ttlSeconds = defaultGatewayTtlSeconds,
    now = Date.now,
  } = options
  return async ({ sender, data }) => {
    if (!isAddress(sender, { strict: false }) || !isAddressEqual(sender, resolverAddress))
      throw new EnsGatewayError('gatewayResolverUnknown', `No resolver ${sender} here.`)
    if (!isHex(data, { strict: true }))
      throw new EnsGatewayError('gatewayRequestInvalid', 'data is not hex')
    const request = decodeResolveRequest(data)
    const { record } = request
    let entry: (EnsRecords & { name?: string }) | undefined
    if (record.type === 'name') {
      const asked = reverseNameAddress(request.name)
      const name = asked && (await reverse?.(asked.address, asked.coinType))
      entry = name ? { name } : undefined
    } else if (record.type !== 'unsupported') entry = await lookup(request.name)
    return {
      data: await signGatewayResponse({
        signer,
        resolverAddress,
        request: data,
        result: encodeResolveResult(record, entry),
        expires: BigInt(Math.floor(now() / 1000) + ttlSeconds),
      }),
    }
  }
}

export declare namespace createEnsGatewayHandler {
  type Options = {
    /** Signs the answers; its address must be one of the resolver's signers. */
    signer: GatewaySigner
    /** The offchain resolver the gateway answers for (the `sender`; the signature's target). */
    resolverAddress: Address
    /** A name's records, as the client sent the name (normalise it), or undefined: none. */
    lookup: (name: string) => EnsRecords | undefined | Promise<EnsRecords | undefined>
    /**
     * An address's primary name for a coin type (ENSIP-19: `{hex}.addr.reverse` is 60,
     * `{hex}.default.reverse` 0x80000000, `{hex}.{coin type in hex}.reverse` any other), which
     * the client checks resolves back to the address on that coin type.
     */
    reverse?:
      | ((address: Address, coinType: bigint) => string | undefined | Promise<string | undefined>)
      | undefined
    /** How long a signed answer is valid, in seconds. Default 300. */
    ttlSeconds?: number | undefined
    /** The clock, ms since the epoch. Default `Date.now`. */
    now?: (() => number) | undefined
  }
  type Handler = (request: { sender: string; data: string }) => Promise<{ data: Hex }>
}

/** Whether `coinType` is an EVM chain's (ENSIP-11: at or above 0x80000000, in 32 bits). */
function isEvmCoinType(coinType: bigint): boolean {
  return coinType >= BigInt(evmCoinTypeFlag) && coinType <= 0xffffffffn
}

/**
 * A registered name's records: its address is published only for the chain the owner's signature
 * was checked on, its coin type (ENSIP-11) — coin type 60 only for a signature made on Ethereum,
 * ENSIP-19's default (every EVM chain without an address of its own) only for one made on "any
 * EVM chain" (coin type 0x80000000, which only a key can sign). The same address on another chain
 * may be someone else's (a contract wallet's counterfactual address), and nothing proved it the
 * owner's there. Its attributes (`avatar`, `description`, links) are its text records.
 */
export function ensRecordsOfName(record: NameRecord): EnsRecords {
  const addr = getAddress(record.address)
  const bytes = addr.toLowerCase() as Hex
  const texts: Record<string, string> = {}
  for (const [key, value] of Object.entries(record.attributes))
    if (typeof value === 'string') texts[key] = value
  const coinType = BigInt(record.coinType)
  const addresses = { [coinType.toString()]: bytes }
  if (coinType === ethereumCoinType) return { addr, addresses, texts }
  if (coinType === BigInt(evmCoinTypeFlag)) return { addresses, everyEvmChain: bytes, texts }
  return { addresses, texts }
}

/**
 * ENSIP-19's reverse names → the address and the coin type asked: `{hex}.addr.reverse` (60),
 * `{hex}.default.reverse` (0x80000000), `{hex}.{coin type in hex}.reverse`; undefined otherwise.
 */
function reverseNameAddress(name: string): { address: Address; coinType: bigint } | undefined {
  const match = /^([0-9a-f]{40})\.(addr|default|[0-9a-f]{1,8})\.reverse$/.exec(name)
  if (!match) return undefined
  const [, hex, coin] = match
  const coinType =
    coin === 'addr'
      ? ethereumCoinType
      : coin === 'default'
        ? BigInt(evmCoinTypeFlag)
        : BigInt(`0x${coin}`)
  return { address: getAddress(`0x${hex}`), coinType }
}

const malformedName = () => new EnsGatewayError('gatewayRequestInvalid', 'malformed DNS name')
