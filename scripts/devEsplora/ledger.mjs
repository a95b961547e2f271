// The dev Esplora's regtest ledger, in memory and without HTTP: blocks from regtest's genesis, the
// transactions of the chain and of the mempool, and which outputs are spent. A transaction is
// applied only once it passes the checks bitcoind makes before relaying it (structure, standard
// outputs above dust, inputs that exist and are unspent, no double spend, inputs worth the outputs,
// a fee of at least the minimum relay rate, and every input's signature really verified); a refusal
// is a LedgerRefusal with bitcoind's code and reason, and changes nothing.
import { RawTx, Transaction } from '@scure/btc-signer'
import { sha256x2 } from '@scure/btc-signer/utils.js'
import { EsploraError, LedgerRefusal } from './errors.mjs'
import { addressStats, statusJson, txJson } from './esploraJson.mjs'
import { addressScript, describeScript, toHex } from './outputScripts.mjs'
import { scriptPushes, verifyInput } from './verifyInput.mjs'

/** @typedef {import('./esploraJson.mjs').LedgerTx} LedgerTx */
/** @typedef {import('./esploraJson.mjs').BlockRef} BlockRef */

/** Regtest's genesis block (the `bip122:0f9188f1…` chain). */
export const regtestGenesis = {
  height: 0,
  hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  time: 1296688602,
}

const maxMoney = 21_000_000n * 100_000_000n
/** bitcoind's standard limits: weight, the smallest non-witness size, a scriptSig's size. */
const maxStandardWeight = 400_000
const minStandardSize = 65
const maxScriptSigSize = 1650
/** sendrawtransaction's default maxfeerate: 0.10 BTC/kvB. */
const maxFeeRate = 10_000
const lockTimeThreshold = 500_000_000
const finalSequence = 0xffffffff

/** The hex id of a transaction or block hash: double SHA-256, shown byte-reversed. */
const hashId = (/** @type {Uint8Array} */ bytes) => toHex(sha256x2(bytes).reverse())

/** `txid:vout` of the output an input spends. @param {{ txid: Uint8Array, index: number }} input */
const outpointOf = (input) => `${toHex(input.txid)}:${input.index}`

/**
 * Sats as bitcoind's FormatMoney writes BTC: eight decimals, trailing zeros dropped down to two.
 * @param {bigint} sats
 */
export function formatMoney(sats) {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n)
    .toString()
    .padStart(8, '0')
    .replace(/0{1,6}$/, '')
  return `${whole}.${fraction}`
}

/**
 * The parts of a transaction's raw bytes: its decoding, txid, size and weight. A -22 refusal,
 * as bitcoind's, for anything that is not one whole transaction.
 * @param {string} hex
 */
function decodeTransaction(hex) {
  const refusal = () =>
    new LedgerRefusal(-22, 'TX decode failed. Make sure the tx has at least one input.')
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw refusal()
  const raw = Uint8Array.from(Buffer.from(hex, 'hex'))
  let decoded
  try {
    decoded = RawTx.decode(raw)
  } catch {
    throw refusal()
  }
  const stripped = RawTx.encode({ ...decoded, segwitFlag: false, witnesses: undefined })
  return {
    raw,
    decoded,
    txid: hashId(stripped),
    size: raw.length,
    weight: stripped.length * 3 + raw.length,
  }
}

/**
 * A new regtest ledger: only regtest's genesis block, nothing to spend. `minFeeRate` is the
 * minimum relay fee rate in sat/vB (bitcoind's default, 1).
 * @param {{ minFeeRate?: number }} [options]
 */
export function createLedger({ minFeeRate = 1 } = {}) {
  /** @type {BlockRef[]} */
  const blocks = [regtestGenesis]
  /** @type {Map<string, LedgerTx>} every transaction, chain and mempool */
  const transactions = new Map()
  /** @type {Set<string>} the mempool's txids, in the order they arrived */
  const mempool = new Set()
  /** @type {Map<string, string>} `txid:vout` → the txid spending it */
  const spentBy = new Map()
  /** @type {Map<string, string[]>} output script hex → txids paying or spending it, oldest first */
  const byScript = new Map()
  let coinbaseCount = 0

  const tip = () => /** @type {BlockRef} */ (blocks.at(-1))

  /** @param {LedgerTx} entry */
  function index(entry) {
    const scripts = new Set([
      ...entry.decoded.outputs.map((output) => toHex(output.script)),
      ...entry.prevouts.map((prevout) => toHex(prevout.script)),
    ])
    for (const script of scripts) {
      const txids = byScript.get(script) ?? []
      txids.push(entry.txid)
      byScript.set(script, txids)
    }
    if (!entry.coinbase)
      for (const input of entry.decoded.inputs) spentBy.set(outpointOf(input), entry.txid)
    transactions.set(entry.txid, entry)
  }

  /** A new block on the tip confirming `txids`; its hash. @param {string[]} txids */
  function addBlock(txids) {
    const previous = tip()
    const time = Math.max(previous.time + 1, Math.floor(Date.now() / 1000))
    const height = previous.height + 1
    const header = Buffer.alloc(40)
    header.writeUInt32LE(height, 0)
    header.writeUInt32LE(time, 4)
    Buffer.from(previous.hash, 'hex').copy(header, 8)
    const hash = hashId(
      Uint8Array.from(Buffer.concat([header, ...txids.map((txid) => Buffer.from(txid, 'hex'))])),
    )
    const block = { height, hash, time }
    blocks.push(block)
    for (const txid of txids) {
      const entry = /** @type {LedgerTx} */ (transactions.get(txid))
      entry.block = block
      mempool.delete(txid)
    }
    return hash
  }

  /** @param {ReturnType<typeof decodeTransaction>} parts */
  function check({ raw, decoded, txid, size, weight }) {
    const reject = (/** @type {string} */ reason) => new LedgerRefusal(-26, reason)
    const { inputs, outputs } = decoded
    // CheckTransaction: the structure.
    if (inputs.length === 0) throw reject('bad-txns-vin-empty')
    if (outputs.length === 0) throw reject('bad-txns-vout-empty')
    let valueOut = 0n
    for (const output of outputs) {
      if (output.amount > maxMoney) throw reject('bad-txns-vout-toolarge')
      valueOut += output.amount
      if (valueOut > maxMoney) throw reject('bad-txns-txouttotal-toolarge')
    }
    const outpoints = inputs.map(outpointOf)
    if (new Set(outpoints).size !== outpoints.length) throw reject('bad-txns-inputs-duplicate')
    const isNull = (/** @type {string} */ outpoint) =>
      outpoint === `${'0'.repeat(64)}:${0xffffffff}`
    if (inputs.length === 1 && isNull(/** @type {string} */ (outpoints[0])))
      throw reject('coinbase')
    if (outpoints.some(isNull)) throw reject('bad-txns-prevout-null')
    // IsStandardTx: version, size, scriptSigs, and outputs of a standard type above dust.
    if (decoded.version < 1 || decoded.version > 3) throw reject('version')
    if (weight > maxStandardWeight) throw reject('tx-size')
    if ((weight - size) / 3 < minStandardSize) throw reject('tx-size-small')
    for (const input of inputs) {
      if (input.finalScriptSig.length > maxScriptSigSize) throw reject('scriptsig-size')
      if (!scriptPushes(input.finalScriptSig)) throw reject('scriptsig-not-pushonly')
    }
    let dataOutputs = 0
    for (const output of outputs) {
      const { type, standard, dust } = describeScript(output.script)
      if (!standard) throw reject('scriptpubkey')
      if (type === 'op_return') dataOutputs += 1
      else if (dust !== undefined && output.amount < BigInt(dust)) throw reject('dust')
    }
    if (dataOutputs > 1) throw reject('multi-op-return')
    // Finality: a lock time still ahead of the next block, with a sequence that enforces it.
    const next = { height: tip().height + 1, time: tip().time }
    const lockedUntil = decoded.lockTime < lockTimeThreshold ? next.height : next.time
    const final =
      decoded.lockTime === 0 ||
      decoded.lockTime < lockedUntil ||
      inputs.every((input) => input.sequence === finalSequence)
    if (!final) throw reject('non-final')
    // Known already, then the inputs: not spent in the mempool, existing and unspent on chain.
    const known = transactions.get(txid)
    if (known?.block) throw new LedgerRefusal(-27, 'Transaction already in block chain')
    if (known) throw reject('txn-already-in-mempool')
    const prevouts = outpoints.map((outpoint, at) => {
      const spender = spentBy.get(outpoint)
      if (spender && !transactions.get(spender)?.block) throw reject('txn-mempool-conflict')
      const input = /** @type {(typeof inputs)[number]} */ (inputs[at])
      const funding = transactions.get(/** @type {string} */ (outpoint.split(':')[0]))
      const output = funding?.decoded.outputs[input.index]
      if (spender || !output) throw new LedgerRefusal(-25, 'bad-txns-inputs-missingorspent')
      return output
    })
    // CheckTxInputs: the inputs are worth at least the outputs.
    const valueIn = prevouts.reduce((sum, prevout) => sum + prevout.amount, 0n)
    if (valueIn < valueOut)
      throw reject(
        `bad-txns-in-belowout, value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
      )
    // AreInputsStandard: the single-key types this ledger verifies.
    const spendable = ['p2pkh', 'p2sh', 'v0_p2wpkh', 'v1_p2tr']
    if (prevouts.some((prevout) => !spendable.includes(describeScript(prevout.script).type)))
      throw reject('bad-txns-nonstandard-inputs')
    // The fee: at least the minimum relay rate, at most sendrawtransaction's maxfeerate.
    const fee = valueIn - valueOut
    const vsize = Math.ceil(weight / 4)
    const minFee = BigInt(Math.floor(minFeeRate * vsize))
    if (fee < minFee) throw reject(`min relay fee not met, ${fee} < ${minFee}`)
    if (fee > BigInt(maxFeeRate * vsize))
      throw new LedgerRefusal(
        -25,
        'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
      )
    // The scripts: every input's signature.
    let tx
    try {
      tx = Transaction.fromRaw(raw, {
        allowUnknownInputs: true,
        allowUnknownOutputs: true,
        disableScriptCheck: true,
      })
    } catch {
      throw new LedgerRefusal(-22, 'TX decode failed. Make sure the tx has at least one input.')
    }
    for (let at = 0; at < inputs.length; at++) verifyInput(tx, at, prevouts)
    return { prevouts, fee }
  }

  return {
    /**
     * Validates raw transaction hex and, if it passes, puts it in the mempool; its txid. Throws a
     * LedgerRefusal (bitcoind's code and reason) and changes nothing otherwise.
     * @param {string} hex
     */
    submit(hex) {
      const parts = decodeTransaction(hex)
      const { prevouts, fee } = check(parts)
      index({ ...parts, coinbase: false, prevouts, fee, block: undefined })
      mempool.add(parts.txid)
      return parts.txid
    },

    /**
     * Mines a block whose coinbase-like transaction pays `sats` to the regtest `address`; the
     * coinbase's txid. Its output is spendable at once (a real coinbase matures in 100 blocks).
     * @param {string} address
     * @param {number} sats
     */
    fund(address, sats) {
      const script = addressScript(address)
      if (!Number.isSafeInteger(sats) || sats <= 0 || BigInt(sats) > maxMoney)
        throw new EsploraError(400, 'sats must be a whole number of satoshis above zero')
      coinbaseCount += 1
      const height = Buffer.alloc(4)
      height.writeUInt32LE(tip().height + 1)
      const tag = Buffer.alloc(8)
      tag.writeBigUInt64LE(BigInt(coinbaseCount))
      const decoded = {
        version: 2,
        segwitFlag: false,
        inputs: [
          {
            txid: new Uint8Array(32),
            index: 0xffffffff,
            // BIP-34's height, then a count so that no two coinbases share a txid.
            finalScriptSig: Uint8Array.from([4, ...height, 8, ...tag]),
            sequence: finalSequence,
          },
        ],
        outputs: [{ amount: BigInt(sats), script }],
        witnesses: undefined,
        lockTime: 0,
      }
      const raw = RawTx.encode(decoded)
      const txid = hashId(raw)
      index({
        txid,
        raw,
        decoded,
        coinbase: true,
        prevouts: [],
        size: raw.length,
        weight: raw.length * 4,
        fee: 0n,
        block: undefined,
      })
      addBlock([txid])
      return txid
    },

    /** Mines a block with every transaction of the mempool; its hash. */
    mine() {
      return addBlock([...mempool])
    },

    tip: () => ({ height: tip().height, hash: tip().hash }),

    /** @param {string} txid */
    transaction(txid) {
      if (!/^[0-9a-f]{64}$/i.test(txid)) throw new EsploraError(400, 'Invalid hex string')
      const entry = transactions.get(txid.toLowerCase())
      if (!entry) throw new EsploraError(404, 'Transaction not found')
      return {
        json: () => txJson(entry),
        hex: () => toHex(entry.raw),
        status: () => statusJson(entry.block),
      }
    },

    /** @param {string} address */
    address(address) {
      const script = addressScript(address)
      const scriptHex = toHex(script)
      const entries = (byScript.get(scriptHex) ?? []).map(
        (txid) => /** @type {LedgerTx} */ (transactions.get(txid)),
      )
      const newestFirst = [...entries].reverse()
      // Newest block first; within a block (and in the mempool), the latest arrival first.
      const confirmed = newestFirst
        .filter((entry) => entry.block)
        .sort((a, b) => (b.block?.height ?? 0) - (a.block?.height ?? 0))
      const unconfirmed = newestFirst.filter((entry) => !entry.block)
      return {
        info: () => ({
          address,
          chain_stats: addressStats(script, confirmed),
          mempool_stats: addressStats(script, unconfirmed),
        }),
        /** Outputs paying the address that nothing spends, in the mempool or on chain. */
        utxo: () =>
          entries.flatMap((entry) =>
            entry.decoded.outputs.flatMap((output, vout) =>
              toHex(output.script) === scriptHex && !spentBy.has(`${entry.txid}:${vout}`)
                ? [
                    {
                      txid: entry.txid,
                      vout,
                      status: statusJson(entry.block),
                      value: Number(output.amount),
                    },
                  ]
                : [],
            ),
          ),
        /** Newest first: up to 50 from the mempool, then up to 25 confirmed. */
        txs: () => [...unconfirmed.slice(0, 50), ...confirmed.slice(0, 25)].map(txJson),
        /** Up to 50 from the mempool, newest first. */
        mempoolTxs: () => unconfirmed.slice(0, 50).map(txJson),
        /**
         * 25 confirmed, newest first, after `lastSeen` (the last txid of the previous page).
         * @param {string} [lastSeen]
         */
        chainTxs: (lastSeen) => {
          if (lastSeen !== undefined && !/^[0-9a-f]{64}$/i.test(lastSeen))
            throw new EsploraError(400, 'Invalid hex string')
          const after = lastSeen
            ? confirmed.findIndex((entry) => entry.txid === lastSeen.toLowerCase()) + 1
            : 0
          // An unknown last_seen_txid (or an unconfirmed one) ends the list, as electrs does.
          return after === 0 && lastSeen ? [] : confirmed.slice(after, after + 25).map(txJson)
        },
      }
    },
  }
}
