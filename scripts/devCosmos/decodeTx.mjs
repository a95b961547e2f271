// A transaction's bytes read as the SDK's tx decoder and ValidateBasic read them: TxRaw, its body
// and auth info, only bank MsgSend messages (the one module this chain routes), the signers in
// message order, one signer info and one signature each. A refusal is an SdkError with the SDK's
// code (2 for bytes that are not a transaction of this chain).
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { addressProblem } from './addresses.mjs'
import { SdkError, sdkErrors } from './errors.mjs'

export const msgSendTypeUrl = '/cosmos.bank.v1beta1.MsgSend'

/** @typedef {ReturnType<typeof decodeTx>} DecodedTx */

/**
 * @template T
 * @param {() => T} decode
 */
function parse(decode) {
  try {
    return decode()
  } catch (error) {
    throw new SdkError(sdkErrors.txDecode, /** @type {Error} */ (error).message)
  }
}

/** Whether two byte arrays are equal. @param {Uint8Array} a @param {Uint8Array} b */
const sameBytes = (a, b) => a.length === b.length && a.every((byte, index) => byte === b[index])

/** @param {Uint8Array} bytes */
export function decodeTx(bytes) {
  if (bytes.length === 0) throw new SdkError(sdkErrors.txDecode, 'tx bytes are empty')
  const raw = parse(() => TxRaw.decode(bytes))
  // The SDK rejects unknown fields; a TxRaw that does not encode back to its bytes has some.
  if (!sameBytes(TxRaw.encode(raw).finish(), bytes) || raw.bodyBytes.length === 0)
    throw new SdkError(sdkErrors.txDecode, 'errUnknownField: the bytes are not a TxRaw')
  const body = parse(() => TxBody.decode(raw.bodyBytes))
  const authInfo = parse(() => AuthInfo.decode(raw.authInfoBytes))
  if (body.extensionOptions.length > 0 || body.nonCriticalExtensionOptions.length > 0)
    throw new SdkError(sdkErrors.unknownRequest, 'unknown extension options')
  const msgs = body.messages.map((any) => {
    if (any.typeUrl !== msgSendTypeUrl)
      throw new SdkError(sdkErrors.txDecode, `unable to resolve type URL ${any.typeUrl}`)
    return parse(() => MsgSend.decode(any.value))
  })
  if (msgs.length === 0)
    throw new SdkError(sdkErrors.invalidRequest, 'must contain at least one message')
  const signers = [...new Set(msgs.map((msg) => msg.fromAddress))]
  for (const signer of signers) {
    const problem = addressProblem(signer)
    if (problem) throw new SdkError(sdkErrors.invalidAddress, `invalid from address: ${problem}`)
  }
  const fee = authInfo.fee
  if (!fee) throw new SdkError(sdkErrors.insufficientFee, 'fee is required')
  for (const coin of fee.amount)
    if (!/^\d+$/.test(coin.amount))
      throw new SdkError(sdkErrors.insufficientFee, `invalid fee amount ${coin.amount}`)
  if (raw.signatures.length === 0) throw new SdkError(sdkErrors.noSignatures)
  if (raw.signatures.length !== signers.length)
    throw new SdkError(
      sdkErrors.unauthorized,
      `wrong number of signers; expected ${signers.length}, got ${raw.signatures.length}`,
    )
  if (authInfo.signerInfos.length !== signers.length)
    throw new SdkError(
      sdkErrors.unauthorized,
      `invalid number of signer;  expected: ${signers.length}, got ${authInfo.signerInfos.length}`,
    )
  return { bytes, raw, body, authInfo, fee, msgs, signers }
}
