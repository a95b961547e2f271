/**
 * Account data for Cosmos networks, read from the network's REST API (its catalogue `rpcUrl`:
 * the Cosmos SDK's gRPC gateway, the "LCD" every node and public endpoint serves): the native
 * token's balance by denomination (the network's fee denomination, `cosmosNetworkParams`);
 * activity from the transaction index, the address's bank sends and receipts (events
 * `message.sender` and `transfer.recipient`), newest first, a page of each at a time. Cosmos has
 * no NFTs here.
 */

import type { NetworkConfig, Page, Transaction } from '@airlock/protocol'
import { cosmosNetworkOf, cosmosNetworkParams } from '@airlock/protocol'
import { formatUnits } from 'viem'
import { z } from 'zod'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type CosmosAddress,
  InvalidCursorError,
  UnsupportedAccountDataError,
} from './adapter'
import { fetchJson, UpstreamError } from './http'

export declare namespace createCosmosRestAdapter {
  type Options = {
    /** Read from this REST API instead of the network's `rpcUrl`. */
    url?: string | undefined
    timeoutMs?: number | undefined
  }
}

const coin = z.object({ denom: z.string(), amount: z.string().regex(/^\d+$/) })
const balanceSchema = z.object({ balance: coin.nullable().optional() })
const msgSend = z.object({
  '@type': z.literal('/cosmos.bank.v1beta1.MsgSend'),
  from_address: z.string(),
  to_address: z.string(),
  amount: z.array(coin),
})
const txResponse = z.object({
  height: z.string(),
  txhash: z.string().regex(/^[0-9A-F]{64}$/i),
  code: z.number().int(),
  timestamp: z.string(),
  tx: z
    .object({ body: z.object({ messages: z.array(z.looseObject({ '@type': z.string() })) }) })
    .nullable(),
})
const txsSchema = z.object({ tx_responses: z.array(txResponse).nullable().optional() })
type TxResponse = z.infer<typeof txResponse>

/** Transactions read per query and page: one page of sends and one of receipts. */
const perPage = 25

/**
 * @example
 * const adapter = createCosmosRestAdapter()
 * await adapter.balances({ address: 'cosmos1…', network: cosmosLocal })
 * // [{ name: 'Cosmos', symbol: 'ATOM', decimals: 6, balance: 5_000_000n }]
 */
export function createCosmosRestAdapter(
  options: createCosmosRestAdapter.Options = {},
): AccountDataAdapter<CosmosAddress> {
  const { timeoutMs = 10_000 } = options
  /** A REST answer, checked; any failure is the account data being unavailable. */
  async function get<value>(network: NetworkConfig, path: string, schema: z.ZodType<value>) {
    const base = (options.url ?? network.rpcUrl).replace(/\/+$/, '')
    try {
      return (await fetchJson(`${base}${path}`, {
        service: 'The Cosmos REST API',
        schema,
        timeoutMs,
      })) as value
    } catch (error) {
      if (error instanceof UpstreamError)
        throw new AccountDataUnavailableError(error.message, { cause: error })
      throw error
    }
  }
  const denomOf = (network: NetworkConfig) => {
    const name = cosmosNetworkOf(network.caipNetworkId)
    if (!name)
      throw new UnsupportedAccountDataError(
        `${network.caipNetworkId} is not a Cosmos network Airlock knows the denomination of.`,
      )
    return cosmosNetworkParams[name].denom
  }

  /** A page of the transactions an event names the address in, newest first. */
  async function search(network: NetworkConfig, event: string, address: string, page: number) {
    const query = new URLSearchParams({
      query: `${event}='${address}'`,
      order_by: 'ORDER_BY_DESC',
      page: String(page),
      limit: String(perPage),
    })
    try {
      return (await get(network, `/cosmos/tx/v1beta1/txs?${query}`, txsSchema)).tx_responses ?? []
    } catch (error) {
      // Past the last page a node answers 400 ("page should be within [1, n] range").
      if (error instanceof AccountDataUnavailableError && page > 1) return []
      throw error
    }
  }

  return {
    kind: 'cosmosRest',

    async balances({ address, network }) {
      const denom = denomOf(network)
      const { balance } = await get(
        network,
        `/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}/by_denom?denom=${encodeURIComponent(denom)}`,
        balanceSchema,
      )
      const amount = BigInt(balance?.amount ?? '0')
      return amount > 0n ? [{ ...network.nativeCurrency, balance: amount }] : []
    },

    async nfts({ network }) {
      throw new UnsupportedAccountDataError(
        `NFTs are not available for ${network.caipNetworkId}: Airlock shows them for eip155 networks only.`,
      )
    },

    async transactions({ address, network, cursor }): Promise<Page<Transaction>> {
      const denom = denomOf(network)
      const page = cursor === undefined ? 1 : Number(cursor)
      if (!Number.isSafeInteger(page) || page < 1)
        throw new InvalidCursorError(`"${cursor}" is not a page of Cosmos activity.`)
      const [sent, received] = await Promise.all([
        search(network, 'message.sender', address, page),
        search(network, 'transfer.recipient', address, page),
      ])
      const byHash = new Map<string, TxResponse>()
      for (const tx of [...sent, ...received]) byHash.set(tx.txhash, tx)
      const data = [...byHash.values()]
        .sort((a, b) => Number(b.height) - Number(a.height))
        .flatMap((tx) => activityOf(tx, address, network, denom))
      const more = sent.length === perPage || received.length === perPage
      return { data, next: more ? String(page + 1) : null }
    },
  }
}

/**
 * A transaction's bank sends that involve the address, as its activity: sent when it is the
 * sender (to the first recipient), received otherwise; failed ones (a non-zero code) with their
 * status. Sends in other denominations than the native one are left out (no token names here).
 */
function activityOf(
  tx: TxResponse,
  address: string,
  network: NetworkConfig,
  denom: string,
): Transaction[] {
  const sends = (tx.tx?.body.messages ?? []).flatMap((message) => {
    const parsed = msgSend.safeParse(message)
    return parsed.success ? [parsed.data] : []
  })
  const mine = sends.filter((send) => send.from_address === address || send.to_address === address)
  const [first] = mine
  if (!first) return []
  const sending = first.from_address === address
  const amount = mine
    .filter((send) => (sending ? send.from_address === address : send.to_address === address))
    .flatMap((send) => send.amount)
    .filter((part) => part.denom === denom)
    .reduce((sum, part) => sum + BigInt(part.amount), 0n)
  const { decimals, symbol } = network.nativeCurrency
  return [
    {
      id: tx.txhash,
      metadata: {
        minedAt: new Date(tx.timestamp).toISOString(),
        chain: network.caipNetworkId,
        operationType: sending ? 'send' : 'receive',
        status: tx.code === 0 ? 'confirmed' : 'failed',
        sentFrom: first.from_address,
        sentTo: first.to_address,
      },
      transfers: [
        {
          direction: sending ? 'out' : 'in',
          fungible_info: { symbol, quantity: { numeric: formatUnits(amount, decimals) } },
        },
      ],
    },
  ]
}
