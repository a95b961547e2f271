/**
 * BIP-322 message signatures, the "simple" form: a witness stack that spends a virtual output
 * paying to the address, in a virtual transaction (`to_sign`) that commits to the message. A
 * wallet signs `to_sign` as it would any transaction (here: scure's `signIdx` and
 * `finalizeIdx`), and the signature is the base64 of its witness. This module builds `to_sign`
 * for a signer and checks a witness for a verifier: P2WPKH (ECDSA over the BIP-143 sighash) and
 * P2TR key path (Schnorr over the BIP-341 sighash). https://github.com/bitcoin/bips/blob/master/bip-0322.mediawiki
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { OutScript, RawTx, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'
import { equalBytes, hash160, sha256x2, tagSchnorr } from '@scure/btc-signer/utils.js'
import { encodeBase64 } from './base64'
import { type BitcoinAddressOutput, decodeBitcoinAddress } from './bitcoinAddresses'
import { BitcoinSignatureError } from './bitcoinErrors'
import type { BitcoinNetworkParams } from './bitcoinNetworks'

const invalidSignature = (details: string): never => {
  throw new BitcoinSignatureError(`Invalid signature: ${details}`)
}

const messageBytes = (message: string | Uint8Array) =>
  typeof message === 'string' ? new TextEncoder().encode(message) : message

/**
 * The BIP-340 tagged hash of a message, tag "BIP0322-signed-message": the message as is, with no
 * length prefix (UTF-8 for a string).
 * @example bip322MessageHash('') // c90c269c…19f1
 */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  return tagSchnorr('BIP0322-signed-message', messageBytes(message))
}

/**
 * The id of `to_spend`, in the order transaction ids are written (scure's `txid` form): version
 * 0, one input from nowhere (`000…000:ffffffff`) whose script is OP_0 and the message hash, one
 * output of 0 paying to `script`.
 */
function toSpendId(message: string | Uint8Array, script: Uint8Array): Uint8Array {
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode([0, bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return sha256x2(toSpend).reverse()
}

/** `to_sign` for an address's script, unsigned. */
function toSign(
  message: string | Uint8Array,
  output: BitcoinAddressOutput,
  tapInternalKey?: Uint8Array,
): Transaction {
  // Version 0, and an output of nothing but OP_RETURN, which scure only writes when told to.
  const transaction = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  transaction.addInput({
    txid: toSpendId(message, output.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: output.script, amount: 0n },
    ...(tapInternalKey ? { tapInternalKey } : {}),
  })
  transaction.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return transaction
}

/**
 * The BIP-322 `to_sign` transaction for `message` from `address`, for a wallet to sign input 0
 * of with its key (`signIdx(privateKey, 0)`, then `finalizeIdx(0)`); {@link bip322Signature}
 * makes the simple signature of it. A P2TR wallet gives its internal key (`tapInternalKey`, the
 * key before the BIP-341 tweak) so scure can sign for the address's output key; a P2WPKH
 * wallet's is left out.
 * @throws BitcoinAddressError when `address` is not one of `network`'s.
 * @throws BitcoinSignatureError when the address is neither P2WPKH nor P2TR.
 * @example
 * const toSign = bip322ToSign('Hello World', address, NETWORK)
 * toSign.signIdx(privateKey, 0)
 * toSign.finalizeIdx(0)
 * bip322Signature(toSign) // 'AkcwRAIg…'
 */
export function bip322ToSign(
  message: string | Uint8Array,
  address: string,
  network: BitcoinNetworkParams,
  { tapInternalKey }: { tapInternalKey?: Uint8Array | undefined } = {},
): Transaction {
  const output = decodeBitcoinAddress(address, network)
  if (output.decoded.type !== 'wpkh' && output.decoded.type !== 'tr')
    invalidSignature(
      `BIP-322 simple signatures are made here for P2WPKH and P2TR addresses; ${address} is neither.`,
    )
  // A P2WPKH input takes no Taproot key: scure refuses one.
  return toSign(message, output, output.decoded.type === 'tr' ? tapInternalKey : undefined)
}

/**
 * The simple signature of a signed and finalized `to_sign`: the base64 of its input's witness.
 * @throws BitcoinSignatureError when the input has no witness (not signed, or not finalized).
 */
export function bip322Signature(signed: Transaction): string {
  const witness = signed.getInput(0).finalScriptWitness
  if (!witness?.length)
    return invalidSignature('to_sign has no witness: sign and finalize it first.')
  return encodeBase64(RawWitness.encode(witness))
}

/**
 * Whether a simple signature's witness (decoded) spends the address's output for `message`.
 * @returns false when it is of the right form but not the address's key's signature of this
 *   message, or not with SIGHASH_ALL (which BIP-322 requires).
 * @throws BitcoinSignatureError when the witness is not of the form the address's type takes,
 *   or the address's type is not one checked here.
 */
export function verifyBip322Witness(
  witness: Uint8Array,
  output: BitcoinAddressOutput,
  message: string | Uint8Array,
): boolean {
  let stack: Uint8Array[]
  try {
    stack = RawWitness.decode(witness)
  } catch {
    return invalidSignature('a BIP-322 signature is base64 of a witness stack.')
  }
  const { decoded } = output
  if (decoded.type === 'wpkh') return verifyP2wpkh(stack, decoded.hash, toSign(message, output))
  if (decoded.type === 'tr')
    return verifyP2tr(stack, decoded.pubkey, output.script, toSign(message, output))
  return invalidSignature(
    `BIP-322 signatures are checked for P2WPKH and P2TR addresses, not for this one (${decoded.type}).`,
  )
}

/** A signature and a compressed public key whose HASH160 is the address's. */
function verifyP2wpkh(stack: Uint8Array[], hash: Uint8Array, unsigned: Transaction): boolean {
  const [signature, publicKey] = stack
  if (stack.length !== 2 || !signature || !publicKey)
    return invalidSignature(
      'a P2WPKH signature is a witness of two items, a signature and a public key.',
    )
  if (publicKey.length !== 33)
    return invalidSignature('the public key of a P2WPKH signature is 33 bytes (compressed).')
  if (!equalBytes(hash160(publicKey), hash)) return false
  if (signature.at(-1) !== SigHash.ALL) return false
  let parsed: ReturnType<typeof secp256k1.Signature.fromDER>
  try {
    parsed = secp256k1.Signature.fromDER(signature.subarray(0, -1))
  } catch {
    return invalidSignature('the signature of a P2WPKH witness is a DER-encoded ECDSA signature.')
  }
  // BIP-143: the P2WPKH script code is the P2PKH script of the same hash.
  const sighash = unsigned.preimageWitnessV0(
    0,
    OutScript.encode({ type: 'pkh', hash }),
    SigHash.ALL,
    0n,
  )
  try {
    // Low S only (BIP-146), as BIP-322's required rules say.
    return secp256k1.verify(parsed, sighash, publicKey, { lowS: true })
  } catch {
    return false
  }
}

/** One Schnorr signature by the output key: 64 bytes, or 65 ending in SIGHASH_ALL. */
function verifyP2tr(
  stack: Uint8Array[],
  outputKey: Uint8Array,
  script: Uint8Array,
  unsigned: Transaction,
): boolean {
  const [signature] = stack
  if (stack.length !== 1 || !signature)
    return invalidSignature(
      'a P2TR signature is checked here on the key path: a witness of one Schnorr signature.',
    )
  if (signature.length !== 64 && signature.length !== 65)
    return invalidSignature('a P2TR signature is 64 bytes, or 65 with its sighash type.')
  if (signature.length === 65 && signature[64] !== SigHash.ALL) return false
  const sighashType = signature.length === 64 ? SigHash.DEFAULT : SigHash.ALL
  const sighash = unsigned.preimageWitnessV1(0, [script], sighashType, [0n])
  try {
    return schnorr.verify(signature.subarray(0, 64), sighash, outputKey)
  } catch {
    return false
  }
}
