// Whether an input's scriptSig and witness really unlock the output it spends, as bitcoind's script
// interpreter decides for the standard single-key types: P2WPKH (BIP-143 sighash, ECDSA, low-S,
// the key's hash), P2TR key path (BIP-341 sighash, BIP-340 Schnorr against the output key), P2PKH
// (legacy sighash) and P2SH-P2WPKH. Anything else is refused as non-standard, never waved through.
// Refusals carry bitcoind's reject reasons, consensus failures as mandatory-script-verify-flag-failed
// and policy ones (low-S, NULLFAIL, compressed keys) as non-mandatory-script-verify-flag.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { OutScript } from '@scure/btc-signer'
import { equalBytes, hash160 } from '@scure/btc-signer/utils.js'
import { LedgerRefusal } from './errors.mjs'

// noble's curves as @scure/btc-signer uses them (its own pinned copy, found from where it is
// installed), so no second noble version is declared for the checks alone.
const fromSigner = createRequire(createRequire(import.meta.url).resolve('@scure/btc-signer'))
const { secp256k1, schnorr } = await import(
  pathToFileURL(fromSigner.resolve('@noble/curves/secp256k1.js')).href
)

/** @typedef {{ script: Uint8Array, amount: bigint }} Prevout */
/** @typedef {import('@scure/btc-signer').Transaction} Transaction */

const ecdsaHashTypes = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
const schnorrHashTypes = new Set([0x00, ...ecdsaHashTypes])

/** @param {string} why */
const consensus = (why) => new LedgerRefusal(-26, `mandatory-script-verify-flag-failed (${why})`)
/** @param {string} why */
const policy = (why) => new LedgerRefusal(-26, `non-mandatory-script-verify-flag (${why})`)
const nonStandardInputs = () => new LedgerRefusal(-26, 'bad-txns-nonstandard-inputs')

/**
 * The data a push-only script pushes, or `undefined` if it has any other opcode.
 * @param {Uint8Array} script
 */
export function scriptPushes(script) {
  /** @type {Uint8Array[]} */
  const pushed = []
  let at = 0
  while (at < script.length) {
    const op = /** @type {number} */ (script[at])
    at += 1
    let size = op
    if (op === 76 || op === 77 || op === 78) {
      const width = op === 76 ? 1 : op === 77 ? 2 : 4
      if (at + width > script.length) return undefined
      size = Buffer.from(script).readUIntLE(at, width)
      at += width
    } else if (op === 79 || (op >= 81 && op <= 96)) {
      pushed.push(Uint8Array.of(op === 79 ? 0x81 : op - 80))
      continue
    } else if (op > 78) return undefined
    if (at + size > script.length) return undefined
    pushed.push(script.slice(at, at + size))
    at += size
  }
  return pushed
}

/**
 * Checks an ECDSA signature (DER plus a sighash byte) by `pubkey` over the digest `sighashOf` makes
 * for its sighash type, in the order bitcoind's CHECKSIG checks: encoding, key, then the signature.
 * @param {Uint8Array} signature
 * @param {Uint8Array} pubkey
 * @param {(hashType: number) => Uint8Array} sighashOf
 * @param {{ compressedOnly: boolean }} options
 */
function checkEcdsa(signature, pubkey, sighashOf, { compressedOnly }) {
  if (signature.length === 0)
    throw consensus(
      'Script evaluated without error but finished with a false/empty top stack element',
    )
  const hashType = /** @type {number} */ (signature.at(-1))
  const der = signature.subarray(0, -1)
  let parsed
  try {
    parsed = secp256k1.Signature.fromBytes(der, 'der')
  } catch {
    throw consensus('Non-canonical DER signature')
  }
  if (parsed.hasHighS()) throw policy('Non-canonical signature: S value is unnecessarily high')
  if (!ecdsaHashTypes.has(hashType)) throw policy('Signature hash type missing or not understood')
  const keyShape =
    (pubkey.length === 33 && (pubkey[0] === 2 || pubkey[0] === 3)) ||
    (pubkey.length === 65 && pubkey[0] === 4)
  if (!keyShape) throw policy('Public key is neither compressed or uncompressed')
  if (compressedOnly && pubkey.length !== 33) throw policy('Using non-compressed keys in segwit')
  let valid = false
  try {
    valid = secp256k1.verify(der, sighashOf(hashType), pubkey, {
      prehash: false,
      lowS: true,
      format: 'der',
    })
  } catch {
    valid = false
  }
  if (!valid) throw policy('Signature must be zero for failed CHECK(MULTI)SIG operation')
}

/**
 * P2WPKH's witness [signature, pubkey] for the key hashed to `program`.
 * @param {Transaction} tx @param {number} index @param {Uint8Array} program @param {bigint} amount
 */
function checkP2wpkh(tx, index, program, amount) {
  const witness = tx.inputs[index]?.finalScriptWitness ?? []
  if (witness.length === 0) throw consensus('Witness program was passed an empty witness')
  if (witness.length !== 2) throw consensus('Witness program hash mismatch')
  const [signature, pubkey] = /** @type {[Uint8Array, Uint8Array]} */ (witness)
  if (!equalBytes(hash160(pubkey), program))
    throw consensus('Script failed an OP_EQUALVERIFY operation')
  // BIP-143's scriptCode of a P2WPKH spend is the P2PKH script of the same key hash.
  const scriptCode = OutScript.encode({ type: 'pkh', hash: program })
  checkEcdsa(
    signature,
    pubkey,
    (hashType) => tx.preimageWitnessV0(index, scriptCode, hashType, amount),
    { compressedOnly: true },
  )
}

/**
 * P2TR's key path: one BIP-340 signature by the output key `outputKey`. A script-path spend or an
 * annex is refused as non-standard: this ledger checks only the key path.
 * @param {Transaction} tx @param {number} index @param {Uint8Array} outputKey
 * @param {Prevout[]} prevouts
 */
function checkP2trKeyPath(tx, index, outputKey, prevouts) {
  const witness = tx.inputs[index]?.finalScriptWitness ?? []
  if (witness.length === 0) throw consensus('Witness program was passed an empty witness')
  if (witness.length !== 1) throw new LedgerRefusal(-26, 'bad-witness-nonstandard')
  const signature = /** @type {Uint8Array} */ (witness[0])
  if (signature.length !== 64 && signature.length !== 65)
    throw consensus('Invalid Schnorr signature size')
  const hashType = signature.length === 65 ? /** @type {number} */ (signature[64]) : 0
  if ((signature.length === 65 && hashType === 0) || !schnorrHashTypes.has(hashType))
    throw consensus('Invalid Schnorr signature hash type')
  let message
  try {
    message = tx.preimageWitnessV1(
      index,
      prevouts.map((prevout) => prevout.script),
      hashType,
      prevouts.map((prevout) => prevout.amount),
    )
  } catch {
    // SIGHASH_SINGLE without an output at the input's index has no BIP-341 digest.
    throw consensus('Invalid Schnorr signature hash type')
  }
  let valid = false
  try {
    valid = schnorr.verify(signature.subarray(0, 64), message, outputKey)
  } catch {
    valid = false
  }
  if (!valid) throw consensus('Invalid Schnorr signature')
}

/**
 * P2PKH's scriptSig <signature> <pubkey> for the key hashed to `hash`.
 * @param {Transaction} tx @param {number} index @param {Uint8Array} hash @param {Uint8Array} script
 */
function checkP2pkh(tx, index, hash, script) {
  const input = tx.inputs[index]
  if ((input?.finalScriptWitness ?? []).length > 0)
    throw consensus('Witness provided for non-witness script')
  const pushed = scriptPushes(input?.finalScriptSig ?? new Uint8Array())
  if (!pushed) throw new LedgerRefusal(-26, 'scriptsig-not-pushonly')
  if (pushed.length < 2) throw consensus('Operation not valid with the current stack size')
  if (pushed.length > 2) throw policy('Stack size must be exactly one after execution')
  const [signature, pubkey] = /** @type {[Uint8Array, Uint8Array]} */ (pushed)
  if (!equalBytes(hash160(pubkey), hash))
    throw consensus('Script failed an OP_EQUALVERIFY operation')
  checkEcdsa(
    signature,
    pubkey,
    // preimageLegacy is private in scure's types but is the legacy sighash it signs with.
    (hashType) => /** @type {any} */ (tx).preimageLegacy(index, script, hashType),
    { compressedOnly: false },
  )
}

/**
 * P2SH wrapping P2WPKH: the scriptSig pushes only the redeem script, whose hash the output names,
 * and the witness spends that P2WPKH program. Other redeem scripts are refused as non-standard.
 * @param {Transaction} tx @param {number} index @param {Uint8Array} hash @param {bigint} amount
 */
function checkP2shP2wpkh(tx, index, hash, amount) {
  const pushed = scriptPushes(tx.inputs[index]?.finalScriptSig ?? new Uint8Array())
  if (!pushed) throw new LedgerRefusal(-26, 'scriptsig-not-pushonly')
  const redeemScript = pushed.at(-1)
  if (!redeemScript)
    throw consensus(
      'Script evaluated without error but finished with a false/empty top stack element',
    )
  if (!equalBytes(hash160(redeemScript), hash))
    throw consensus(
      'Script evaluated without error but finished with a false/empty top stack element',
    )
  let redeem
  try {
    redeem = OutScript.decode(redeemScript)
  } catch {
    throw nonStandardInputs()
  }
  if (redeem.type !== 'wpkh') throw nonStandardInputs()
  if (pushed.length !== 1) throw consensus('Witness requires only-redeemscript scriptSig')
  checkP2wpkh(tx, index, redeem.hash, amount)
}

/**
 * Throws a LedgerRefusal unless input `index` of `tx` unlocks `prevouts[index]`; `prevouts` are the
 * outputs every input spends, in order (BIP-341 signs them all).
 * @param {Transaction} tx
 * @param {number} index
 * @param {Prevout[]} prevouts
 */
export function verifyInput(tx, index, prevouts) {
  const prevout = /** @type {Prevout} */ (prevouts[index])
  let spent
  try {
    spent = OutScript.decode(prevout.script)
  } catch {
    throw nonStandardInputs()
  }
  const scriptSig = tx.inputs[index]?.finalScriptSig ?? new Uint8Array()
  if ((spent.type === 'wpkh' || spent.type === 'tr') && scriptSig.length > 0)
    throw consensus('Witness requires empty scriptSig')
  if (spent.type === 'wpkh') return checkP2wpkh(tx, index, spent.hash, prevout.amount)
  if (spent.type === 'tr') return checkP2trKeyPath(tx, index, spent.pubkey, prevouts)
  if (spent.type === 'pkh') return checkP2pkh(tx, index, spent.hash, prevout.script)
  if (spent.type === 'sh') return checkP2shP2wpkh(tx, index, spent.hash, prevout.amount)
  throw nonStandardInputs()
}
