/**
 * Account data for Polkadot networks: the free balance from the node's own JSON-RPC (the network's
 * `rpcUrl`: `state_getStorage` of `System.Account`, whose SCALE layout puts the free balance
 * after four u32 counters), and activity from a Subscan API (`/api/v2/scan/transfers`, the
 * indexer Polkadot's explorers and wallets read; its key in `X-API-Key`), newest first, paged by
 * number. Addresses are compared by public key: Subscan may write them with another SS58 prefix.
 * Polkadot has no NFTs here.
 */

import type { NetworkConfig, Page, Transaction } from '@airlock/protocol'
import { decodePolkadotAddress } from '@airlock/protocol/polkadot'
import { u8aToHex } from '@polkadot/util'
import { blake2AsU8a, xxhashAsU8a } from '@polkadot/util-crypto'
import { z } from 'zod'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  InvalidCursorError,
  type PolkadotAddress,
  UnsupportedAccountDataError,
} from './adapter'
import { fetchJson, UpstreamError } from './http'

export declare namespace createSubstrateAdapter {
  type Options = {
    /** Subscan's API for this network (`https://polkadot.api.subscan.io`); default the `rpcUrl`. */
    subscanUrl?: string | undefined
    subscanApiKey?: string | undefined
    timeoutMs?: number | undefined
  }
}

const rpcAnswer = z.object({
  result: z
    .string()
    .regex(/^0x([0-9a-f]{2})*$/i)
    .nullable(),
})
const transfer = z.object({
  from: z.string(),
  to: z.string(),
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  block_timestamp: z.number(),
  hash: z.string(),
  success: z.boolean(),
})
const subscanAnswer = z.object({
  code: z.literal(0),
  data: z.object({ count: z.number(), transfers: z.array(transfer).nullable() }),
})

/** Transfers a page of activity holds. */
const perPage = 25
const storagePrefix = u8aToHex(
  new Uint8Array([...xxhashAsU8a('System', 128), ...xxhashAsU8a('Account', 128)]),
)

/** `System.Account`'s storage key of an account (Blake2_128Concat of its 32 bytes). */
const accountKey = (publicKey: Uint8Array) =>
  `${storagePrefix}${u8aToHex(new Uint8Array([...blake2AsU8a(publicKey, 128), ...publicKey])).slice(2)}`

/** The free balance of an encoded AccountInfo: a u128 after nonce, consumers, providers, sufficients. */
function freeOf(scale: string | null): bigint {
  if (scale === null) return 0n
  const bytes = scale.slice(2).match(/../g) ?? []
  const free = bytes.slice(16, 32)
  if (free.length !== 16)
    throw new AccountDataUnavailableError('The node answered an account of another form.')
  return BigInt(`0x${free.reverse().join('') || '0'}`)
}

export function createSubstrateAdapter(
  options: createSubstrateAdapter.Options = {},
): AccountDataAdapter<PolkadotAddress> {
  const { timeoutMs = 10_000 } = options
  async function call<value>(
    url: string,
    service: string,
    body: unknown,
    schema: z.ZodType<value>,
    headers: Record<string, string> = {},
  ) {
    try {
      return (await fetchJson(url, {
        service,
        schema,
        timeoutMs,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
      })) as value
    } catch (error) {
      if (error instanceof UpstreamError)
        throw new AccountDataUnavailableError(error.message, { cause: error })
      throw error
    }
  }

  return {
    kind: 'substrate',

    async balances({ address, network }) {
      const { publicKey } = decodePolkadotAddress(address)
      const { result } = await call(
        network.rpcUrl,
        'The Polkadot node',
        { jsonrpc: '2.0', id: 1, method: 'state_getStorage', params: [accountKey(publicKey)] },
        rpcAnswer,
      )
      const free = freeOf(result)
      return free > 0n ? [{ ...network.nativeCurrency, balance: free }] : []
    },

    async nfts({ network }) {
      throw new UnsupportedAccountDataError(
        `NFTs are not available for ${network.caipNetworkId}: Airlock shows them for eip155 networks only.`,
      )
    },

    async transactions({ address, network, cursor }): Promise<Page<Transaction>> {
      const page = cursor === undefined ? 0 : Number(cursor)
      if (!Number.isSafeInteger(page) || (page < 1 && cursor !== undefined))
        throw new InvalidCursorError(`"${cursor}" is not a page of Polkadot activity.`)
      const base = (options.subscanUrl ?? network.rpcUrl).replace(/\/+$/, '')
      const { data } = await call(
        `${base}/api/v2/scan/transfers`,
        'Subscan',
        { address, row: perPage, page },
        subscanAnswer,
        options.subscanApiKey ? { 'x-api-key': options.subscanApiKey } : {},
      )
      const key = u8aToHex(decodePolkadotAddress(address).publicKey)
      const transfers = data.transfers ?? []
      return {
        data: transfers.map((item) => activityOf(item, key, address, network)),
        next: (page + 1) * perPage < data.count ? String(page + 1) : null,
      }
    },
  }
}

/** One transfer as the address's activity: sent when its key is the sender's. */
function activityOf(
  item: z.infer<typeof transfer>,
  key: string,
  address: string,
  network: NetworkConfig,
): Transaction {
  const keyOf = (value: string) => {
    try {
      return u8aToHex(decodePolkadotAddress(value).publicKey)
    } catch {
      return undefined
    }
  }
  const sending = keyOf(item.from) === key
  return {
    id: item.hash,
    metadata: {
      minedAt: new Date(item.block_timestamp * 1000).toISOString(),
      chain: network.caipNetworkId,
      operationType: sending ? 'send' : 'receive',
      status: item.success ? 'confirmed' : 'failed',
      sentFrom: sending ? address : item.from,
      sentTo: sending ? item.to : address,
    },
    transfers: [
      {
        direction: sending ? 'out' : 'in',
        fungible_info: {
          symbol: network.nativeCurrency.symbol,
          quantity: { numeric: item.amount },
        },
      },
    ],
  }
}
