/**
 * The name an eip155 address goes by (spec §6: names on eip155 only): its primary name's record
 * from the registry's reverse lookup, null when it has none, or undefined while it is not known,
 * with names off on this API, or when the lookup failed — then nothing about names is shown.
 * Answers are kept 5 minutes per modal (nameQueries), so a list of rows asks once per address.
 */
import type { NameRecord } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { queryClientOf } from '../queries/queryClient'
import { reverseNameQuery } from './nameQueries'
import { useNamesContext } from './useNamesContext'

export function useAddressName(address: string | undefined): NameRecord | null | undefined {
  const context = useNamesContext()
  const names = useQuery(
    { ...reverseNameQuery(context, address ?? ''), enabled: !!address },
    queryClientOf(context.store),
  )
  // Names off (namesNotConfigured) or unreachable: the address alone is shown.
  if (!address || names.isError || !names.data) return undefined
  return names.data[0] ?? null
}
