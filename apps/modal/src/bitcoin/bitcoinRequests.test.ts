import { bitcoinNetworkParams } from '@airlock/protocol/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import type { HostWalletCall } from '../connectors/hostWalletKind'
import { bitcoinAccountsOf, bitcoinRequest, hasAccountOn } from './bitcoinRequests'

const key = secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true)
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const on = (name: keyof typeof bitcoinNetworkParams) => ({
  payment: p2wpkh(key, bitcoinNetworkParams[name]).address!,
  ordinals: p2tr(key.slice(1), undefined, bitcoinNetworkParams[name]).address!,
})
const regtest = on('regtest')
const regtestNetwork = {
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const,
  name: 'Bitcoin Regtest',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrl: 'http://127.0.0.1:9',
}
/** A wallet with the regtest accounts that fails the test if it is asked to sign. */
const walletOf =
  (
    accounts: unknown = [
      { address: regtest.ordinals, publicKey: hex(key.slice(1)) },
      { address: regtest.payment, publicKey: hex(key) },
    ],
  ): HostWalletCall =>
  async ({ method }) => {
    if (method === 'bitcoin_connect') return accounts
    throw new Error(`the wallet was asked ${method}`)
  }
const refusal = (method: string, params: object) =>
  bitcoinRequest(
    { method, params },
    { address: regtest.payment, network: regtestNetwork, host: walletOf() },
  ).then(
    () => 'answered',
    (error: Error & { code?: number }) => `${error.code}: ${error.message}`,
  )

describe('bitcoinAccountsOf', () => {
  test('behavior: payment first, then ordinals by address type; anything that is not an address is left out', () => {
    expect(
      bitcoinAccountsOf([
        { address: regtest.ordinals, publicKey: hex(key.slice(1)) },
        { address: 'not an address' },
        { address: regtest.payment, publicKey: 'zz' },
        null,
      ]),
    ).toEqual([
      { address: regtest.payment, publicKey: '', purpose: 'payment' },
      { address: regtest.ordinals, publicKey: hex(key.slice(1)), purpose: 'ordinals' },
    ])
    expect(bitcoinAccountsOf('nothing')).toEqual([])
  })
})

describe('hasAccountOn', () => {
  test('behavior: a wallet is on the networks its addresses are of; testnet’s are signet’s', async () => {
    expect(await hasAccountOn(walletOf(), 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe(true)
    expect(await hasAccountOn(walletOf(), 'bip122:000000000019d6689c085ae165831e93')).toBe(false)
    const testnet = walletOf([{ address: on('testnet').payment }])
    expect(await hasAccountOn(testnet, 'bip122:000000000933ea01ad0ee984209779ba')).toBe(true)
    expect(await hasAccountOn(testnet, 'bip122:00000008819873e925422c1ff0f99f7c')).toBe(true)
    expect(await hasAccountOn(testnet, 'eip155:1')).toBe(false)
  })
})

describe('bitcoinRequest', () => {
  test('bad input: every malformed request is refused in words before the wallet is asked', async () => {
    expect(await refusal('bitcoin_signMessage', { message: '' })).toBe(
      '-32602: message must be text of 1 to 65536 characters.',
    )
    expect(await refusal('bitcoin_signMessage', { message: 'x'.repeat(65_537) })).toBe(
      '-32602: message must be text of 1 to 65536 characters.',
    )
    expect(await refusal('bitcoin_signMessage', { message: 'hi', protocol: 'bip137' })).toBe(
      "-32602: protocol must be 'bip322' or 'ecdsa'.",
    )
    expect(
      await refusal('bitcoin_signMessage', { message: 'hi', address: on('mainnet').payment }),
    ).toBe(`-32602: ${on('mainnet').payment} is not an address of the connected wallet.`)
    for (const psbt of ['not base64 psbt', 42, 'A'.repeat(1_000_004)])
      expect(await refusal('bitcoin_signPsbt', { psbt })).toBe(
        '-32602: psbt must be a PSBT in base64.',
      )
    const tx = new Transaction()
    tx.addInput({
      txid: '11'.repeat(32),
      index: 0,
      witnessUtxo: { script: p2wpkh(key, bitcoinNetworkParams.regtest).script, amount: 10_000n },
    })
    tx.addOutputAddress(regtest.ordinals, 5_000n, bitcoinNetworkParams.regtest)
    const psbt = Buffer.from(tx.toPSBT()).toString('base64')
    expect(
      await refusal('bitcoin_signPsbt', {
        psbt,
        signInputs: [{ address: regtest.payment, index: 3 }],
      }),
    ).toBe('-32602: signInputs: 3 is not an input of the PSBT.')
    expect(
      await refusal('bitcoin_sendTransfer', { recipientAddress: regtest.ordinals, amount: '1e5' }),
    ).toBe('-32602: amount must be a whole number of satoshis, as a decimal string.')
    expect(
      await refusal('bitcoin_sendTransfer', {
        recipientAddress: regtest.ordinals,
        amount: '1000',
        feeRate: 5_000,
      }),
    ).toBe('-32602: The fee rate must be a whole number of sat/vB from 1 to 1,000.')
    expect(await refusal('bitcoin_signPsbt', [psbt])).toBe(
      '-32602: bitcoin_signPsbt takes an object of parameters.',
    )
    expect(await refusal('bitcoin_inscribe', {})).toMatch(/^4200: /)
  })
})
