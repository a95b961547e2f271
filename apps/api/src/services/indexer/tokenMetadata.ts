/**
 * Token contract metadata (`name`, `symbol`, `decimals`) and ERC-721 `tokenURI`s, read in one
 * multicall per batch. A contract that does not implement a function gets null for it.
 */

import type { Insertable } from 'kysely'
import { type Address, parseAbi } from 'viem'
import type { IndexerTokensTable } from '../../storage/storage'
import type { ContractReader, ReadResult } from './contractReader'

export const tokenAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenURI(uint256 tokenId) view returns (string)',
])

// On-chain art makes long data URIs; past a megabyte it is not metadata worth reading.
const maxUriChars = 1024 * 1024

export type TokenRef = { address: string; kind: 'erc20' | 'erc721' }

export async function readTokenMetadata(
  reader: ContractReader,
  chainId: string,
  tokens: readonly TokenRef[],
): Promise<Insertable<IndexerTokensTable>[]> {
  const functions = ['name', 'symbol', 'decimals'] as const
  const results = await reader.read(
    tokens.flatMap(({ address }) =>
      functions.map((functionName) => ({
        address: address as Address,
        abi: tokenAbi,
        functionName,
      })),
    ),
  )
  return tokens.map(({ address, kind }, index) => {
    const [name, symbol, decimals] = results.slice(index * 3, index * 3 + 3)
    return {
      chain_id: chainId,
      address,
      kind,
      name: text(name, maxUriChars)?.slice(0, 200) ?? null,
      symbol: text(symbol, maxUriChars)?.slice(0, 64) ?? null,
      // ERC-721s have no decimals; a few expose one anyway, which means nothing for them.
      decimals: kind === 'erc20' && decimals?.ok ? Number(decimals.value) : null,
    }
  })
}

/** `tokenURI(tokenId)` of each NFT; null where the call failed. */
export async function readTokenUris(
  reader: ContractReader,
  nfts: readonly { contract: string; tokenId: string }[],
): Promise<(string | null)[]> {
  const results = await reader.read(
    nfts.map(({ contract, tokenId }) => ({
      address: contract as Address,
      abi: tokenAbi,
      functionName: 'tokenURI',
      args: [BigInt(tokenId)],
    })),
  )
  return results.map((result) => text(result, maxUriChars))
}

/** A string read from an arbitrary contract: no NULs (Postgres rejects them), bounded length. */
function text(result: ReadResult | undefined, maxChars: number): string | null {
  if (!result?.ok || typeof result.value !== 'string') return null
  const value = result.value.replaceAll('\u0000', '').trim()
  return value === '' || value.length > maxChars ? null : value
}
