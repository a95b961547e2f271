// The JSON Esplora answers for a transaction, an address and a confirmation status, with its field
// names and shapes (Blockstream's esplora API.md; electrs's rest.rs): amounts in sats as numbers,
// scripts in hex with their assembly, optional fields left out rather than null where electrs
// leaves them out.
import { describeScript, scriptAsm, toHex } from './outputScripts.mjs'
import { scriptPushes } from './verifyInput.mjs'

/** @typedef {{ height: number, hash: string, time: number }} BlockRef */
/** @typedef {{ script: Uint8Array, amount: bigint }} Prevout */
/**
 * A transaction the ledger holds: its decoding (RawTx), the outputs its inputs spend (none for a
 * coinbase), its size, weight and fee, and the block that confirmed it, if any.
 * @typedef {{
 *   txid: string,
 *   raw: Uint8Array,
 *   decoded: {
 *     version: number, lockTime: number,
 *     inputs: { txid: Uint8Array, index: number, finalScriptSig: Uint8Array, sequence: number }[],
 *     outputs: { amount: bigint, script: Uint8Array }[],
 *     witnesses?: Uint8Array[][],
 *   },
 *   coinbase: boolean,
 *   prevouts: Prevout[],
 *   size: number,
 *   weight: number,
 *   fee: bigint,
 *   block: BlockRef | undefined,
 * }} LedgerTx
 */

/** @param {BlockRef | undefined} block */
export function statusJson(block) {
  return block
    ? {
        confirmed: true,
        block_height: block.height,
        block_hash: block.hash,
        block_time: block.time,
      }
    : { confirmed: false }
}

/** @param {Prevout} output */
export function outputJson(output) {
  const { type, address } = describeScript(output.script)
  return {
    scriptpubkey: toHex(output.script),
    scriptpubkey_asm: scriptAsm(output.script),
    scriptpubkey_type: type,
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(output.amount),
  }
}

/** @param {LedgerTx} entry */
export function txJson(entry) {
  const { decoded } = entry
  const vin = decoded.inputs.map((input, index) => {
    const witness = decoded.witnesses?.[index] ?? []
    const common = {
      scriptsig: toHex(input.finalScriptSig),
      scriptsig_asm: scriptAsm(input.finalScriptSig),
      ...(witness.length > 0 ? { witness: witness.map(toHex) } : {}),
      is_coinbase: entry.coinbase,
      sequence: input.sequence,
    }
    if (entry.coinbase) return { txid: '0'.repeat(64), vout: 0xffffffff, prevout: null, ...common }
    const prevout = /** @type {Prevout} */ (entry.prevouts[index])
    const redeemScript =
      describeScript(prevout.script).type === 'p2sh'
        ? scriptPushes(input.finalScriptSig)?.at(-1)
        : undefined
    return {
      txid: toHex(input.txid),
      vout: input.index,
      prevout: outputJson(prevout),
      ...common,
      ...(redeemScript ? { inner_redeemscript_asm: scriptAsm(redeemScript) } : {}),
    }
  })
  return {
    txid: entry.txid,
    version: decoded.version,
    locktime: decoded.lockTime,
    vin,
    vout: decoded.outputs.map(outputJson),
    size: entry.size,
    weight: entry.weight,
    fee: Number(entry.fee),
    status: statusJson(entry.block),
  }
}

/**
 * Esplora's `chain_stats` or `mempool_stats` of a script over the transactions given: how many
 * outputs paid it and for how much, how many of those were spent and for how much, and in how many
 * transactions.
 * @param {Uint8Array} script
 * @param {LedgerTx[]} entries
 */
export function addressStats(script, entries) {
  const scriptHex = toHex(script)
  const stats = {
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: entries.length,
  }
  for (const entry of entries) {
    for (const output of entry.decoded.outputs)
      if (toHex(output.script) === scriptHex) {
        stats.funded_txo_count += 1
        stats.funded_txo_sum += Number(output.amount)
      }
    for (const prevout of entry.prevouts)
      if (toHex(prevout.script) === scriptHex) {
        stats.spent_txo_count += 1
        stats.spent_txo_sum += Number(prevout.amount)
      }
  }
  return stats
}
