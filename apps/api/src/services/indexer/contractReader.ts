/**
 * Batched contract reads for the indexer and its adapter: one Multicall3 `aggregate3` call when
 * the chain has Multicall3, one `eth_call` each otherwise (a bare anvil, a young chain). A read
 * that reverts is a per-call failure; an RPC that cannot be reached throws, so callers retry or
 * answer "unavailable" instead of recording "no metadata".
 */

import {
  type Abi,
  type Address,
  BaseError,
  type ContractFunctionParameters,
  HttpRequestError,
  type PublicClient,
  TimeoutError,
} from 'viem'

export type ContractRead = {
  address: Address
  abi: Abi
  functionName: string
  args?: readonly unknown[]
}

export type ReadResult = { ok: true; value: unknown } | { ok: false; error: unknown }

export type ContractReader = {
  read(calls: readonly ContractRead[]): Promise<ReadResult[]>
}

/** The address Multicall3 has on most chains, and the one the dev-chain seed uses. */
export const canonicalMulticall3Address: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

export function createContractReader(
  client: PublicClient,
  multicallAddress: Address,
): ContractReader {
  // Whether Multicall3 is deployed; asked once it is there, again after it was not.
  let hasMulticall = false
  return {
    async read(calls) {
      if (calls.length === 0) return []
      if (!hasMulticall)
        hasMulticall = (await client.getCode({ address: multicallAddress })) !== undefined
      const results = hasMulticall
        ? (
            await client.multicall({
              contracts: calls as readonly ContractFunctionParameters[],
              allowFailure: true,
              multicallAddress,
            })
          ).map(
            (result): ReadResult =>
              result.status === 'success'
                ? { ok: true, value: result.result }
                : { ok: false, error: result.error },
          )
        : await Promise.all(
            calls.map((call) =>
              client.readContract(call as ContractFunctionParameters).then(
                (value): ReadResult => ({ ok: true, value }),
                (error: unknown): ReadResult => ({ ok: false, error }),
              ),
            ),
          )
      const unreachable = results.find((result) => !result.ok && isTransportError(result.error))
      if (unreachable !== undefined && !unreachable.ok) throw unreachable.error
      return results
    },
  }
}

/** The RPC could not be reached or timed out (as opposed to answering with an error). */
export function isTransportError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  const cause = error.walk(
    (inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError,
  )
  return cause !== null
}

/** `items.map(fn)` with at most `limit` calls in flight; results keep the items' order. */
export async function mapLimit<item, result>(
  items: readonly item[],
  limit: number,
  fn: (item: item) => Promise<result>,
): Promise<result[]> {
  const results = new Array<result>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index] as item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
