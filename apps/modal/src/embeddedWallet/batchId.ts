/**
 * EIP-5792 batch ids that carry what `wallet_getCallsStatus` needs, so a status is answered after
 * a reload without storage (the frame's storage is denied or partitioned on most sites): the
 * batch's kind, its chain and its hashes (a smart account's one user operation; an EOA's
 * transactions, in order), and a tag only this wallet can make. The tag is a keccak MAC, keyed by
 * a secret the owner's key derives and never shows, over the account and the rest of the id: an
 * id this account did not send (a hash of its own choosing, another account's id) fails it, and
 * is refused as unknown (5730) before any bundler or node is asked.
 *
 * An id: 0x | kind (1 byte) | chain id (8 bytes) | hashes (32 bytes each, 1 to 16) | tag (16 bytes).
 * A user operation that may be replaced (sped up or cancelled) carries its nonce and the block
 * it was sent at too, so its status after a reload is the one that landed with its nonce:
 * 0x03 | chain id | hash | nonce (32 bytes) | block (8 bytes) | tag.
 */
import { ProviderRpcError } from '@airlock/protocol'
import {
  type Address,
  concat,
  type Hex,
  keccak256,
  numberToHex,
  type PrivateKeyAccount,
  size,
  slice,
} from 'viem'
import { shown } from './signerInput'

/** EIP-5792's code for a batch id this wallet never sent. */
export const unknownBundleId = 5730

/** What a batch was sent as: one user operation, or transactions in order. */
export type BatchKind = 'userOperation' | 'transactions'

/**
 * What an id carries: the batch's kind, its chain's id and its hashes; a user operation's nonce
 * and the block it was sent at (`sent`), when a replacement may have landed in its place.
 */
export type BatchOf = {
  kind: BatchKind
  chainId: bigint
  hashes: Hex[]
  sent?: { nonce: bigint; fromBlock: bigint } | undefined
}

/** Makes and reads the ids of one account's batches. */
export type BatchIds = {
  idOf(batch: BatchOf): Hex
  /** The batch an id names; 5730 when it is not one this account sent. */
  batchOf(id: unknown): BatchOf
}

const kindBytes: Record<BatchKind, Hex> = { userOperation: '0x01', transactions: '0x02' }
/** The kind byte of a user operation's id that carries its nonce and block. */
const sentOperationByte = '0x03'
/** The nonce (32 bytes) and the block (8 bytes) such an id carries after its hash. */
const sentBytes = 40
const tagSize = 16
const maxHashes = 16

/**
 * The ids of `account`'s batches, tagged with a key the owner's signature derives: the same key
 * after a reload (signatures are deterministic, RFC 6979), and only this key's owner has it.
 *
 * @example
 * const ids = await batchIds(owner, smart.address)
 * const id = ids.idOf({ kind: 'userOperation', chainId: 31337n, hashes: [userOperationHash] })
 * ids.batchOf(id) // { kind: 'userOperation', chainId: 31337n, hashes: [userOperationHash] }
 */
export async function batchIds(owner: PrivateKeyAccount, account: Address): Promise<BatchIds> {
  // Never shown: it is the MAC's key. Its message names its use, so no other signature is it.
  const key = keccak256(
    await owner.signMessage({ message: 'Airlock: the key of this wallet’s EIP-5792 batch ids' }),
  )
  const tagOf = (body: Hex) =>
    slice(keccak256(concat([key, account.toLowerCase() as Hex, body])), 0, tagSize)

  function idOf({ kind, chainId, hashes, sent }: BatchOf): Hex {
    const chain = numberToHex(chainId, { size: 8 })
    const body =
      kind === 'userOperation' && sent
        ? concat([
            sentOperationByte,
            chain,
            ...hashes,
            numberToHex(sent.nonce, { size: 32 }),
            numberToHex(sent.fromBlock, { size: 8 }),
          ])
        : concat([kindBytes[kind], chain, ...hashes])
    return concat([body, tagOf(body)])
  }

  function batchOf(id: unknown): BatchOf {
    const unknown = () =>
      new ProviderRpcError(
        unknownBundleId,
        `Unknown bundle id ${shown(id)}: this wallet sent no such batch.`,
      )
    if (typeof id !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(id)) throw unknown()
    const bytes = id.toLowerCase() as Hex
    if (size(bytes) < 1 + 8 + tagSize) throw unknown()
    const withSent = slice(bytes, 0, 1) === sentOperationByte
    const hashBytes = size(bytes) - 1 - 8 - tagSize - (withSent ? sentBytes : 0)
    if (hashBytes < 32 || hashBytes % 32 !== 0 || hashBytes / 32 > maxHashes) throw unknown()
    if (withSent && hashBytes !== 32) throw unknown()
    const body = slice(bytes, 0, size(bytes) - tagSize)
    if (tagOf(body) !== slice(bytes, size(bytes) - tagSize)) throw unknown()
    const kindByte = slice(body, 0, 1)
    const kind = withSent
      ? 'userOperation'
      : (Object.keys(kindBytes) as BatchKind[]).find((k) => kindBytes[k] === kindByte)
    if (!kind) throw unknown()
    const hashes = Array.from({ length: hashBytes / 32 }, (_, index) =>
      slice(body, 9 + index * 32, 9 + (index + 1) * 32),
    )
    const chainId = BigInt(slice(body, 1, 9))
    if (!withSent) return { kind, chainId, hashes }
    const sent = {
      nonce: BigInt(slice(body, 9 + 32, 9 + 64)),
      fromBlock: BigInt(slice(body, 9 + 64, 9 + 72)),
    }
    return { kind, chainId, hashes, sent }
  }

  return { idOf, batchOf }
}
