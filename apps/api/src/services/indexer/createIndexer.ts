/**
 * The built-in indexer for one EVM network: follows the chain over its RPC into the API's
 * database and serves balances, NFTs and activity from it through an `AccountDataAdapter`.
 * Every replica may call `start()`; a lease row lets one of them index at a time.
 */

import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { NetworkConfig } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { type Address, createPublicClient, http } from 'viem'
import { createLogger, type Logger } from '../../logger'
import type { Database } from '../../storage/storage'
import type { AccountDataAdapter } from '../accountData/adapter'
import { createBuiltinAdapter } from './builtinAdapter'
import type { IndexerContext } from './context'
import { canonicalMulticall3Address, createContractReader } from './contractReader'
import { acquireLease, releaseLease } from './lease'
import { defaultNftMetadataOptions, type NftMetadataOptions } from './nftMetadata'
import { type SyncResult, syncChain } from './syncChain'

export type CreateIndexerOptions = {
  db: Kysely<Database>
  /** An `eip155:*` network. */
  network: NetworkConfig
  /** The RPC the server uses, when it differs from the browser's `network.rpcUrl`. */
  rpcUrl?: string | undefined
  /**
   * Reorgs up to this many blocks deep are undone exactly; blocks are indexed as soon as they are
   * mined either way. Deeper reorgs are logged as errors and undone `max(depth, 1)` blocks deep.
   * Default 6.
   */
  confirmationDepth?: number | undefined
  /** Blocks read and written per transaction. Default 500. */
  batchBlocks?: number | undefined
  /** Pause between catch-up passes in `start()`. Default 1000 ms. */
  pollMs?: number | undefined
  /** Where a chain with no cursor starts. Default 0: the whole history (fine for a dev chain). */
  startBlock?: number | undefined
  /** Default: the canonical Multicall3 address; without a contract there, calls go one by one. */
  multicallAddress?: Address | undefined
  /** How long a lease lasts without renewal. Default 30 s. */
  leaseMs?: number | undefined
  nftMetadata?: Partial<NftMetadataOptions> | undefined
  /** Where lease changes, failures and reorgs are logged. Default: a `createLogger()`. */
  logger?: Logger | undefined
}

export type Indexer = {
  readonly chainId: string
  /** Indexes in the background, whenever this process holds the chain's lease. */
  start(): void
  /** Ends the background loop after the current batch and gives the lease up. */
  stop(): Promise<void>
  /**
   * One catch-up pass to the current head, without the lease (tests, scripts). Passes of one
   * indexer never overlap; another process indexing at the same time is detected and left to it.
   */
  syncOnce(): Promise<SyncResult>
  adapter: AccountDataAdapter
}

/**
 * @example
 * const indexer = createIndexer({ db: storage.db, network: anvil, rpcUrl: 'http://127.0.0.1:8545' })
 * indexer.start()
 * const page = await indexer.adapter.transactions({ address, network: anvil, limit: 20 })
 */
export function createIndexer(options: CreateIndexerOptions): Indexer {
  const { db, network } = options
  if (namespaceOf(network.caipNetworkId) !== 'eip155')
    throw new TypeError(`The built-in indexer follows EVM chains, not ${network.caipNetworkId}`)
  const pollMs = options.pollMs ?? 1_000
  const leaseMs = options.leaseMs ?? 30_000
  const logger = (options.logger ?? createLogger()).child({ indexer: network.caipNetworkId })
  const client = createPublicClient({
    transport: http(options.rpcUrl ?? network.rpcUrl, { timeout: 10_000, retryCount: 1 }),
    cacheTime: 0,
  })
  const reader = createContractReader(
    client,
    options.multicallAddress ?? canonicalMulticall3Address,
  )
  const context: IndexerContext = {
    db,
    client,
    reader,
    chainId: network.caipNetworkId,
    confirmationDepth: wholeNumber('confirmationDepth', options.confirmationDepth ?? 6, 0),
    batchBlocks: wholeNumber('batchBlocks', options.batchBlocks ?? 500, 1),
    startBlock: options.startBlock ?? 0,
    nftMetadata: { ...defaultNftMetadataOptions, ...options.nftMetadata },
    logger,
  }
  const chainId = context.chainId
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

  // Passes run one after another, whether from the loop or from `syncOnce`.
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <result>(pass: () => Promise<result>): Promise<result> => {
    const run = queue.then(pass)
    queue = run.catch(() => {})
    return run
  }

  let running = false
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined

  async function runLoop(): Promise<void> {
    let holding = false
    let failures = 0
    let lastError = ''
    while (running) {
      try {
        const leased = await acquireLease(db, chainId, holder, leaseMs)
        if (leased !== holding)
          logger.info({ holder }, leased ? 'indexing' : 'another replica indexes; standing by')
        holding = leased
        if (leased)
          await exclusive(() =>
            syncChain(context, {
              shouldContinue: async () =>
                running && (await acquireLease(db, chainId, holder, leaseMs)),
            }),
          )
        if (failures > 0) logger.info('recovered')
        failures = 0
        lastError = ''
      } catch (error) {
        failures++
        const message = error instanceof Error ? error.message : String(error)
        // The first failure and each new kind of failure are logged; repeats are not.
        if (message !== lastError) logger.warn(`${message.split('\n')[0]} (retrying)`)
        lastError = message
      }
      if (!running) break
      const backoff = Math.min(pollMs * 2 ** Math.min(failures, 5), 30_000)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, failures > 0 ? backoff : pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
    if (holding) await releaseLease(db, chainId, holder).catch(() => {})
  }

  return {
    chainId,
    start() {
      if (running) return
      running = true
      loop = runLoop()
    },
    async stop() {
      running = false
      wake?.()
      await loop
      loop = undefined
    },
    syncOnce: () => exclusive(() => syncChain(context)),
    adapter: createBuiltinAdapter({ db, client, reader, network }),
  }
}

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`)
  return value
}
