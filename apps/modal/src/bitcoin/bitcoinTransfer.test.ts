import { bitcoinNetworkParams } from '@airlock/protocol/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import {
  BitcoinTransferError,
  feeRates,
  finalizeSigned,
  planTransfer,
  type TransferRequest,
} from './bitcoinTransfer'

const regtest = bitcoinNetworkParams.regtest
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

function wallet() {
  const privateKey = secp256k1.utils.randomPrivateKey()
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  return {
    privateKey,
    payment: { address: p2wpkh(publicKey, regtest).address!, publicKey: hex(publicKey) },
    ordinals: {
      address: p2tr(publicKey.slice(1), undefined, regtest).address!,
      publicKey: hex(publicKey.slice(1)),
    },
  }
}
const coin = (value: number, n = 1) => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: 0,
  value,
  status: { confirmed: true },
})
const sender = wallet()
const recipient = wallet()
const request = (overrides: Partial<TransferRequest> = {}): TransferRequest => ({
  from: { ...sender.payment, purpose: 'payment' },
  recipient: recipient.payment.address,
  amount: 50_000n,
  feeRate: 2,
  utxos: [coin(30_000, 1), coin(40_000, 2)],
  network: 'regtest',
  networkName: 'Bitcoin Regtest',
  ...overrides,
})
const signed = (psbt: string, privateKey = sender.privateKey) => {
  const tx = Transaction.fromPSBT(fromBase64(psbt))
  tx.sign(privateKey)
  return toBase64(tx.toPSBT())
}
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof BitcoinTransferError)
      return { reason: error.reason, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('planTransfer', () => {
  test('behavior: pays the recipient from enough coins, change back to the payment address, the fee at the rate', () => {
    const plan = planTransfer(request())
    const tx = Transaction.fromPSBT(fromBase64(plan.psbt))
    expect(tx.inputsLength).toBe(2)
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
    expect(outputs[0]?.amount).toBe(50_000n)
    expect(hex(outputs[0]!.script!)).toBe(
      hex(p2wpkh(fromHexKey(recipient.payment.publicKey), regtest).script),
    )
    expect(hex(outputs[1]!.script!)).toBe(
      hex(p2wpkh(fromHexKey(sender.payment.publicKey), regtest).script),
    )
    expect(plan.change).toBe(70_000n - 50_000n - plan.fee)
    // 2 P2WPKH inputs, 2 outputs: about 209 vB at 2 sat/vB.
    expect(Number(plan.fee)).toBeGreaterThanOrEqual(400)
    expect(Number(plan.fee)).toBeLessThan(460)
    expect(plan.signInputs).toEqual([
      { address: sender.payment.address, index: 0 },
      { address: sender.payment.address, index: 1 },
    ])
    const { rawTransaction, txid } = finalizeSigned(plan.psbt, signed(plan.psbt), [0, 1])
    expect(rawTransaction).toMatch(/^02000000/)
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
  })

  test('behavior: a Taproot payment address spends with its internal key', () => {
    const plan = planTransfer(request({ from: { ...sender.ordinals, purpose: 'payment' } }))
    const tx = Transaction.fromPSBT(fromBase64(plan.psbt))
    expect(hex(tx.getInput(0).tapInternalKey!)).toBe(sender.ordinals.publicKey)
    const signedTaproot = signed(plan.psbt)
    expect(finalizeSigned(plan.psbt, signedTaproot, [0]).txid).toMatch(/^[0-9a-f]{64}$/)
  })

  test('behavior: the fee is estimated without the account’s key, the same as with it; spending needs the key', () => {
    for (const account of [sender.payment, sender.ordinals]) {
      const known = planTransfer(request({ from: { ...account, purpose: 'payment' } }))
      const unknown = { ...account, publicKey: '', purpose: 'payment' as const }
      expect(planTransfer(request({ from: unknown, estimate: true })).fee).toBe(known.fee)
    }
    expect(
      refusal(() =>
        planTransfer(request({ from: { ...sender.ordinals, publicKey: '', purpose: 'payment' } })),
      ),
    ).toMatchObject({ reason: 'unsupportedAccount' })
    // Another key than the Taproot address's own is refused, not signed for.
    expect(
      refusal(() =>
        planTransfer(
          request({
            from: {
              ...sender.ordinals,
              publicKey: recipient.ordinals.publicKey,
              purpose: 'payment',
            },
          }),
        ),
      ),
    ).toMatchObject({ reason: 'unsupportedAccount' })
  })

  test('bad input: another network’s address, dust, more than the coins, a fee rate out of range', () => {
    const mainnet = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true))
      .address!
    expect(refusal(() => planTransfer(request({ recipient: mainnet })))).toEqual({
      reason: 'wrongNetwork',
      message: 'That is not a Bitcoin Regtest address.',
    })
    expect(refusal(() => planTransfer(request({ amount: 293n })))).toEqual({
      reason: 'dust',
      message: 'The amount is below the dust limit of 294 sats for that address.',
    })
    expect(
      refusal(() => planTransfer(request({ recipient: recipient.ordinals.address, amount: 329n }))),
    ).toMatchObject({ reason: 'dust' })
    expect(refusal(() => planTransfer(request({ amount: 69_900n })))).toEqual({
      reason: 'insufficient',
      message: 'Not enough BTC for this amount and its fee.',
    })
    for (const feeRate of [0, 1.5, 1_001])
      expect(refusal(() => planTransfer(request({ feeRate })))).toEqual({
        reason: 'feeRate',
        message: 'The fee rate must be a whole number of sat/vB from 1 to 1,000.',
      })
  })
})

describe('finalizeSigned', () => {
  test('security: a PSBT the wallet returns unsigned, altered or unreadable is refused before broadcast', () => {
    const plan = planTransfer(request())
    expect(refusal(() => finalizeSigned(plan.psbt, plan.psbt, [0, 1]))).toEqual({
      reason: 'unsigned',
      message: 'The wallet returned the transaction unsigned: nothing was sent.',
    })
    // The wallet pays itself instead: the outputs differ from what the visitor approved.
    const tx = Transaction.fromPSBT(fromBase64(plan.psbt))
    tx.updateOutput(0, { amount: 1_000n })
    tx.sign(sender.privateKey)
    expect(refusal(() => finalizeSigned(plan.psbt, toBase64(tx.toPSBT()), [0, 1]))).toEqual({
      reason: 'altered',
      message: 'The wallet changed the transaction: nothing was sent.',
    })
    expect(refusal(() => finalizeSigned(plan.psbt, 'not a psbt', [0]))).toMatchObject({
      reason: 'notPsbt',
    })
    expect(refusal(() => finalizeSigned(plan.psbt, 42, [0]))).toMatchObject({ reason: 'notPsbt' })
  })
})

test('behavior: fee rates by speed come from the estimates, rounded up, at least 1 sat/vB', () => {
  expect(feeRates({ '1': 20.4, '2': 15, '6': 8.2, '144': 1.01 })).toEqual({
    fast: 21,
    normal: 9,
    slow: 2,
  })
  // A target without its own estimate takes the next slower one's.
  expect(feeRates({ '3': 12, '25': 4 })).toEqual({ fast: 12, normal: 4, slow: 4 })
  expect(feeRates({})).toEqual({ fast: 1, normal: 1, slow: 1 })
  expect(feeRates({ '1': 0.5 })).toEqual({ fast: 1, normal: 1, slow: 1 })
})

function fromHexKey(key: string) {
  return Uint8Array.from(Buffer.from(key, 'hex'))
}
