/**
 * A Bitcoin transfer as a PSBT (`@scure/btc-signer`): coin selection over the payment address's
 * coins, the fee at the chosen rate, change back to the payment address; then the PSBT the
 * wallet signed, held to the one it was given (same inputs, outputs and amounts), finalized for
 * broadcast. Every refusal is a BitcoinTransferError in words, before anything is broadcast.
 */
import {
  type BitcoinAccount,
  type BitcoinAddressType,
  type BitcoinNetworkName,
  bitcoinAddressType,
  bitcoinNetworkParams,
} from '@airlock/protocol/bitcoin'
import { Address, OutScript, p2sh, p2tr, p2wpkh, selectUTXO, Transaction } from '@scure/btc-signer'
import type { EsploraUtxo } from './esplora'

/** The fee rates Send offers: Esplora's estimates for these confirmation targets (blocks). */
export const feeTargets = { slow: 144, normal: 6, fast: 1 } as const
export type FeeSpeed = keyof typeof feeTargets
/** The highest fee rate Airlock builds with, in sat/vB: anything above is a mistake. */
export const maxFeeRate = 1_000

/**
 * bitcoind's dust thresholds at its default dust relay fee (3 sat/vB), by the output's type:
 * an output worth less costs more to spend than it holds, and nodes won't relay it.
 */
export const dustLimits: Record<BitcoinAddressType, number> = {
  p2pkh: 546,
  p2sh: 540,
  p2wpkh: 294,
  p2wsh: 330,
  p2tr: 330,
}

/**
 * Refusals in words (English: for logs and for the sites that asked; the modal shows the
 * visitor's language, messages/transferErrorText.ts); the recipient's two name the network and
 * the limit when they are made.
 */
export const bitcoinTransferErrors = {
  wrongNetwork: (networkName?: string) =>
    networkName === undefined
      ? 'That is not an address of this network.'
      : `That is not a ${networkName} address.`,
  dust: (limit?: number) =>
    limit === undefined
      ? 'The amount is below the dust limit for that address.'
      : `The amount is below the dust limit of ${limit} sats for that address.`,
  insufficient: 'Not enough BTC for this amount and its fee.',
  feeRate: `The fee rate must be a whole number of sat/vB from 1 to ${maxFeeRate.toLocaleString('en-US')}.`,
  unsupportedAccount: 'Airlock cannot build spends from this kind of address.',
  notPsbt: 'The wallet answered something that is not a PSBT.',
  unsigned: 'The wallet returned the transaction unsigned: nothing was sent.',
  altered: 'The wallet changed the transaction: nothing was sent.',
} as const
export type BitcoinTransferErrorReason = keyof typeof bitcoinTransferErrors

export class BitcoinTransferError extends Error {
  override name = 'BitcoinTransferError'
  constructor(
    readonly reason: BitcoinTransferErrorReason,
    message: string = wordsOf(reason),
  ) {
    super(message)
  }
}

/** A refusal's words without its particulars. */
function wordsOf(reason: BitcoinTransferErrorReason): string {
  const words = bitcoinTransferErrors[reason]
  return typeof words === 'string' ? words : words()
}

/**
 * The fee rates of each speed from Esplora's estimates: a target's own, else the nearest
 * longer target's (slower), rounded up to whole sat/vB, at least 1.
 */
export function feeRates(estimates: Record<string, number>): Record<FeeSpeed, number> {
  const targets = Object.keys(estimates)
    .map(Number)
    .filter((target) => Number.isSafeInteger(target) && target > 0)
    .sort((a, b) => a - b)
  const rateFor = (target: number) => {
    const found = targets.find((known) => known >= target) ?? targets.at(-1)
    const rate = found === undefined ? 1 : Math.ceil(estimates[String(found)] ?? 1)
    return Math.min(Math.max(rate, 1), maxFeeRate)
  }
  return {
    slow: rateFor(feeTargets.slow),
    normal: rateFor(feeTargets.normal),
    fast: rateFor(feeTargets.fast),
  }
}

export type TransferRequest = {
  from: BitcoinAccount
  recipient: string
  /** Satoshis. */
  amount: bigint
  /** sat/vB. */
  feeRate: number
  utxos: readonly EsploraUtxo[]
  network: BitcoinNetworkName
  /** The network as the visitor knows it ('Bitcoin Regtest'), for the errors. */
  networkName: string
  /** Only the fee is wanted: an account's unknown key is stood in for. */
  estimate?: boolean
}

/** What the wallet is asked to sign, and what it costs. */
export type TransferPlan = {
  /** Base64. */
  psbt: string
  fee: bigint
  change: bigint
  /** Every input is the payment address's. */
  signInputs: { address: string; index: number }[]
}

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const hexBytes = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16))
const toBase64 = (bytes: Uint8Array) =>
  btoa(bytes.reduce((text, byte) => text + String.fromCharCode(byte), ''))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * The x coordinate of secp256k1's generator: a valid key that stands in for an account's unknown
 * one when only the fee is estimated (a signature's size does not depend on the key).
 */
const placeholderKey = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'

/** What an input spending `from`'s coin carries for the wallet to sign it. */
function spendOf(from: BitcoinAccount, network: BitcoinNetworkName, estimate: boolean) {
  const params = bitcoinNetworkParams[network]
  const type = bitcoinAddressType(from.address, network)
  const key = hexBytes(from.publicKey || (estimate ? placeholderKey : ''))
  const script = OutScript.encode(Address(params).decode(from.address))
  if (type === 'p2wpkh') return { script }
  if (type === 'p2tr' && (key.length === 32 || key.length === 33)) {
    const xOnly = key.length === 33 ? key.slice(1) : key
    const own = p2tr(xOnly, undefined, params).script
    // Spending, the key must be the address's own; estimating, any key's script of the same size
    // will do.
    if (!estimate && hexOf(own) !== hexOf(script))
      throw new BitcoinTransferError('unsupportedAccount')
    return { script: own, tapInternalKey: xOnly }
  }
  if (type === 'p2sh' && key.length === 33) {
    // P2SH-P2WPKH (nested SegWit), the payment address of Xverse and others.
    const nested = p2sh(p2wpkh(key, params), params)
    if (estimate || nested.address === from.address)
      return { script, redeemScript: nested.redeemScript }
  }
  throw new BitcoinTransferError('unsupportedAccount')
}

/**
 * Whether `amount` sats can go to `recipient` on `network` (`networkName` as the visitor knows
 * it): an address of that network, and not dust for its type.
 *
 * @throws BitcoinTransferError wrongNetwork, dust.
 */
export function checkRecipient(
  recipient: string,
  amount: bigint,
  network: BitcoinNetworkName,
  networkName: string,
) {
  const type = bitcoinAddressType(recipient, network)
  if (!type)
    throw new BitcoinTransferError('wrongNetwork', bitcoinTransferErrors.wrongNetwork(networkName))
  if (amount < BigInt(dustLimits[type]))
    throw new BitcoinTransferError('dust', bitcoinTransferErrors.dust(dustLimits[type]))
}

/**
 * Builds the transfer's PSBT: coins chosen by scure's default strategy, change (when above dust)
 * back to the payment address.
 *
 * @throws BitcoinTransferError wrongNetwork, dust, feeRate, insufficient, unsupportedAccount.
 */
export function planTransfer(request: TransferRequest): TransferPlan {
  const { from, recipient, amount, feeRate, utxos, network, networkName, estimate } = request
  checkRecipient(recipient, amount, network, networkName)
  if (!Number.isSafeInteger(feeRate) || feeRate < 1 || feeRate > maxFeeRate)
    throw new BitcoinTransferError('feeRate')
  const spend = spendOf(from, network, estimate === true)
  const inputs = utxos.map((utxo) => ({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: spend.script, amount: BigInt(utxo.value) },
    ...('tapInternalKey' in spend ? { tapInternalKey: spend.tapInternalKey } : {}),
    ...('redeemScript' in spend ? { redeemScript: spend.redeemScript } : {}),
  }))
  const selected = selectUTXO(inputs, [{ address: recipient, amount }], 'default', {
    feePerByte: BigInt(feeRate),
    changeAddress: from.address,
    network: bitcoinNetworkParams[network],
    bip69: false,
    createTx: true,
  })
  if (!selected?.tx) throw new BitcoinTransferError('insufficient')
  const tx = selected.tx
  return {
    psbt: toBase64(tx.toPSBT()),
    fee: selected.fee ?? 0n,
    change: selected.change ? (tx.getOutput(tx.outputsLength - 1).amount ?? 0n) : 0n,
    signInputs: Array.from({ length: tx.inputsLength }, (_, index) => ({
      address: from.address,
      index,
    })),
  }
}

/**
 * The signed PSBT the wallet returned, finalized: the raw transaction (hex) to broadcast and its
 * id. `requested`: the PSBT the wallet was given.
 *
 * @throws BitcoinTransferError notPsbt, altered (other inputs, outputs or amounts), unsigned.
 */
export function finalizeSigned(requested: string, signed: unknown, signedInputs: number[]) {
  let tx: Transaction
  try {
    if (typeof signed !== 'string') throw new Error('not base64')
    tx = Transaction.fromPSBT(fromBase64(signed))
  } catch {
    throw new BitcoinTransferError('notPsbt')
  }
  const original = Transaction.fromPSBT(fromBase64(requested))
  if (toBase64(tx.unsignedTx) !== toBase64(original.unsignedTx))
    throw new BitcoinTransferError('altered')
  for (const index of signedInputs) {
    const input = tx.getInput(index)
    const signedInput =
      input.finalScriptWitness?.length ||
      input.finalScriptSig?.length ||
      input.tapKeySig ||
      input.partialSig?.length
    if (!signedInput) throw new BitcoinTransferError('unsigned')
  }
  try {
    for (let index = 0; index < tx.inputsLength; index++)
      if (!tx.getInput(index).finalScriptWitness && !tx.getInput(index).finalScriptSig)
        tx.finalizeIdx(index)
  } catch {
    throw new BitcoinTransferError('unsigned')
  }
  return { rawTransaction: tx.hex, txid: tx.id }
}
