/**
 * The name an eip155 address goes by (spec §6: names on eip155 only): its primary name's record
 * from the registry's reverse lookup, null when it has none, or undefined while it is not known,
 * with names off on this API, or when the lookup failed — then nothing about names is shown.
 * The lookup is a query kept 5 minutes per modal (namesApi), so a list of rows asks once per
 * address.
 */
import type { NameRecord } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useModal } from '../components/useModal'
import { queryClientOf } from '../queries/queryClient'
import { namesApi } from './namesApi'

export function useAddressName(address: string | undefined): NameRecord | null | undefined {
  const modal = useModal()
  const names = useMemo(() => namesApi(modal), [modal])
  const { data } = useQuery(
    { ...names.reverseQuery(address ?? ''), enabled: address !== undefined },
    queryClientOf(modal.store),
  )
  // Names off (namesNotConfigured) or unreachable: no data, and the address alone is shown.
  return address && data ? (data[0] ?? null) : undefined
}
