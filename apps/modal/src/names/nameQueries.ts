/**
 * Names as server state (spec §9 ENS cache): a name's record and an address's names are kept 5
 * minutes by the modal's TanStack Query client, so a list of rows asks once per address. Names
 * being off on this API is kept the same 5 minutes and answers every key after one refusal
 * (Account would otherwise ask again on each open, Activity per row), each in its own words.
 */
import { type NameRecord, nameErrors } from '@airlock/protocol'
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { ApiFetch } from '../api'
import { queryClientOf } from '../queries/queryClient'
import type { ModalStore } from '../stores/store'
import { createNamesApi, isNamesOff, NamesApiError } from './namesApi'

/** How long a lookup or reverse lookup is kept (spec §9 ENS cache). */
export const nameCacheMs = 5 * 60_000

/** What name queries need: the API and the store whose query client keeps the answers. */
export type NamesContext = { apiFetch: ApiFetch; store: ModalStore }

/** Where the query client keeps that names are off on this API (the refusal's cause). */
const namesOffKey = ['names', 'off'] as const
export const nameLookupKey = (name: string) => ['names', 'lookup', name] as const
export const reverseNameKey = (address: string) =>
  ['names', 'reverse', address.toLowerCase()] as const

/**
 * `load`'s answer; while names are known to be off, the same refusal in `failure`'s words,
 * without asking. A refusal saying names are off is kept for every key.
 */
async function unlessNamesOff<result>(
  client: QueryClient,
  failure: string,
  load: () => Promise<result>,
): Promise<result> {
  const off = client.getQueryState<unknown>(namesOffKey)
  if (off?.data !== undefined && Date.now() - off.dataUpdatedAt < nameCacheMs)
    throw new NamesApiError(failure, { cause: off.data })
  try {
    return await load()
  } catch (error) {
    if (isNamesOff(error)) client.setQueryData(namesOffKey, error.cause)
    throw error
  }
}

/**
 * A name's record, null when no one has it (free).
 *
 * @example
 * useQuery(nameLookupQuery(context, 'alice.airlock.eth'), queryClientOf(store))
 */
export function nameLookupQuery(context: NamesContext, name: string) {
  const client = queryClientOf(context.store)
  return queryOptions({
    queryKey: nameLookupKey(name),
    queryFn: async (): Promise<NameRecord | null> =>
      (await unlessNamesOff(client, nameErrors.errorResolvingName, () =>
        createNamesApi(context.apiFetch).lookup(name),
      )) ?? null,
    staleTime: nameCacheMs,
    gcTime: nameCacheMs,
  })
}

/** The address's names, its primary name first; any spelling of the address is one entry. */
export function reverseNameQuery(context: NamesContext, address: string) {
  const client = queryClientOf(context.store)
  return queryOptions({
    queryKey: reverseNameKey(address),
    queryFn: () =>
      unlessNamesOff(client, nameErrors.errorFetchingNamesForAddress, () =>
        createNamesApi(context.apiFetch).reverse(address),
      ),
    staleTime: nameCacheMs,
    gcTime: nameCacheMs,
  })
}
