/**
 * A Bitcoin network's Esplora API (the REST API mempool.space and Blockstream serve; the
 * network's `rpcUrl`), for what the modal builds and sends: an address's coins, the fee rates
 * it estimates, and broadcasting a signed transaction (balance and activity come through the
 * API). Answers are checked for the fields the modal reads; anything else is the API failing,
 * said in words.
 */
import type { NetworkConfig } from '@airlock/protocol'

/** An unspent output of an address, as Esplora lists it. */
export type EsploraUtxo = {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number; block_time?: number }
}

/** Esplora could not be reached, or answered what an Esplora API does not. */
export class EsploraError extends Error {
  override name = 'EsploraError'
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

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
