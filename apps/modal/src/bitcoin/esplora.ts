/**
 * A Bitcoin network's Esplora API (the REST API mempool.space and Blockstream serve; the
 * network's `rpcUrl`): an address's coins, balance and transactions, the fee rates it estimates,
 * and broadcasting a signed transaction. Answers are checked for the fields the modal reads;
 * anything else is the API failing, said in words.
 */
import type { NetworkConfig } from '@airlock/protocol'

/** An unspent output of an address, as Esplora lists it. */
export type EsploraUtxo = {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number; block_time?: number }
}

type Stats = {
  funded_txo_sum: number
  spent_txo_sum: number
  tx_count: number
}
/** An address's totals: on chain and in the mempool. */
export type EsploraAddress = { chain_stats: Stats; mempool_stats: Stats }

type EsploraOutput = { scriptpubkey_address?: string; value: number }
/** A transaction as Esplora describes it (the fields Activity reads). */
export type EsploraTransaction = {
  txid: string
  fee: number
  vin: { prevout: EsploraOutput | null }[]
  vout: EsploraOutput[]
  status: { confirmed: boolean; block_time?: number }
}

/** Esplora could not be reached, or answered what an Esplora API does not. */
export class EsploraError extends Error {
  override name = 'EsploraError'
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const isStats = (value: unknown) =>
  isObject(value) &&
  typeof value.funded_txo_sum === 'number' &&
  typeof value.spent_txo_sum === 'number' &&
  typeof value.tx_count === 'number'

/** The Esplora API of `network`. */
export function esplora(network: Pick<NetworkConfig, 'rpcUrl' | 'name'>) {
  const base = network.rpcUrl.replace(/\/+$/, '')
  async function get<value>(path: string, valid: (value: unknown) => boolean): Promise<value> {
    let response: Response
    try {
      response = await fetch(`${base}${path}`)
    } catch {
      throw new EsploraError(`${network.name} could not be reached.`)
    }
    const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined
    if (!valid(body)) throw new EsploraError(`${network.name} did not answer as expected.`)
    return body as value
  }
  const address = (value: string) => `/address/${encodeURIComponent(value)}`
  return {
    utxos: (of: string) =>
      get<EsploraUtxo[]>(
        `${address(of)}/utxo`,
        (value) =>
          Array.isArray(value) &&
          value.every(
            (utxo) =>
              isObject(utxo) &&
              typeof utxo.txid === 'string' &&
              /^[0-9a-f]{64}$/.test(utxo.txid) &&
              Number.isSafeInteger(utxo.vout) &&
              Number.isSafeInteger(utxo.value) &&
              isObject(utxo.status),
          ),
      ),
    address: (of: string) =>
      get<EsploraAddress>(
        address(of),
        (value) => isObject(value) && isStats(value.chain_stats) && isStats(value.mempool_stats),
      ),
    /** The newest transactions of an address, unconfirmed first. */
    transactions: (of: string) =>
      get<EsploraTransaction[]>(
        `${address(of)}/txs`,
        (value) =>
          Array.isArray(value) &&
          value.every(
            (tx) =>
              isObject(tx) &&
              typeof tx.txid === 'string' &&
              Array.isArray(tx.vin) &&
              Array.isArray(tx.vout) &&
              isObject(tx.status),
          ),
      ),
    /** Fee rates in sat/vB by confirmation target in blocks (`{ "1": 20.1, "6": 8, … }`). */
    feeEstimates: () =>
      get<Record<string, number>>(
        '/fee-estimates',
        (value) =>
          isObject(value) && Object.values(value).every((rate) => typeof rate === 'number'),
      ),
    /** Broadcasts a signed transaction (hex); its txid, or why the network refused it. */
    async broadcast(rawTransaction: string): Promise<string> {
      let response: Response
      try {
        response = await fetch(`${base}/tx`, { method: 'POST', body: rawTransaction })
      } catch {
        throw new EsploraError(`${network.name} could not be reached.`)
      }
      const text = (await response.text().catch(() => '')).trim()
      if (!response.ok)
        throw new EsploraError(
          `${network.name} refused the transaction${text ? `: ${text.slice(0, 200)}` : '.'}`,
        )
      if (!/^[0-9a-f]{64}$/.test(text))
        throw new EsploraError(`${network.name} did not answer as expected.`)
      return text
    },
  }
}
export type Esplora = ReturnType<typeof esplora>

/** An address's balance in satoshis, the mempool's spends and receipts counted. */
export const balanceOf = ({ chain_stats, mempool_stats }: EsploraAddress) =>
  chain_stats.funded_txo_sum -
  chain_stats.spent_txo_sum +
  mempool_stats.funded_txo_sum -
  mempool_stats.spent_txo_sum
