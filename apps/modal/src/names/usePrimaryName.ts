/**
 * The connected account's primary name record for Account (spec §6: names on eip155 only): the
 * record, null when the address has none (Account offers to choose one), or undefined while it
 * is not known, on another namespace, with names off on this API, or when the lookup failed.
 */

import type { NameRecord } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import { useModalState } from '../components/useModalState'
import { useAddressName } from './useAddressName'

export function usePrimaryName(): NameRecord | null | undefined {
  const address = useModalState((state) =>
    state.status === 'connected' && namespaceOf(state.activeNetwork) === 'eip155'
      ? state.address
      : undefined,
  )
  return useAddressName(address)
}
