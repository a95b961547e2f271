// Types for ensGateway.mjs, so the TypeScript tests and the API can import it.
import type { Address, Hex } from 'viem'

/** What a name resolves to; a missing record resolves to nothing (viem: null). */
export type EnsRecords = {
  /** The Ethereum address (coin type 60). */
  addr?: Address
  /** Other coin types' addresses (ENSIP-9/11), by decimal coin type, as raw bytes. */
  addresses?: Record<string, Hex>
  /** Text records (ENSIP-5), e.g. `avatar`. */
  texts?: Record<string, string>
}

/** A decoded `resolve(bytes name, bytes data)` request. */
export type ResolveRequest = {
  /** Dotted name, e.g. `alice.airlock.eth` or `{hex}.addr.reverse`. */
  name: string
  /** The name as the resolver got it (DNS wire format). */
  dnsName: Hex
  /** The resolver profile call. */
  data: Hex
  record:
    | {
        type: 'addr'
        node: Hex
        coinType: bigint /** `addr(bytes32)` rather than `addr(bytes32,uint256)` */
        legacy: boolean
      }
    | { type: 'text'; node: Hex; key: string }
    | { type: 'name'; node: Hex }
    | { type: 'unsupported'; selector: Hex }
}

export type EnsGatewayOptions = {
  /** Signs the answers; its address must be one of the resolver's signers. */
  signerKey: Hex
  /** The offchain resolver the gateway answers for (the `sender`; the signature's target). */
  resolverAddress: Address
  /** The records of a name, or undefined when it has none. */
  lookup: (name: string) => EnsRecords | undefined | Promise<EnsRecords | undefined>
  /** The primary name of an address (reverse resolution), checked forward by the resolver. */
  reverse?: (address: Address) => string | undefined | Promise<string | undefined>
  /** How long a signed answer is valid, in seconds. Default 300. */
  ttlSeconds?: number
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number
}

/** An error the gateway answers with an HTTP status: 400 (unreadable request), 404 (another resolver). */
export declare class EnsGatewayError extends Error {
  override name: 'EnsGatewayError'
  status: number
  constructor(message: string, options: { status: number })
}

/** A DNS wire-format name as dotted text. */
export declare function decodeDnsName(dnsName: Hex): string

/** Reads DevOffchainResolver's `resolve(bytes name, bytes data)` calldata. */
export declare function decodeResolveRequest(callData: Hex): ResolveRequest

/** The ABI-encoded answer to a record, or the empty value when there is none. */
export declare function encodeResolveResult(
  record: ResolveRequest['record'],
  entry: (EnsRecords & { name?: string }) | undefined,
): Hex

/** `abi.encode(result, expires, signature)`, signed as `resolveWithProof` checks it. */
export declare function signGatewayResponse(options: {
  signerKey: Hex
  resolverAddress: Address
  /** The gateway request's calldata (`resolve(bytes,bytes)`), exactly as received. */
  request: Hex
  result: Hex
  /** Unix seconds. */
  expires: bigint
}): Promise<Hex>

/** `(bytes result, uint64 expires, bytes signature)` of a gateway answer. */
export declare function decodeGatewayResponse(response: Hex): {
  result: Hex
  expires: bigint
  signature: Hex
}

/** The gateway as a function of the EIP-3668 request; throws EnsGatewayError. */
export declare function createEnsGatewayHandler(
  options: EnsGatewayOptions,
): (request: { sender: string; data: string }) => Promise<{ data: Hex }>

/** The gateway over node:http on loopback; `url` is the EIP-3668 URL template. */
export declare function startEnsGateway(
  options: EnsGatewayOptions & { port?: number; host?: string },
): Promise<{ origin: string; port: number; url: string; stop(): Promise<void> }>
