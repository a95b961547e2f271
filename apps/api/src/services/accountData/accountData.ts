/**
 * The account-data registry: for each network the operator configured, the adapter that fetches
 * holdings, NFTs and transactions and the price source that values them, plus the cache the
 * routes answer from. Built once at start from `AIRLOCK_ACCOUNT_DATA_JSON` (see `config.ts`).
 */

import type { NetworkConfig } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Logger } from '../../logger'
import type { Cache } from '../../storage/cache/cache'
import type { Database } from '../../storage/storage'
import {
  type AccountAddress,
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type PriceSource,
  tokenKey,
} from './adapter'
import { createAlchemyAdapter } from './alchemy'
import type { AccountDataConfig, BuiltinIndexerConfig } from './config'
import { createCosmosRestAdapter } from './cosmosRest'
import { createEsploraAdapter } from './esplora'
import { createPriceSource } from './prices'
import { createSolanaRpcAdapter } from './solanaRpc'
import { createSubstrateAdapter } from './substrate'

/** What serves one network's account data. */
export type NetworkAccountData = {
  network: NetworkConfig
  /**
   * Takes addresses in the network's form only (EVM for eip155, base58 for solana): the route
   * checks the address against the namespace before calling it.
   */
  adapter: AccountDataAdapter<AccountAddress>
  prices: PriceSource
  /** Contracts the operator declared spam, as token keys: left out of balances, flagged as NFTs. */
  spamContracts: ReadonlySet<string>
}

export type AccountData = {
  cache: Cache
  /** The network's account data, or undefined when it has none (unknown or not configured). */
  forNetwork(caipNetworkId: string): NetworkAccountData | undefined
  /** Configured networks, for the start-up log. */
  readonly networks: readonly NetworkAccountData[]
}

export declare namespace createAccountData {
  type Options = {
    db: Kysely<Database>
    /** The network catalogue; the config only names networks from it. */
    networks: readonly NetworkConfig[]
    config: AccountDataConfig
    cache: Cache
    /** Where the price sources log (CoinGecko outages). Default: a `createLogger()` each. */
    logger?: Logger | undefined
    /**
     * The built-in indexer's adapter for a network: in `main.ts`,
     * `(network, { db, confirmationDepth }) => createIndexer({ db, network, confirmationDepth }).adapter`.
     * Called once per network configured with `{ kind: 'builtin' }`, at start.
     */
    builtin: (
      network: NetworkConfig,
      options: { db: Kysely<Database>; cache: Cache } & Omit<BuiltinIndexerConfig, 'kind'>,
    ) => AccountDataAdapter
  }
}

/**
 * @example
 * const accountData = createAccountData({
 *   db: storage.db,
 *   networks,
 *   config: loadAccountDataConfig(process.env, networks),
 *   cache,
 *   builtin: (network, { db }) => createIndexer({ db, network }).adapter,
 * })
 * accountData.forNetwork('eip155:31337')?.adapter.kind // 'builtin'
 */
export function createAccountData(options: createAccountData.Options): AccountData {
  const { db, networks, config, cache, builtin, logger } = options
  const served = new Map<string, NetworkAccountData>()
  for (const network of networks) {
    const entry = config[network.caipNetworkId]
    if (entry === undefined) continue
    const spamContracts = new Set(
      entry.spamContracts?.map((contract) => tokenKey(network.caipNetworkId, contract)),
    )
    const { indexer } = entry
    let adapter: AccountDataAdapter<AccountAddress>
    if (indexer.kind === 'alchemy')
      adapter = createAlchemyAdapter({
        apiKey: indexer.apiKey,
        baseUrl: indexer.baseUrl,
        spamContracts,
        cache,
      })
    else if (indexer.kind === 'solanaRpc')
      adapter = createSolanaRpcAdapter({ tokens: indexer.tokens })
    else if (indexer.kind === 'esplora') adapter = createEsploraAdapter({ url: indexer.url })
    else if (indexer.kind === 'cosmosRest') adapter = createCosmosRestAdapter({ url: indexer.url })
    else if (indexer.kind === 'substrate')
      adapter = createSubstrateAdapter({
        subscanUrl: indexer.subscanUrl,
        subscanApiKey: indexer.subscanApiKey,
      })
    else {
      const { kind: _, ...builtinOptions } = indexer
      adapter = builtin(network, { db, cache, ...builtinOptions })
    }
    served.set(network.caipNetworkId, {
      network,
      adapter,
      prices: createPriceSource(entry.prices, { cache, logger }),
      spamContracts,
    })
  }
  return {
    cache,
    forNetwork: (caipNetworkId) => served.get(caipNetworkId),
    networks: [...served.values()],
  }
}

/**
 * An adapter that answers every call with {@link AccountDataUnavailableError}: a stand-in where
 * the real one cannot run (the built-in indexer before it ships, a misconfigured network).
 *
 * @example
 * createAccountData({ …, builtin: () => unavailableAdapter('builtin', 'The built-in indexer is not running.') })
 */
export function unavailableAdapter(kind: string, reason: string): AccountDataAdapter {
  const fail = async (): Promise<never> => {
    throw new AccountDataUnavailableError(reason)
  }
  return { kind, balances: fail, nfts: fail, transactions: fail }
}
