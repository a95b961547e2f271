// The Substrate node JSON-RPC methods the Polkadot stand-in answers, over its ledger: what
// @polkadot/api calls to connect, read System.Account, sign (nonce, headers, runtime version) and
// submit, plus the subscriptions it opens. Each method takes the params array and a `subscribe`
// helper (WebSocket only) and returns the result or throws an RpcError as a node would.
import { bnToU8a, compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util'
import { RpcError } from './errors.mjs'
import { chainProperties } from './runtime.mjs'

/**
 * @typedef {(send: (result: unknown) => void, eventsRead: (blockHash: string) => Promise<void>) => (() => void) | void} SubscriptionStart
 * @typedef {(event: string, start: SubscriptionStart) => string} Subscribe
 * @typedef {(params: any[], subscribe: Subscribe) => unknown} Method
 */

/** Subscriptions' ends, answered by the connection that holds them. */
export const unsubscribeMethods = Object.freeze([
  'chain_unsubscribeNewHeads',
  'chain_unsubscribeNewHead',
  'chain_unsubscribeAllHeads',
  'chain_unsubscribeFinalizedHeads',
  'state_unsubscribeRuntimeVersion',
  'state_unsubscribeStorage',
  'author_unwatchExtrinsic',
])

/** The methods that open a subscription: answered on WebSocket only. */
export const subscriptionMethods = Object.freeze([
  'author_submitAndWatchExtrinsic',
  'chain_subscribeNewHeads',
  'chain_subscribeNewHead',
  'chain_subscribeAllHeads',
  'chain_subscribeFinalizedHeads',
  'state_subscribeRuntimeVersion',
  'state_subscribeStorage',
])

/** @param {unknown} value */
const isHex = (value) => typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value)

/** @param {ReturnType<typeof import('./ledger.mjs').createLedger>} ledger */
export function createRpcMethods(ledger) {
  const { runtime } = ledger

  /** @param {unknown} at a block hash, or none for the best block */
  function blockAt(at) {
    if (at === undefined || at === null) return ledger.best()
    const block = typeof at === 'string' ? ledger.blockByHash(at) : undefined
    if (!block) throw new RpcError(4003, `Client error: UnknownBlock: Header was not found: ${at}`)
    return block
  }

  /** @param {unknown} key @param {unknown} at */
  function storage(key, at) {
    if (!isHex(key)) throw new RpcError(-32602, 'Invalid params: the key is not hex')
    const block = blockAt(at)
    if (key === runtime.eventsKey) return u8aToHex(block.events)
    const id = `0x${/** @type {string} */ (key).slice(-64)}`
    if (runtime.accountKey(hexToU8a(id)) !== key) return null
    const account = block.accounts.get(id)
    return account ? u8aToHex(runtime.accountInfo(account)) : null
  }

  /** @param {unknown} hex the encoded extrinsic, as state_call passes it with its length */
  function feeInfo(hex) {
    const extrinsic = ledger.decode(/** @type {string} */ (hex))
    return { extrinsic, fee: ledger.feeFor(extrinsic.encodedLength, extrinsic.tip.toBigInt()) }
  }

  /** @type {Record<string, (data: Uint8Array) => Uint8Array>} runtime API calls by name */
  const runtimeCalls = {
    Metadata_metadata_versions: () => u8aConcat(compactToU8a(1), bnToU8a(14, { bitLength: 32 })),
    Metadata_metadata_at_version: (data) => {
      if (data[0] !== 14) return new Uint8Array([0])
      const metadata = hexToU8a(runtime.metadataHex)
      return u8aConcat([1], compactToU8a(metadata.length), metadata)
    },
    Metadata_metadata: () => {
      const metadata = hexToU8a(runtime.metadataHex)
      return u8aConcat(compactToU8a(metadata.length), metadata)
    },
    AccountNonceApi_account_nonce: (data) =>
      bnToU8a(ledger.account(u8aToHex(data.subarray(0, 32))).nonce, { bitLength: 32 }),
    TransactionPaymentApi_query_info: (data) => {
      // The extrinsic as encoded, then its length as a u32.
      const { fee } = feeInfo(u8aToHex(data.subarray(0, data.length - 4)))
      return runtime.dispatchInfoBytes(ledger.transferWeight, fee)
    },
  }

  /** @param {Subscribe} subscribe @param {string} event @param {(block: any) => unknown} pick */
  const onBlocks = (subscribe, event, pick) =>
    subscribe(event, (send) => {
      send(pick(ledger.best()))
      return ledger.onBlock((block) => send(pick(block)))
    })

  /** @type {Record<string, Method>} */
  const methods = {
    rpc_methods: () => ({ methods: [...Object.keys(methods), ...unsubscribeMethods].sort() }),
    system_chain: () => 'Airlock Polkadot Dev',
    system_name: () => 'Airlock dev Polkadot stand-in',
    system_version: () => '1.0.0-airlock-dev',
    system_chainType: () => 'Development',
    system_properties: () => chainProperties,
    system_health: () => ({ peers: 0, isSyncing: false, shouldHavePeers: false }),
    system_accountNextIndex: ([address]) => {
      try {
        return ledger.account(ledger.accountIdOf(address)).nonce
      } catch (error) {
        throw new RpcError(-32602, `Invalid params: ${/** @type {Error} */ (error).message}`)
      }
    },
    chain_getBlockHash: ([number]) => {
      if (number === undefined || number === null) return ledger.best().hash
      const at = typeof number === 'string' ? Number.parseInt(number, 16) : Number(number)
      return ledger.blockAt(at)?.hash ?? null
    },
    chain_getHeader: ([at]) => blockAt(at).header,
    chain_getBlock: ([at]) => {
      const block = blockAt(at)
      return { block: { header: block.header, extrinsics: block.extrinsics }, justifications: null }
    },
    chain_getFinalizedHead: () => ledger.best().hash,
    chain_getRuntimeVersion: () => runtime.runtimeVersion,
    state_getRuntimeVersion: () => runtime.runtimeVersion,
    state_getMetadata: () => runtime.metadataHex,
    state_getStorage: ([key, at]) => storage(key, at),
    state_queryStorageAt: ([keys, at]) => {
      if (!Array.isArray(keys)) throw new RpcError(-32602, 'Invalid params: keys must be a list')
      return [{ block: blockAt(at).hash, changes: keys.map((key) => [key, storage(key, at)]) }]
    },
    state_call: ([name, data, at]) => {
      blockAt(at)
      const call = runtimeCalls[name]
      if (!call || !isHex(data))
        throw new RpcError(
          4003,
          `Client error: Execution failed: Other: Exported method ${name} is not found`,
        )
      return u8aToHex(call(hexToU8a(data)))
    },
    payment_queryInfo: ([hex]) => {
      const { fee } = feeInfo(hex)
      return {
        // @polkadot/api reads this RPC's answer as RuntimeDispatchInfoV1: a weight of one u64.
        weight: Number(ledger.transferWeight.refTime),
        class: 'normal',
        partialFee: fee.toString(),
      }
    },
    author_submitExtrinsic: ([hex]) => ledger.submit(hex).hash,
    author_submitAndWatchExtrinsic: ([hex], subscribe) => {
      const { block } = ledger.submit(hex)
      // Finality follows once the client has read the block's events, as @polkadot/api does on
      // inBlock: a later status would cancel that read, and a node finalizes later anyway.
      return subscribe('author_extrinsicUpdate', (send, eventsRead) => {
        send('ready')
        send({ inBlock: block.hash })
        eventsRead(block.hash).then(() => send({ finalized: block.hash }))
      })
    },
    chain_subscribeNewHeads: (_, subscribe) =>
      onBlocks(subscribe, 'chain_newHead', (block) => block.header),
    // The name @polkadot/api sends for subscribeNewHeads, which a node answers as an alias.
    chain_subscribeNewHead: (_, subscribe) =>
      onBlocks(subscribe, 'chain_newHead', (block) => block.header),
    chain_subscribeAllHeads: (_, subscribe) =>
      onBlocks(subscribe, 'chain_allHead', (block) => block.header),
    chain_subscribeFinalizedHeads: (_, subscribe) =>
      onBlocks(subscribe, 'chain_finalizedHead', (block) => block.header),
    state_subscribeRuntimeVersion: (_, subscribe) =>
      subscribe('state_runtimeVersion', (send) => send(runtime.runtimeVersion)),
    state_subscribeStorage: ([keys], subscribe) => {
      if (!Array.isArray(keys)) throw new RpcError(-32602, 'Invalid params: keys must be a list')
      // As a node: every key's value first, then only the keys a block changed.
      return subscribe('state_storage', (send) => {
        /** @type {Map<unknown, unknown>} */
        const last = new Map()
        /** @param {any} block @param {boolean} all */
        const notify = (block, all) => {
          const changes = keys
            .map((key) => [key, storage(key, block.hash)])
            .filter(([key, value]) => all || last.get(key) !== value)
          for (const [key, value] of changes) last.set(key, value)
          if (changes.length) send({ block: block.hash, changes })
        }
        notify(ledger.best(), true)
        return ledger.onBlock((block) => notify(block, false))
      })
    },
  }
  return methods
}
