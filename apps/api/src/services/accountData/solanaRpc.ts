/**
 * Account data for Solana networks, read live from the network's own JSON-RPC (the catalogue's
 * `rpcUrl`): SOL by `getBalance`, SPL tokens by `getTokenAccountsByOwner` (jsonParsed) under both
 * the Token and the Token-2022 programs, summed per mint. The RPC knows no token names: the
 * operator's `tokens` list names the mints it knows, others show a short form of the mint.
 * Activity and NFTs are not served on Solana (spec §6: activity is eip155 only).
 */

import type { NetworkConfig } from '@airlock/protocol'
import { isSolanaAddress } from '@airlock/protocol'
import { createSolanaRpc, isAddress, type Address as SolanaAddress } from '@solana/kit'
import { z } from 'zod'
import {
  type AccountDataAdapter,
  AccountDataUnavailableError,
  type TokenHolding,
  UnsupportedAccountDataError,
} from './adapter'

/** How the operator names a mint (`AIRLOCK_ACCOUNT_DATA_JSON` … `indexer.tokens`). */
export type SolanaTokenInfo = {
  name: string
  symbol: string
  /** Informational: amounts use the decimals the chain reports for the mint. */
  decimals?: number | undefined
  iconUrl?: string | undefined
}

export declare namespace createSolanaRpcAdapter {
  type Options = {
    /** Known mints by address (base58, exact case). */
    tokens?: Readonly<Record<string, SolanaTokenInfo>> | undefined
    timeoutMs?: number | undefined
  }
}

/**
 * Whether `value` is a Solana address: 32 to 44 base58 characters that decode to 32 bytes.
 *
 * @example
 * isSolanaAccountAddress('7P4c9qPUnQpXSLtdTB9X2aqbF6xBZ8VEy9xZESrxDnA3') // true
 * isSolanaAccountAddress('z'.repeat(44)) // false: base58, but 33 bytes
 */
export function isSolanaAccountAddress(value: unknown): value is SolanaAddress {
  return isSolanaAddress(value) && isAddress(value as string)
}

/** The SPL Token program and Token-2022: a wallet's tokens live under either. */
export const splTokenPrograms = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as SolanaAddress[]

// What a jsonParsed token account must hold for us to count it; anything else is skipped.
const parsedTokenAccountSchema = z.object({
  account: z.object({
    data: z.object({
      parsed: z.object({
        type: z.literal('account'),
        info: z.object({
          mint: z.string(),
          tokenAmount: z.object({
            amount: z.string().regex(/^\d+$/),
            decimals: z.int().min(0).max(255),
          }),
        }),
      }),
    }),
  }),
})

/**
 * @example
 * const adapter = createSolanaRpcAdapter({ tokens: { [mint]: { name: 'USD Coin', symbol: 'USDC' } } })
 * await adapter.balances({ address, network: solanaLocalnet })
 * // [{ name: 'Solana', symbol: 'SOL', decimals: 9, balance: 1_000_000_000_000n }, { address: mint, … }]
 */
export function createSolanaRpcAdapter(
  options: createSolanaRpcAdapter.Options = {},
): AccountDataAdapter<SolanaAddress> {
  const { tokens = {}, timeoutMs = 10_000 } = options
  const clients = new Map<string, ReturnType<typeof createSolanaRpc>>()
  const clientFor = (network: NetworkConfig) => {
    let client = clients.get(network.rpcUrl)
    if (client === undefined) {
      client = createSolanaRpc(network.rpcUrl)
      clients.set(network.rpcUrl, client)
    }
    return client
  }
  const unsupported =
    (what: string) =>
    async ({ network }: { network: NetworkConfig }): Promise<never> => {
      throw new UnsupportedAccountDataError(
        `${what} are not available for ${network.caipNetworkId}: Airlock shows them for eip155 networks only.`,
      )
    }

  return {
    kind: 'solanaRpc',

    async balances({ address, network }) {
      const rpc = clientFor(network)
      const abortSignal = AbortSignal.timeout(timeoutMs)
      let lamports: bigint
      let accounts: unknown[]
      try {
        const [balance, ...byProgram] = await Promise.all([
          rpc.getBalance(address, { commitment: 'confirmed' }).send({ abortSignal }),
          ...splTokenPrograms.map((programId) =>
            rpc
              .getTokenAccountsByOwner(
                address,
                { programId },
                { encoding: 'jsonParsed', commitment: 'confirmed' },
              )
              .send({ abortSignal }),
          ),
        ])
        lamports = balance.value
        accounts = byProgram.flatMap((answer) => answer.value)
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : error instanceof Error
              ? error.message
              : String(error)
        throw new AccountDataUnavailableError(`The Solana RPC did not answer (${reason}).`)
      }

      // A wallet may hold one mint in several token accounts (its associated one and others).
      const perMint = new Map<string, { balance: bigint; decimals: number }>()
      for (const entry of accounts) {
        const parsed = parsedTokenAccountSchema.safeParse(entry)
        if (!parsed.success) continue
        const { mint, tokenAmount } = parsed.data.account.data.parsed.info
        const known = perMint.get(mint)
        perMint.set(mint, {
          balance: (known?.balance ?? 0n) + BigInt(tokenAmount.amount),
          decimals: tokenAmount.decimals,
        })
      }

      const holdings: TokenHolding<SolanaAddress>[] = []
      if (lamports > 0n) holdings.push({ ...network.nativeCurrency, balance: lamports })
      for (const [mint, { balance, decimals }] of perMint) {
        if (balance === 0n) continue
        const info = Object.hasOwn(tokens, mint) ? tokens[mint] : undefined
        holdings.push({
          address: mint as SolanaAddress,
          name: info?.name ?? shortMint(mint),
          symbol: info?.symbol ?? mint.slice(0, 4),
          decimals,
          balance,
          ...(info?.iconUrl === undefined ? {} : { iconUrl: info.iconUrl }),
        })
      }
      return holdings
    },

    nfts: unsupported('NFTs'),
    transactions: unsupported('Transactions'),
  }
}

/** `7P4c…DnA3`: how an unnamed mint shows. */
function shortMint(mint: string): string {
  return `${mint.slice(0, 4)}…${mint.slice(-4)}`
}
