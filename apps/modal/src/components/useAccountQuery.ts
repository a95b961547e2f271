/**
 * Whose data the Account view shows: the connected address on the active network, when that
 * network is one of the site's. `live` says whether it may fetch now: only while the modal is
 * open (or embedded), so a closed modal resting on Account costs no requests.
 */
import { useMemo } from 'react'
import type { AccountQuery } from '../stores/accountData'
import { useModalState } from './useModalState'

export function useAccountQuery(): { query: AccountQuery | undefined; live: boolean } {
  const address = useModalState((state) =>
    state.status === 'connected' ? state.address : undefined,
  )
  const caipNetworkId = useModalState((state) =>
    state.networks.some((network) => network.caipNetworkId === state.activeNetwork)
      ? state.activeNetwork
      : undefined,
  )
  const projectId = useModalState((state) => state.config.projectId)
  const live = useModalState((state) => state.open || !!state.options?.embedded)
  const query = useMemo(
    () =>
      address && caipNetworkId && projectId ? { address, caipNetworkId, projectId } : undefined,
    [address, caipNetworkId, projectId],
  )
  return { query, live }
}
