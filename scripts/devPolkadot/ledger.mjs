// The Polkadot stand-in's chain: accounts (nonce, free balance), blocks (one per accepted
// extrinsic or funding, finalized at once, each with a snapshot of the state it ends in) and the
// transfer history. A submitted extrinsic is decoded against the runtime's metadata and checked
// as the runtime's transaction validation checks it (signed, signer, era, signature over the
// rebuilt signing payload, nonce, fee) before anything is applied; a Balances transfer then
// dispatches as pallet_balances does, a failed dispatch keeping the fee and nonce as a node does.
import { u8aConcat, u8aToHex } from '@polkadot/util'
import { blake2AsHex, blake2AsU8a, decodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { invalidTransaction, RpcError } from './errors.mjs'

/** The fixed genesis state root: the genesis hash follows from it, the same on every start. */
const genesisStateRoot = blake2AsHex('airlock dev polkadot genesis')
const emptyRoot = blake2AsHex(new Uint8Array())

/** A transfer's weight, near what Polkadot's benchmarks give transfer_keep_alive. */
const transferWeight = { refTime: 200_000_000n, proofSize: 3_593n }

const transferCalls = new Set(['transferKeepAlive', 'transferAllowDeath', 'transferAll'])

/**
 * @typedef {{ nonce: number, free: bigint }} Account
 * @typedef {{ hash: string, number: number, header: Record<string, unknown>, extrinsics: string[], accounts: Map<string, Account>, events: Uint8Array, timestamp: number }} Block
 * @typedef {{ from: string, to: string, amount: bigint, fee: bigint, blockNumber: number, timestamp: number, extrinsicIndex: string, hash: string, success: boolean }} Transfer
 */

/**
 * @param {{ runtime: ReturnType<typeof import('./runtime.mjs').createRuntime>, existentialDeposit: bigint, baseFee: bigint, byteFee: bigint, now?: () => number }} options
 */
export function createLedger({ runtime, existentialDeposit, baseFee, byteFee, now = Date.now }) {
  const { registry } = runtime
  const transactionVersion = Number(runtime.runtimeVersion.transactionVersion)
  const specVersion = Number(runtime.runtimeVersion.specVersion)
  /** @type {Map<string, Account>} account id (hex) → account */
  const accounts = new Map()
  /** @type {Block[]} */
  const blocks = []
  /** @type {Transfer[]} */
  const transfers = []
  /** @type {((block: Block) => void)[]} */
  const blockListeners = []

  /**
   * @param {string[]} extrinsics @param {Uint8Array[]} events
   * @returns {Block}
   */
  function seal(extrinsics, events) {
    const parent = blocks.at(-1)
    const number = parent ? parent.number + 1 : 0
    const snapshot = new Map([...accounts].map(([id, account]) => [id, { ...account }]))
    const header = {
      parentHash: parent ? parent.hash : u8aToHex(new Uint8Array(32)),
      number,
      stateRoot: parent
        ? blake2AsHex(
            JSON.stringify([...snapshot].map(([id, a]) => [id, a.nonce, a.free.toString()])),
          )
        : genesisStateRoot,
      extrinsicsRoot: extrinsics.length
        ? blake2AsHex(u8aConcat(...extrinsics.map((hex) => blake2AsU8a(hex))))
        : emptyRoot,
      digest: { logs: [] },
    }
    const hash = registry.createType('Header', header).hash.toHex()
    /** @type {Block} */
    const block = {
      hash,
      number,
      header: { ...header, number: `0x${number.toString(16)}` },
      extrinsics,
      accounts: snapshot,
      events: runtime.eventRecords(events),
      timestamp: Math.floor(now() / 1000),
    }
    blocks.push(block)
    for (const listener of blockListeners) listener(block)
    return block
  }
  const genesis = seal([], [])

  /**
   * An address's account id (hex); a clear error when it is not an SS58 address or account id.
   * @param {unknown} address
   */
  function accountIdOf(address) {
    try {
      if (typeof address !== 'string') throw new Error()
      return u8aToHex(decodeAddress(address))
    } catch {
      throw new Error(`${String(address)} is not a Polkadot address`)
    }
  }

  /** @param {string} id */
  const accountOf = (id) => accounts.get(id) ?? { nonce: 0, free: 0n }

  /** @param {number} length @param {bigint} tip */
  const feeFor = (length, tip) => baseFee + byteFee * BigInt(length) + tip

  /** @param {string} hex */
  function decode(hex) {
    if (!/^0x([0-9a-fA-F]{2})+$/.test(hex))
      throw new RpcError(1001, 'Extrinsic has invalid format: not hex-encoded bytes')
    try {
      const extrinsic = registry.createType('Extrinsic', hex)
      if (extrinsic.toHex() !== hex.toLowerCase()) throw new Error('trailing or missing bytes')
      return extrinsic
    } catch (error) {
      throw new RpcError(
        1001,
        `Extrinsic has invalid format: ${error instanceof Error ? error.message : error}`,
      )
    }
  }

  /**
   * The hash of the block a mortal era was signed against, as CheckMortality finds it for the
   * block being built; undefined when the chain has no such block.
   * @param {import('@polkadot/types').GenericExtrinsic} extrinsic
   */
  function eraBlockHash(extrinsic) {
    if (extrinsic.era.isImmortalEra) return genesis.hash
    const building = (blocks.at(-1)?.number ?? 0) + 1
    const era = extrinsic.era.asMortalEra
    if (Number(era.death(building)) <= building) return undefined
    return blocks[Number(era.birth(building))]?.hash
  }

  /**
   * Checks a signed extrinsic as the pool would; the signer's account id and the fee it pays.
   * @param {import('@polkadot/types').GenericExtrinsic} extrinsic
   */
  function validate(extrinsic) {
    if (!extrinsic.isSigned)
      throw new RpcError(
        1011,
        'Unknown Transaction Validity',
        'Could not find an unsigned validator for the unsigned transaction',
      )
    const signer = /** @type {any} */ (extrinsic.signer)
    if (signer.type !== 'Id') throw invalidTransaction('Invalid signing address')
    const signerId = signer.value.toU8a()
    const blockHash = eraBlockHash(extrinsic)
    if (blockHash === undefined) throw invalidTransaction('Transaction has an ancient birth block')
    const payload = registry.createType(
      'ExtrinsicPayload',
      {
        method: extrinsic.method.toHex(),
        era: extrinsic.era.toHex(),
        nonce: extrinsic.nonce.toNumber(),
        tip: extrinsic.tip.toBigInt(),
        mode: extrinsic.mode.toNumber(),
        specVersion,
        transactionVersion,
        genesisHash: genesis.hash,
        blockHash,
      },
      { version: extrinsic.type },
    )
    const signed = payload.toU8a({ method: true })
    const message = signed.length > 256 ? blake2AsU8a(signed) : signed
    const multiSignature = /** @type {any} */ (extrinsic.inner.signature).multiSignature.toU8a()
    if (!signatureVerify(message, multiSignature, signerId).isValid)
      throw invalidTransaction('Transaction has a bad signature')
    const id = u8aToHex(signerId)
    const account = accountOf(id)
    const nonce = extrinsic.nonce.toNumber()
    if (nonce < account.nonce) throw invalidTransaction('Transaction is outdated')
    if (nonce > account.nonce) throw invalidTransaction('Transaction will be valid in the future')
    const { section, method } = extrinsic.method
    if (section !== 'balances' || !transferCalls.has(method))
      throw invalidTransaction('Transaction call is not expected')
    const fee = feeFor(extrinsic.encodedLength, extrinsic.tip.toBigInt())
    // Fees are withdrawn keeping the account alive, as ChargeTransactionPayment does.
    if (account.free < fee + existentialDeposit)
      throw invalidTransaction('Inability to pay some fees (e.g. account balance too low)')
    return { id, fee }
  }

  /**
   * pallet_balances' transfer of what is left after the fee; the dispatch error's name
   * (TokenError) when it fails, changing nothing.
   * @param {import('@polkadot/types').GenericExtrinsic} extrinsic @param {Account} sender
   * @returns {{ to: string, amount: bigint, error?: string }}
   */
  function dispatch(extrinsic, sender) {
    const args = /** @type {any[]} */ (extrinsic.method.args)
    const dest = args[0]
    if (dest.type !== 'Id') return { to: dest.toHex(), amount: 0n, error: 'CannotLookup' }
    const to = dest.value.toHex()
    const { method } = extrinsic.method
    const keepAlive = method === 'transferKeepAlive' || (method === 'transferAll' && args[1].isTrue)
    const amount =
      method === 'transferAll'
        ? keepAlive
          ? sender.free - existentialDeposit
          : sender.free
        : args[1].toBigInt()
    const left = sender.free - amount
    if (amount > sender.free) return { to, amount, error: 'FundsUnavailable' }
    if (keepAlive && left < existentialDeposit) return { to, amount, error: 'NotExpendable' }
    if (accountOf(to).free + amount < existentialDeposit)
      return { to, amount, error: 'BelowMinimum' }
    // Below the existential deposit the sender's account is reaped: the dust is lost.
    sender.free = left < existentialDeposit ? 0n : left
    accounts.set(to, { ...accountOf(to), free: accountOf(to).free + amount })
    return { to, amount }
  }

  return {
    genesisHash: genesis.hash,
    runtime,
    /**
     * Calls `listener` with each new block; the function that stops it.
     * @param {(block: Block) => void} listener
     */
    onBlock(listener) {
      blockListeners.push(listener)
      return () => {
        const at = blockListeners.indexOf(listener)
        if (at >= 0) blockListeners.splice(at, 1)
      }
    },
    accountIdOf,
    best: () => /** @type {Block} */ (blocks.at(-1)),
    /** @param {number} number */
    blockAt: (number) => blocks[number],
    /** @param {string} hash */
    blockByHash: (hash) => blocks.find((block) => block.hash === hash),
    /** @param {string} id account id hex @param {Block} [block] */
    account: (id, block = /** @type {Block} */ (blocks.at(-1))) =>
      block.accounts.get(id) ?? { nonce: 0, free: 0n },
    /** @param {number} length @param {bigint} [tip] */
    feeFor: (length, tip = 0n) => feeFor(length, tip),
    transferWeight,
    /** @param {string} hex */
    decode,
    /**
     * Validates and applies a signed extrinsic in a new block; its hash and the block.
     * @param {string} hex
     */
    submit(hex) {
      const extrinsic = decode(hex)
      const { id, fee } = validate(extrinsic)
      const sender = { ...accountOf(id) }
      sender.nonce += 1
      sender.free -= fee
      accounts.set(id, sender)
      const { to, amount, error } = dispatch(extrinsic, sender)
      const dispatchInfo = { weight: transferWeight, class: 'Normal', paysFee: 'Yes' }
      const events = [
        runtime.eventRecord(0, 'Balances', 'Withdraw', [id, fee]),
        ...(error ? [] : [runtime.eventRecord(0, 'Balances', 'Transfer', [id, to, amount])]),
        runtime.eventRecord(0, 'TransactionPayment', 'TransactionFeePaid', [
          id,
          fee,
          extrinsic.tip.toBigInt(),
        ]),
        error
          ? runtime.eventRecord(0, 'System', 'ExtrinsicFailed', [{ Token: error }, dispatchInfo])
          : runtime.eventRecord(0, 'System', 'ExtrinsicSuccess', [dispatchInfo]),
      ]
      const block = seal([hex], events)
      const hash = extrinsic.hash.toHex()
      transfers.push({
        from: id,
        to,
        amount,
        fee,
        blockNumber: block.number,
        timestamp: block.timestamp,
        extrinsicIndex: `${block.number}-0`,
        hash,
        success: !error,
      })
      return { hash, block }
    },
    /**
     * Adds `plancks` to an account's free balance, in a new block; the block.
     * @param {string} address SS58 (any prefix) or a 32-byte hex account id
     * @param {bigint} plancks
     */
    fund(address, plancks) {
      const id = accountIdOf(address)
      if (plancks <= 0n) throw new Error('The amount must be a positive number of plancks')
      const account = accountOf(id)
      if (account.free + plancks < existentialDeposit)
        throw new Error(`The account would hold less than the existential deposit`)
      accounts.set(id, { ...account, free: account.free + plancks })
      return seal([], [])
    },
    /** @param {string} id account id hex: its transfers, newest first. */
    transfersOf: (id) =>
      transfers.filter((transfer) => transfer.from === id || transfer.to === id).reverse(),
  }
}
