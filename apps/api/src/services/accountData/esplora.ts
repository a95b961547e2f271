/**
 * Account data for Bitcoin networks, read from the network's Esplora API (its catalogue
 * `rpcUrl`: the REST API mempool.space, Blockstream and electrs serve): BTC by the address's
 * chain and mempool totals; activity by its transactions, unconfirmed first, 25 confirmed a page
 * (Esplora's own paging, by the last txid seen). Each transaction is one BTC transfer: what
 * went to others when the address spent, what came to it otherwise. Bitcoin has no NFTs here.
 */

import type { NetworkConfig, Page, Transaction } from '@airlock/protocol'
import { formatUnits } from 'viem'
import { z } from 'zod'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type BitcoinAddress,
  UnsupportedAccountDataError,
} from './adapter'
import { fetchJson, UpstreamError } from './http'

export declare namespace createEsploraAdapter {
  type Options = {
    /** Read from this Esplora API instead of the network's `rpcUrl`. */
    url?: string | undefined
    timeoutMs?: number | undefined
  }
}

const stats = z.object({ funded_txo_sum: z.number(), spent_txo_sum: z.number() })
const addressSchema = z.object({ chain_stats: stats, mempool_stats: stats })
const output = z.object({
  scriptpubkey_address: z.string().optional(),
  value: z.number().int().nonnegative(),
})
const transactionSchema = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vin: z.array(z.object({ prevout: output.nullable().optional() })),
  vout: z.array(output),
  status: z.object({ confirmed: z.boolean(), block_time: z.number().optional() }),
})
type EsploraTransaction = z.infer<typeof transactionSchema>

/** Esplora answers up to 25 confirmed transactions a page (after the mempool's, on the first). */
const confirmedPerPage = 25

/**
 * @example
 * const adapter = createEsploraAdapter()
 * await adapter.balances({ address: 'bcrt1q…', network: bitcoinRegtest })
 * // [{ name: 'Bitcoin', symbol: 'BTC', decimals: 8, balance: 100_000n }]
 */
export function createEsploraAdapter(
  options: createEsploraAdapter.Options = {},
): AccountDataAdapter<BitcoinAddress> {
  const { timeoutMs = 10_000 } = options
  /** An Esplora answer, checked; any failure is the account data being unavailable. */
  async function get<value>(network: NetworkConfig, path: string, schema: z.ZodType<value>) {
    const base = (options.url ?? network.rpcUrl).replace(/\/+$/, '')
    try {
      return (await fetchJson(`${base}${path}`, { service: 'Esplora', schema, timeoutMs })) as value
    } catch (error) {
      if (error instanceof UpstreamError)
        throw new AccountDataUnavailableError(error.message, { cause: error })
      throw error
    }
  }
  const path = (address: string) => `/address/${encodeURIComponent(address)}`

  return {
    kind: 'esplora',

    async balances({ address, network }) {
      const { chain_stats: chain, mempool_stats: mempool } = await get(
        network,
        path(address),
        addressSchema,
      )
      const sats =
        chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum
      return sats > 0 ? [{ ...network.nativeCurrency, balance: BigInt(sats) }] : []
    },

    async nfts({ network }) {
      throw new UnsupportedAccountDataError(
        `NFTs are not available for ${network.caipNetworkId}: Airlock shows them for eip155 networks only.`,
      )
    },

    async transactions({ address, network, cursor }): Promise<Page<Transaction>> {
      // The first page: the mempool's and the newest confirmed; the next: confirmed after the
      // cursor (the last txid of the page before).
      const list = await get(
        network,
        cursor === undefined ? `${path(address)}/txs` : `${path(address)}/txs/chain/${cursor}`,
        z.array(transactionSchema),
      )
      const confirmed = list.filter((tx) => tx.status.confirmed)
      const last = confirmed.at(-1)
      const more = confirmed.length >= confirmedPerPage && last !== undefined
      return {
        data: list.map((tx) => activityOf(tx, address, network)),
        next: more ? last.txid : null,
      }
    },
  }
}

/**
 * One transaction as the address's activity: sent (it spent a coin of the address: the amount is
 * what went to others) or received (what came to the address), mined or pending.
 */
function activityOf(tx: EsploraTransaction, address: string, network: NetworkConfig): Transaction {
  const sending = tx.vin.some((input) => input.prevout?.scriptpubkey_address === address)
  const others = tx.vout.filter((out) => out.scriptpubkey_address !== address)
  const moved = (sending ? others : tx.vout.filter((out) => !others.includes(out))).reduce(
    (sum, out) => sum + BigInt(out.value),
    0n,
  )
  const counterparty = sending
    ? others.find((out) => out.scriptpubkey_address)?.scriptpubkey_address
    : tx.vin.find((input) => input.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address
  const { decimals, symbol } = network.nativeCurrency
  return {
    id: tx.txid,
    metadata: {
      minedAt: new Date(
        tx.status.confirmed && tx.status.block_time ? tx.status.block_time * 1000 : Date.now(),
      ).toISOString(),
      chain: network.caipNetworkId,
      operationType: sending ? 'send' : 'receive',
      status: tx.status.confirmed ? 'confirmed' : 'pending',
      sentFrom: sending ? address : (counterparty ?? ''),
      sentTo: sending ? (counterparty ?? '') : address,
    },
    transfers: [
      {
        direction: sending ? 'out' : 'in',
        fungible_info: { symbol, quantity: { numeric: formatUnits(moved, decimals) } },
      },
    ],
  }
}
