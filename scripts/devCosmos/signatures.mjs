// A signer's signature checked as the SDK's SigVerificationDecorator checks it: the public key in
// its signer info must be secp256k1 and control the signer's address, and the signature must
// verify (low-S, 64 bytes) over sha256 of the sign bytes of its sign mode: SIGN_MODE_DIRECT (the
// SignDoc of body bytes, auth info bytes, chain id and account number) or
// SIGN_MODE_LEGACY_AMINO_JSON (the amino StdSignDoc rebuilt from the transaction), the two modes
// Keplr and Leap sign in.
import { makeSignDoc as makeAminoSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { makeSignBytes } from '@cosmjs/proto-signing'
import { AminoTypes, createBankAminoConverters } from '@cosmjs/stargate'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { addressOfSecp256k1 } from './addresses.mjs'
import { chainId } from './chain.mjs'
import { msgSendTypeUrl } from './decodeTx.mjs'
import { SdkError, sdkErrors } from './errors.mjs'

const secp256k1PubKeyTypeUrl = '/cosmos.crypto.secp256k1.PubKey'
const aminoTypes = new AminoTypes(createBankAminoConverters())
/** Half of secp256k1's group order: the SDK accepts only signatures with S at most this. */
const halfCurveOrder = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/**
 * The compressed secp256k1 key of a signer info's public key Any; an SdkError for another kind.
 * @param {{ typeUrl: string, value: Uint8Array }} any
 */
export function secp256k1KeyOf(any) {
  if (any.typeUrl !== secp256k1PubKeyTypeUrl)
    throw new SdkError(sdkErrors.invalidPubKey, `unrecognized public key type: ${any.typeUrl}`)
  const { key } = PubKey.decode(any.value)
  if (key.length !== 33)
    throw new SdkError(sdkErrors.invalidPubKey, `invalid secp256k1 public key length ${key.length}`)
  return key
}

/**
 * Whether `pubKey` controls `signer`; an SdkError (code 8) naming the signer when not.
 * @param {Uint8Array} pubKey @param {string} signer @param {number} index
 */
export function checkPubKeyMatches(pubKey, signer, index) {
  if (addressOfSecp256k1(pubKey) !== signer)
    throw new SdkError(
      sdkErrors.invalidPubKey,
      `pubKey does not match signer address ${signer} with signer index: ${index}`,
    )
}

/**
 * The bytes signer `index` signed in its sign mode.
 * @param {import('./decodeTx.mjs').DecodedTx} tx @param {number} index
 * @param {{ accountNumber: bigint, sequence: bigint }} account
 */
function signBytes(tx, index, account) {
  const mode = tx.authInfo.signerInfos[index]?.modeInfo?.single?.mode
  if (mode === SignMode.SIGN_MODE_DIRECT)
    return makeSignBytes({
      bodyBytes: tx.raw.bodyBytes,
      authInfoBytes: tx.raw.authInfoBytes,
      chainId,
      accountNumber: account.accountNumber,
    })
  if (mode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON) {
    const fee = tx.fee
    const msgs = tx.msgs.map((value) => aminoTypes.toAmino({ typeUrl: msgSendTypeUrl, value }))
    return serializeSignDoc(
      makeAminoSignDoc(
        msgs,
        {
          amount: fee.amount.map(({ denom, amount }) => ({ denom, amount })),
          gas: fee.gasLimit.toString(),
          ...(fee.granter ? { granter: fee.granter } : {}),
          ...(fee.payer ? { payer: fee.payer } : {}),
        },
        chainId,
        tx.body.memo,
        account.accountNumber,
        account.sequence,
        tx.body.timeoutHeight,
      ),
    )
  }
  throw new SdkError(sdkErrors.invalidRequest, `unsupported sign mode ${mode}`)
}

/**
 * Checks signer `index`'s signature; an SdkError (code 4, the SDK's words) when it does not verify.
 * @param {import('./decodeTx.mjs').DecodedTx} tx @param {number} index @param {Uint8Array} pubKey
 * @param {{ accountNumber: bigint, sequence: bigint }} account
 */
export async function verifySignature(tx, index, pubKey, account) {
  const bytes = signBytes(tx, index, account)
  const signature = tx.raw.signatures[index] ?? new Uint8Array()
  let valid = false
  if (signature.length === 64) {
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)
    valid =
      s <= halfCurveOrder &&
      (await Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(signature),
        sha256(bytes),
        pubKey,
      ))
  }
  if (!valid)
    throw new SdkError(
      sdkErrors.unauthorized,
      `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${chainId})`,
    )
}
