// The runtime the Polkadot stand-in presents: Polkadot's real metadata (v14, spec 1002005, as
// @polkadot/types-support ships it) with its type registry, runtime version and storage keys, and
// the SCALE encodings the ledger answers with (AccountInfo, event records, fee info). Two
// constants are rewritten in place: Balances' ExistentialDeposit, to the
// stand-in's (a dev chain's 0.01 DOT instead of Polkadot's 1 DOT), and System's SS58Prefix to 42,
// so what a client reads from `api.consts` is what the ledger enforces and the node says.
import { Metadata, TypeRegistry } from '@polkadot/types'
import polkadotMetadataHex from '@polkadot/types-support/metadata/static-polkadot'
import { bnToU8a, compactToU8a, hexToU8a, stringToU8a, u8aConcat, u8aToHex } from '@polkadot/util'
import { blake2AsU8a, xxhashAsU8a } from '@polkadot/util-crypto'

/** The chain's properties as `system_properties` answers: a dev chain's prefix, DOT's units. */
export const chainProperties = Object.freeze({
  ss58Format: 42,
  tokenDecimals: 10,
  tokenSymbol: 'DOT',
})

/** @param {bigint} value */
const u128 = (value) => bnToU8a(value, { bitLength: 128, isLe: true })

/**
 * Rewrites a pallet constant's value in metadata bytes, in place: the constant is found by its
 * name, its type id (a compact of one or two bytes) and its current value (as Bytes); the same
 * name elsewhere (an error's, an event's) is not followed by that.
 * @param {Uint8Array} bytes @param {string} name @param {Uint8Array} from @param {Uint8Array} to
 */
function rewriteConstant(bytes, name, from, to) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  const nameBytes = Buffer.from(u8aConcat(compactToU8a(name.length), stringToU8a(name)))
  const value = Buffer.from(u8aConcat(compactToU8a(from.length), from))
  for (let at = buffer.indexOf(nameBytes); at >= 0; at = buffer.indexOf(nameBytes, at + 1))
    for (const typeLength of [1, 2]) {
      const valueAt = at + nameBytes.length + typeLength
      if (buffer.subarray(valueAt, valueAt + value.length).equals(value)) {
        bytes.set(to, valueAt + value.length - from.length)
        return
      }
    }
  throw new Error(`The constant ${name} is not in the shipped metadata as expected`)
}

/**
 * Polkadot's metadata as a dev chain of it: ExistentialDeposit `existentialDeposit` plancks
 * (Polkadot's is 1 DOT) and SS58Prefix 42 (Polkadot's is 0), as system_properties says.
 * @param {bigint} existentialDeposit
 */
function devMetadata(existentialDeposit) {
  const bytes = hexToU8a(polkadotMetadataHex)
  rewriteConstant(bytes, 'ExistentialDeposit', u128(10_000_000_000n), u128(existentialDeposit))
  rewriteConstant(
    bytes,
    'SS58Prefix',
    bnToU8a(0, { bitLength: 16 }),
    bnToU8a(chainProperties.ss58Format, { bitLength: 16 }),
  )
  return bytes
}

/**
 * The registry and everything derived from the metadata once, for a ledger to use.
 * @param {{ existentialDeposit: bigint }} options
 */
export function createRuntime({ existentialDeposit }) {
  const metadataBytes = devMetadata(existentialDeposit)
  const registry = new TypeRegistry()
  const metadata = new Metadata(registry, metadataBytes)
  registry.setMetadata(metadata)
  registry.setChainProperties(registry.createType('ChainProperties', chainProperties))
  const pallets = metadata.asLatest.pallets

  /** @param {string} name */
  function pallet(name) {
    const found = pallets.find((entry) => entry.name.eq(name))
    if (!found) throw new Error(`${name} is not a pallet of the shipped metadata`)
    return found
  }

  const system = pallet('System')
  const versionConstant = system.constants.find((constant) => constant.name.eq('Version'))
  if (!versionConstant) throw new Error('System.Version is not in the shipped metadata')
  const runtimeVersion = registry.createType('RuntimeVersion', versionConstant.value).toJSON()

  const accountEntry = system.storage.unwrap().items.find((item) => item.name.eq('Account'))
  if (!accountEntry) throw new Error('System.Account is not in the shipped metadata')
  const accountInfoType = registry.createLookupType(accountEntry.type.asMap.value)

  /** @param {string} palletName @param {string} item */
  const storagePrefix = (palletName, item) =>
    u8aConcat(xxhashAsU8a(palletName, 128), xxhashAsU8a(item, 128))
  const accountPrefix = storagePrefix('System', 'Account')

  /**
   * An event's bytes: pallet index, variant index, then each field encoded by its own type.
   * @param {string} palletName @param {string} eventName @param {unknown[]} values
   */
  function eventBytes(palletName, eventName, values) {
    const owner = pallet(palletName)
    const variant = registry.lookup
      .getSiType(owner.events.unwrap().type)
      .def.asVariant.variants.find((entry) => entry.name.eq(eventName))
    if (!variant) throw new Error(`${palletName}.${eventName} is not an event of the metadata`)
    return u8aConcat(
      [owner.index.toNumber(), variant.index.toNumber()],
      ...variant.fields.map((field, index) =>
        registry.createType(registry.createLookupType(field.type), values[index]).toU8a(),
      ),
    )
  }

  return {
    registry,
    metadata,
    metadataHex: u8aToHex(metadataBytes),
    runtimeVersion,
    /** System.Events' key: where a block's event records are read. */
    eventsKey: u8aToHex(storagePrefix('System', 'Events')),
    /** @param {Uint8Array} accountId System.Account's key for this account (blake2_128_concat). */
    accountKey: (accountId) =>
      u8aToHex(u8aConcat(accountPrefix, blake2AsU8a(accountId, 128), accountId)),
    /**
     * System.Account's value: the nonce, a provider while the account holds anything, and its
     * free balance.
     * @param {{ nonce: number, free: bigint }} account
     */
    accountInfo: ({ nonce, free }) =>
      registry
        .createType(accountInfoType, {
          nonce,
          consumers: 0,
          providers: free > 0n ? 1 : 0,
          sufficients: 0,
          data: { free, reserved: 0, frozen: 0, flags: '0x80000000000000000000000000000000' },
        })
        .toU8a(),
    /**
     * One event record, applied by the extrinsic at `extrinsicIndex`, with no topics.
     * @param {number} extrinsicIndex @param {string} palletName @param {string} eventName @param {unknown[]} values
     */
    eventRecord: (extrinsicIndex, palletName, eventName, values) =>
      u8aConcat(
        [0],
        bnToU8a(extrinsicIndex, { bitLength: 32, isLe: true }),
        eventBytes(palletName, eventName, values),
        [0],
      ),
    /** @param {Uint8Array[]} records System.Events' value: the records as a Vec. */
    eventRecords: (records) => u8aConcat(compactToU8a(records.length), ...records),
    /**
     * TransactionPaymentApi_query_info's answer: RuntimeDispatchInfo with a Weight V2.
     * @param {{ refTime: bigint, proofSize: bigint }} weight @param {bigint} partialFee
     */
    dispatchInfoBytes: (weight, partialFee) =>
      u8aConcat(
        compactToU8a(weight.refTime),
        compactToU8a(weight.proofSize),
        [0],
        u128(partialFee),
      ),
  }
}
