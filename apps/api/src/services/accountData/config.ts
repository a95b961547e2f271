/**
 * Which indexer and which price source serve each network, chosen by the operator in
 * `AIRLOCK_ACCOUNT_DATA_JSON`: an object keyed by CAIP-2 network id. Entries replace the
 * defaults by id (`null` removes one). By default only the local chains have account data: Anvil
 * by the built-in indexer (ETH at 2500 USD), Solana Localnet by its RPC (SOL at 150 USD), both
 * with static prices, Bitcoin Regtest by its Esplora API and Cosmos Local by its REST API
 * (both unpriced). A Cosmos network's is `{ "indexer": { "kind": "cosmosRest" } }`: its
 * catalogue `rpcUrl`, a Cosmos SDK REST API (LCD), or another by `indexer.url`. A Polkadot
 * network's is `{ "indexer": { "kind": "substrate", "subscanUrl": "https://polkadot.api.subscan.io",
 * "subscanApiKey": "…" } }`: the balance from its node, activity from Subscan. Bitcoin mainnet's is
 * `{ "indexer": { "kind": "esplora" }, "prices": { "kind": "coingecko", "platformId": "bitcoin",
 * "nativeCoinId": "bitcoin" } }`: mempool.space's API, or another Esplora by `indexer.url`. Checked at start against the network catalogue, so a typo stops the server
 * with a message instead of a 400 at run time.
 *
 * Token addresses (price keys, spam contracts, Solana token names) are in their network's form:
 * EVM addresses are lower-cased, Solana mints kept as written (base58 is case-sensitive).
 *
 * @example
 * AIRLOCK_ACCOUNT_DATA_JSON='{
 *   "eip155:1": {
 *     "indexer": { "kind": "alchemy", "apiKey": "…" },
 *     "prices": { "kind": "coingecko", "platformId": "ethereum", "nativeCoinId": "ethereum" },
 *     "spamContracts": ["0x…"]
 *   },
 *   "eip155:31337": {
 *     "indexer": { "kind": "builtin", "confirmationDepth": 0 },
 *     "prices": { "kind": "static", "native": 2500, "tokens": { "0x5fbd…": 1 } }
 *   },
 *   "solana:localnet": {
 *     "indexer": { "kind": "solanaRpc", "tokens": { "7P4c…": { "name": "Airlock Solana USD", "symbol": "sUSD" } } },
 *     "prices": { "kind": "static", "native": 150, "tokens": { "7P4c…": 1 } }
 *   }
 * }'
 */

import type { NetworkConfig } from '@airlock/protocol'
import {
  bitcoinCaipNetworkIds,
  cosmosCaipNetworkIds,
  cosmosNetworkNames,
  cosmosNetworkOf,
  namespaceOf,
  polkadotCaipNetworkIds,
} from '@airlock/protocol'
import { z } from 'zod'
import { tokenKey } from './adapter'
import { isSolanaAccountAddress, type SolanaTokenInfo } from './solanaRpc'

/** Thrown at start when `AIRLOCK_ACCOUNT_DATA_JSON` is unusable; the message says why. */
export class AccountDataConfigError extends Error {
  override readonly name = 'AccountDataConfigError'
}

const evmAddressMessage = 'must be an address: 0x and 40 hex characters'
const solanaAddressMessage = 'must be a Solana address: 32 to 44 base58 characters'

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''))

const usd = z.number().nonnegative().finite()

const indexerSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('builtin'),
    /** Blocks a log must be buried under before the indexer counts it. */
    confirmationDepth: z.int().min(0).max(1_000).optional(),
  }),
  z.strictObject({
    kind: z.literal('alchemy'),
    apiKey: z.string().min(1),
    /** e.g. `https://eth-mainnet.g.alchemy.com`; known chains have a default. */
    baseUrl: httpUrl.optional(),
  }),
  z.strictObject({
    kind: z.literal('esplora'),
    /** Another Esplora API than the network's `rpcUrl` (the catalogue's) to read from. */
    url: httpUrl.optional(),
  }),
  z.strictObject({
    kind: z.literal('substrate'),
    /** Subscan's API of the network, for activity (the network's `rpcUrl` when absent). */
    subscanUrl: httpUrl.optional(),
    subscanApiKey: z.string().min(1).optional(),
  }),
  z.strictObject({
    kind: z.literal('cosmosRest'),
    /** Another REST API (LCD) than the network's `rpcUrl` (the catalogue's) to read from. */
    url: httpUrl.optional(),
  }),
  z.strictObject({
    kind: z.literal('solanaRpc'),
    /** Names for the mints the operator knows, by mint address (checked with the others). */
    tokens: z
      .record(
        z.string(),
        z.strictObject({
          name: z.string().min(1).max(64),
          symbol: z.string().min(1).max(16),
          decimals: z.int().min(0).max(255).optional(),
          iconUrl: httpUrl.optional(),
        }),
      )
      .optional(),
  }),
])

const pricesSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('static'),
    native: usd.optional(),
    tokens: z.record(z.string(), usd).optional(),
  }),
  z.strictObject({
    kind: z.literal('coingecko'),
    /** CoinGecko's asset platform id, e.g. `ethereum`, `base`, `polygon-pos`. */
    platformId: z.string().min(1),
    /** CoinGecko's coin id of the native token, e.g. `ethereum`. */
    nativeCoinId: z.string().min(1),
    apiKey: z.string().min(1).optional(),
    baseUrl: httpUrl.optional(),
  }),
])

const networkAccountDataSchema = z.strictObject({
  indexer: indexerSchema,
  prices: pricesSchema,
  /** Checked against the network's namespace once the id is known. */
  spamContracts: z.array(z.string()).optional(),
})

const caipNetworkId = z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'not a CAIP-2 id')

const environmentSchema = z.record(caipNetworkId, networkAccountDataSchema.nullable())

export type BuiltinIndexerConfig = Extract<z.output<typeof indexerSchema>, { kind: 'builtin' }>
export type AlchemyIndexerConfig = { kind: 'alchemy'; apiKey: string; baseUrl: string }
export type SolanaRpcIndexerConfig = {
  kind: 'solanaRpc'
  tokens?: Record<string, SolanaTokenInfo> | undefined
}
export type EsploraIndexerConfig = { kind: 'esplora'; url?: string | undefined }
export type CosmosRestIndexerConfig = { kind: 'cosmosRest'; url?: string | undefined }
export type SubstrateIndexerConfig = {
  kind: 'substrate'
  subscanUrl?: string | undefined
  subscanApiKey?: string | undefined
}
export type IndexerConfig =
  | BuiltinIndexerConfig
  | AlchemyIndexerConfig
  | SolanaRpcIndexerConfig
  | EsploraIndexerConfig
  | CosmosRestIndexerConfig
  | SubstrateIndexerConfig
export type StaticPricesConfig = {
  kind: 'static'
  native?: number | undefined
  /** Keys are token keys: lower-case EVM addresses, Solana mints as they are. */
  tokens?: Record<string, number> | undefined
}
export type CoingeckoPricesConfig = Extract<z.output<typeof pricesSchema>, { kind: 'coingecko' }>
export type PricesConfig = StaticPricesConfig | CoingeckoPricesConfig

export type NetworkAccountDataConfig = {
  indexer: IndexerConfig
  prices: PricesConfig
  /** Contracts (mints on Solana) the operator declares spam, as token keys (see `tokenKey`). */
  spamContracts?: string[] | undefined
}

/** Per CAIP-2 network id. Networks absent here have no account data. */
export type AccountDataConfig = Record<string, NetworkAccountDataConfig>

/** The dev chain's USD price for ETH when nothing else is configured. */
export const anvilEthUsd = 2500
/** Airlock USD, which `devchain/seed.mjs` deploys at this address on a fresh Anvil chain. */
export const devchainUsdAddress = '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35'
/** The seed's spam NFT collection ("Free Mint Rewards"). */
export const devchainSpamCollection = '0x8ce361602b935680e8dec218b820ff5056beb7af'
/** The local Solana chain's USD price for SOL when nothing else is configured. */
export const localnetSolUsd = 150
/** sUSD, the mint `devchain/solanaDev.mjs` creates on the local Solana chain (`devUsdMint`). */
export const devchainSolanaUsdMint = '7P4c9qPUnQpXSLtdTB9X2aqbF6xBZ8VEy9xZESrxDnA3'

/**
 * Account data when `AIRLOCK_ACCOUNT_DATA_JSON` is unset: the local chains only. Anvil with ETH at
 * 2500 USD, the dev chain's aUSD at 1 and its spam collection flagged; Solana Localnet read from
 * its RPC, with SOL at 150 USD and sUSD named and at 1; Bitcoin Regtest read from its Esplora API,
 * its coins unpriced (regtest coins are worth nothing); Cosmos Local read from its REST API and
 * Polkadot Local from its node and the Subscan routes it serves beside it, unpriced too.
 */
export function defaultAccountDataConfig(): AccountDataConfig {
  return {
    'eip155:31337': {
      indexer: { kind: 'builtin' },
      prices: { kind: 'static', native: anvilEthUsd, tokens: { [devchainUsdAddress]: 1 } },
      spamContracts: [devchainSpamCollection],
    },
    'solana:localnet': {
      indexer: {
        kind: 'solanaRpc',
        tokens: {
          [devchainSolanaUsdMint]: { name: 'Airlock Solana USD', symbol: 'sUSD', decimals: 6 },
        },
      },
      prices: { kind: 'static', native: localnetSolUsd, tokens: { [devchainSolanaUsdMint]: 1 } },
    },
    [bitcoinCaipNetworkIds.regtest]: { indexer: { kind: 'esplora' }, prices: { kind: 'static' } },
    [cosmosCaipNetworkIds.local]: { indexer: { kind: 'cosmosRest' }, prices: { kind: 'static' } },
    [polkadotCaipNetworkIds.local]: { indexer: { kind: 'substrate' }, prices: { kind: 'static' } },
  }
}

/** The namespace each indexer reads. */
const indexerNamespaces = {
  builtin: 'eip155',
  alchemy: 'eip155',
  solanaRpc: 'solana',
  esplora: 'bip122',
  cosmosRest: 'cosmos',
  substrate: 'polkadot',
} as const satisfies Record<IndexerConfig['kind'], string>

/** Alchemy's hosts for the chains it serves that are likeliest here; others need `baseUrl`. */
export const alchemyHosts: Readonly<Record<string, string>> = {
  'eip155:1': 'https://eth-mainnet.g.alchemy.com',
  'eip155:11155111': 'https://eth-sepolia.g.alchemy.com',
  'eip155:8453': 'https://base-mainnet.g.alchemy.com',
  'eip155:84532': 'https://base-sepolia.g.alchemy.com',
  'eip155:137': 'https://polygon-mainnet.g.alchemy.com',
  'eip155:80002': 'https://polygon-amoy.g.alchemy.com',
  'eip155:42161': 'https://arb-mainnet.g.alchemy.com',
  'eip155:421614': 'https://arb-sepolia.g.alchemy.com',
  'eip155:10': 'https://opt-mainnet.g.alchemy.com',
  'eip155:11155420': 'https://opt-sepolia.g.alchemy.com',
}

export type AccountDataEnvironment = { AIRLOCK_ACCOUNT_DATA_JSON?: string | undefined }

/**
 * The account data settings for this process: the defaults with the entries of
 * `AIRLOCK_ACCOUNT_DATA_JSON` replacing them by network id.
 *
 * @throws {AccountDataConfigError} when the variable is not JSON, does not match the schema,
 * names a network the catalogue lacks or one its indexer cannot serve (builtin and alchemy are
 * eip155 only, solanaRpc solana only, esplora bip122 only, cosmosRest the known cosmos ones), has a token address not in the network's form, or uses
 * Alchemy on a chain without a known host and no `baseUrl`.
 */
export function loadAccountDataConfig(
  env: AccountDataEnvironment,
  networks: readonly NetworkConfig[],
): AccountDataConfig {
  // The defaults serve the local chains; production mode may leave those out of the catalogue.
  const config: AccountDataConfig = Object.fromEntries(
    Object.entries(defaultAccountDataConfig()).filter(([id]) =>
      networks.some((network) => network.caipNetworkId === id),
    ),
  )
  const json = env.AIRLOCK_ACCOUNT_DATA_JSON
  if (json !== undefined && json.trim() !== '') {
    let raw: unknown
    try {
      raw = JSON.parse(json)
    } catch (error) {
      throw new AccountDataConfigError(
        `AIRLOCK_ACCOUNT_DATA_JSON is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const parsed = environmentSchema.safeParse(raw)
    if (!parsed.success)
      throw new AccountDataConfigError(
        `AIRLOCK_ACCOUNT_DATA_JSON must map CAIP-2 network ids to { indexer, prices, spamContracts? }:\n${z.prettifyError(parsed.error)}`,
      )
    for (const [id, entry] of Object.entries(parsed.data)) {
      if (entry === null) {
        delete config[id]
        continue
      }
      const { indexer, prices, spamContracts } = entry
      config[id] = {
        indexer:
          indexer.kind === 'alchemy'
            ? { kind: 'alchemy', apiKey: indexer.apiKey, baseUrl: alchemyBaseUrl(id, indexer) }
            : indexer.kind === 'solanaRpc' && indexer.tokens !== undefined
              ? { kind: 'solanaRpc', tokens: tokenNameKeys(id, indexer.tokens) }
              : indexer,
        prices:
          prices.kind === 'static'
            ? { kind: 'static', native: prices.native, tokens: tokenPriceKeys(id, prices.tokens) }
            : prices,
        ...(spamContracts === undefined
          ? {}
          : {
              spamContracts: spamContracts.map((contract) =>
                tokenAddressKey(id, contract, 'spamContracts entry'),
              ),
            }),
      }
    }
  }

  for (const id of Object.keys(config)) {
    if (!networks.some((network) => network.caipNetworkId === id))
      throw new AccountDataConfigError(
        `AIRLOCK_ACCOUNT_DATA_JSON: ${id} is not in the network catalogue; add it with AIRLOCK_NETWORKS_JSON.`,
      )
    const { kind } = config[id]?.indexer ?? {}
    if (!kind) continue
    const namespace = indexerNamespaces[kind]
    if (!id.startsWith(`${namespace}:`))
      throw new AccountDataConfigError(
        `AIRLOCK_ACCOUNT_DATA_JSON: ${id}: the ${kind} indexer serves ${namespace} networks only.`,
      )
    if (kind === 'cosmosRest' && !cosmosNetworkOf(id))
      throw new AccountDataConfigError(
        `AIRLOCK_ACCOUNT_DATA_JSON: ${id}: the cosmosRest indexer reads the Cosmos networks Airlock knows the denomination of (${cosmosNetworkNames.map((name) => cosmosCaipNetworkIds[name]).join(', ')}).`,
      )
  }
  return config
}

function alchemyBaseUrl(id: string, indexer: { baseUrl?: string | undefined }): string {
  const baseUrl = indexer.baseUrl ?? alchemyHosts[id]
  if (baseUrl === undefined)
    throw new AccountDataConfigError(
      `AIRLOCK_ACCOUNT_DATA_JSON: ${id}: Alchemy has no known host for this chain; set indexer.baseUrl (e.g. https://<network>.g.alchemy.com).`,
    )
  return baseUrl
}

function tokenPriceKeys(
  id: string,
  tokens: Record<string, number> | undefined,
): Record<string, number> {
  const result: Record<string, number> = {}
  for (const [key, price] of Object.entries(tokens ?? {}))
    result[tokenAddressKey(id, key, 'prices.tokens key')] = price
  return result
}

function tokenNameKeys(
  id: string,
  tokens: Record<string, SolanaTokenInfo>,
): Record<string, SolanaTokenInfo> {
  const result: Record<string, SolanaTokenInfo> = {}
  for (const [key, info] of Object.entries(tokens))
    result[tokenAddressKey(id, key, 'indexer.tokens key')] = info
  return result
}

/**
 * A token address checked against the network's namespace and turned into its `tokenKey`: an
 * EVM address lower-cased, a Solana mint as written.
 */
function tokenAddressKey(id: string, value: string, what: string): string {
  const solana = namespaceOf(id) === 'solana'
  const valid = solana ? isSolanaAccountAddress(value) : /^0x[0-9a-fA-F]{40}$/.test(value)
  if (!valid)
    throw new AccountDataConfigError(
      `AIRLOCK_ACCOUNT_DATA_JSON: ${id}: ${what} ${JSON.stringify(value)} ${solana ? solanaAddressMessage : evmAddressMessage}.`,
    )
  return tokenKey(id, value)
}
