/**
 * Send on a Bitcoin network: the fee of the form's transfer at the visitor's speed (slow, normal
 * or fast: the network's Esplora estimates), from the same PSBT the send builds, and the fee rate
 * the send then asks the wallet's transfer for. Loaded with the first Bitcoin send.
 */
import { formatNetworkFee, type NetworkConfig } from '@airlock/protocol'
import { bitcoinNetworkOf } from '@airlock/protocol/bitcoin'
import { type FeeSpeed, feeRates, planTransfer } from '../bitcoin/bitcoinTransfer'
import { esplora } from '../bitcoin/esplora'
import type { NetworkFee } from '../stores/sendState'

/** The fee rate (sat/vB) of `speed` on `network` now. */
export async function bitcoinFeeRate(network: NetworkConfig, speed: FeeSpeed): Promise<number> {
  return feeRates(await esplora(network).feeEstimates())[speed]
}

/**
 * The fee of sending `amount` sats from `from` to `to`: coins chosen as the send will choose
 * them. Throws the transfer's refusal (dust, not enough for the amount and its fee) in words.
 */
export async function estimateBitcoinSendFee(
  network: NetworkConfig,
  from: string,
  to: string,
  amount: bigint,
  speed: FeeSpeed,
): Promise<NetworkFee & { feeRate: number }> {
  const name = bitcoinNetworkOf(network.caipNetworkId)
  if (!name) throw new Error(`${network.name} is not a Bitcoin network.`)
  const api = esplora(network)
  const [utxos, estimates] = await Promise.all([api.utxos(from), api.feeEstimates()])
  const feeRate = feeRates(estimates)[speed]
  const { fee } = planTransfer({
    from: { address: from, publicKey: '', purpose: 'payment' },
    recipient: to,
    amount,
    feeRate,
    utxos,
    network: name,
    networkName: network.name,
    estimate: true,
  })
  return {
    amount: fee,
    feeRate,
    text: `${formatNetworkFee(fee, network.nativeCurrency)} (${feeRate} sat/vB)`,
  }
}
