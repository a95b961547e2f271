// One transaction run against the chain's state as baseapp runs it, in one of three modes: `check`
// (CheckTx: the ante handler only, with the validator's minimum gas price), `deliver` (the ante
// handler, then the messages) and `simulate` (as deliver, without a gas limit, fee minimum or
// signature check). The ante handler, in the SDK's order: decode and ValidateBasic, tx size gas,
// fee ≥ gas limit × min gas price, fee payer exists and pays the fee to the fee collector, each
// signer's public key controls its address, its sequence matches, its signature verifies, its
// sequence is bumped. An ante refusal changes nothing; a message that fails after it (out of gas,
// insufficient funds, an invalid recipient) keeps the fee paid and the sequence bumped and undoes
// the messages, as the SDK does.
import { toBase64 } from '@cosmjs/encoding'
import { MsgSendResponse } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { addressProblem } from './addresses.mjs'
import { feeCollectorAddress, feeDenom, gasCost, requiredFee } from './chain.mjs'
import { coinsProblem, coinsText } from './coins.mjs'
import { decodeTx, msgSendTypeUrl } from './decodeTx.mjs'
import { SdkError, sdkErrors } from './errors.mjs'
import { checkPubKeyMatches, secp256k1KeyOf, verifySignature } from './signatures.mjs'
import { copyState, moveCoins, shortfall } from './state.mjs'

/** @typedef {import('./state.mjs').ChainState} ChainState */
/** @typedef {{ type: string, attributes: { key: string, value: string }[] }} TxEvent */
/**
 * @typedef {{ code: number, codespace: string, log: string, gasWanted: bigint, gasUsed: bigint,
 *   events: TxEvent[], data: Uint8Array }} TxResult
 */
/** @typedef {'check' | 'deliver' | 'simulate'} RunMode */

/** A simulation's gas meter has no limit; the SDK reports it as the largest uint64. */
const unlimitedGas = 18_446_744_073_709_551_615n

/** @param {string} type @param {Record<string, string>} attributes @returns {TxEvent} */
const event = (type, attributes) => ({
  type,
  attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
})

/** The events x/bank's SendCoins emits. @param {string} from @param {string} to @param {string} amount @param {Record<string, string>} [extra] */
const sendEvents = (from, to, amount, extra = {}) => [
  event('coin_spent', { spender: from, amount, ...extra }),
  event('coin_received', { receiver: to, amount, ...extra }),
  event('transfer', { recipient: to, sender: from, amount, ...extra }),
  event('message', { sender: from, ...extra }),
]

/** A gas meter with the SDK's out-of-gas error. @param {bigint} limit */
function gasMeter(limit) {
  let used = 0n
  return {
    /** @param {number | bigint} amount @param {string} location */
    consume(amount, location) {
      used += BigInt(amount)
      if (used > limit)
        throw new SdkError(
          sdkErrors.outOfGas,
          `out of gas in location: ${location}; gasWanted: ${limit}, gasUsed: ${used}`,
        )
    },
    used: () => used,
  }
}

/**
 * Runs `bytes` against `state` (which it does not change) in `mode`: the result, and the state to
 * keep (undefined when the ante handler refused it, so nothing changes).
 * @param {ChainState} state @param {Uint8Array} bytes @param {RunMode} mode
 * @returns {Promise<{ result: TxResult, state: ChainState | undefined }>}
 */
export async function runTx(state, bytes, mode) {
  let gasWanted = 0n
  let meter = gasMeter(unlimitedGas)
  /** @param {unknown} error @param {ChainState | undefined} kept @param {TxEvent[]} events */
  const failure = (error, kept, events) => {
    if (!(error instanceof SdkError)) throw error
    return {
      result: {
        code: error.code,
        codespace: error.codespace,
        log: error.message,
        gasWanted,
        gasUsed: meter.used(),
        events,
        data: new Uint8Array(),
      },
      state: kept,
    }
  }

  // The ante handler, on a copy that is dropped if any step refuses.
  const ante = copyState(state)
  /** @type {TxEvent[]} */
  const anteEvents = []
  let tx
  try {
    tx = decodeTx(bytes)
    gasWanted = mode === 'simulate' ? unlimitedGas : tx.fee.gasLimit
    meter = gasMeter(gasWanted)
    // A simulation counts each still-empty signature at a signature's size, as the SDK does.
    const signatureBytes =
      mode === 'simulate'
        ? tx.raw.signatures.filter((signature) => signature.length === 0).length *
          gasCost.simulatedSignatureBytes
        : 0
    meter.consume((bytes.length + signatureBytes) * gasCost.perTxByte, 'txSize')

    const feeCoins = tx.fee.amount.map(({ denom, amount }) => ({ denom, amount }))
    if (mode === 'check') {
      const required = requiredFee(tx.fee.gasLimit)
      const paid = feeCoins.find((coin) => coin.denom === feeDenom)
      if (!paid || BigInt(paid.amount) < required)
        throw new SdkError(
          sdkErrors.insufficientFee,
          `insufficient fees; got: ${coinsText(feeCoins)} required: ${required}${feeDenom}`,
        )
    }
    const payer = tx.fee.payer || tx.signers[0] || ''
    if (!ante.accounts.has(payer))
      throw new SdkError(sdkErrors.unknownAddress, `fee payer address: ${payer} does not exist`)
    const paying = feeCoins.filter((coin) => BigInt(coin.amount) > 0n)
    if (paying.length > 0) {
      const short = shortfall(ante, payer, paying)
      if (short)
        throw new SdkError(
          sdkErrors.insufficientFunds,
          `spendable balance ${short.have} is smaller than ${short.want}: insufficient funds`,
        )
      moveCoins(ante, payer, feeCollectorAddress, paying)
      anteEvents.push(...sendEvents(payer, feeCollectorAddress, coinsText(paying)))
    }
    anteEvents.push(event('tx', { fee: coinsText(feeCoins), fee_payer: payer }))
    meter.consume(gasCost.anteBase, 'ReadFlat')

    for (const [index, signer] of tx.signers.entries()) {
      const account = ante.accounts.get(signer)
      if (!account) throw new SdkError(sdkErrors.unknownAddress, `account ${signer} does not exist`)
      const info = tx.authInfo.signerInfos[index]
      const pubKey = info?.publicKey ? secp256k1KeyOf(info.publicKey) : account.pubKey
      // A simulation without a key (a fee estimate before the wallet is asked) stands one in, as
      // the SDK's SetPubKeyDecorator does with its simulation key.
      if (!pubKey && mode !== 'simulate')
        throw new SdkError(sdkErrors.invalidPubKey, `pubkey on account is not set`)
      if (pubKey) {
        checkPubKeyMatches(pubKey, signer, index)
        if (mode !== 'simulate') account.pubKey ??= pubKey
      }
      meter.consume(gasCost.perSecp256k1Signature, 'ante verify: secp256k1')
      const sequence = info?.sequence ?? 0n
      if (sequence !== account.sequence)
        throw new SdkError(
          sdkErrors.wrongSequence,
          `account sequence mismatch, expected ${account.sequence}, got ${sequence}`,
        )
      if (mode !== 'simulate' && pubKey) await verifySignature(tx, index, pubKey, account)
      anteEvents.push(event('tx', { acc_seq: `${signer}/${account.sequence}` }))
      anteEvents.push(
        event('tx', { signature: toBase64(tx.raw.signatures[index] ?? new Uint8Array()) }),
      )
      account.sequence += 1n
    }
  } catch (error) {
    return failure(error, undefined, [])
  }
  const ok = (
    /** @type {ChainState} */ kept,
    /** @type {TxEvent[]} */ events,
    data = new Uint8Array(),
  ) => ({
    result: { code: 0, codespace: '', log: '', gasWanted, gasUsed: meter.used(), events, data },
    state: kept,
  })
  if (mode === 'check') return ok(ante, anteEvents)

  // The messages, on a copy of the state after the ante handler: undone together if one fails.
  const after = copyState(ante)
  /** @type {TxEvent[]} */
  const msgEvents = []
  try {
    for (const [index, msg] of tx.msgs.entries()) {
      /** @param {string} detail */
      const inMessage = (detail) => `failed to execute message; message index: ${index}: ${detail}`
      const msgIndex = { msg_index: String(index) }
      meter.consume(gasCost.perSend, 'WriteFlat')
      const toProblem = addressProblem(msg.toAddress)
      if (toProblem)
        throw new SdkError(sdkErrors.invalidAddress, inMessage(`invalid to address: ${toProblem}`))
      const coins = msg.amount.map(({ denom, amount }) => ({ denom, amount }))
      const coinsIssue = coinsProblem(coins)
      if (coinsIssue)
        throw new SdkError(sdkErrors.invalidCoins, inMessage(`${coinsText(coins)}: ${coinsIssue}`))
      const short = shortfall(after, msg.fromAddress, coins)
      if (short)
        throw new SdkError(
          sdkErrors.insufficientFunds,
          inMessage(`spendable balance ${short.have} is smaller than ${short.want}`),
        )
      moveCoins(after, msg.fromAddress, msg.toAddress, coins)
      msgEvents.push(
        event('message', {
          action: msgSendTypeUrl,
          sender: msg.fromAddress,
          module: 'bank',
          ...msgIndex,
        }),
        ...sendEvents(msg.fromAddress, msg.toAddress, coinsText(coins), msgIndex),
      )
    }
  } catch (error) {
    return failure(error, ante, anteEvents)
  }
  const data = TxMsgData.encode({
    data: [],
    msgResponses: tx.msgs.map(() => ({
      typeUrl: `${msgSendTypeUrl}Response`,
      value: MsgSendResponse.encode({}).finish(),
    })),
  }).finish()
  return ok(after, [...anteEvents, ...msgEvents], data)
}
