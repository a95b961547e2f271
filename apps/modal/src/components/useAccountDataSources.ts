/** The account-data controllers' network: the modal's API and the connected host wallet. */
import { useMemo } from 'react'
import type { AccountDataSources } from '../stores/accountData'
import { useModal } from './useModal'

export function useAccountDataSources(): AccountDataSources {
  const { api, connection } = useModal()
  return useMemo(
    () => ({ fetch: api.apiFetch, walletRequest: (request) => connection.forward(request) }),
    [api, connection],
  )
}
