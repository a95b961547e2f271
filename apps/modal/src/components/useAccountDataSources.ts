/** The account-data controllers' network: the modal's API and the connected host wallet. */
import { useMemo } from 'react'
import { apiFetch } from '../api'
import type { AccountDataSources } from '../state/accountData'
import { useModal } from './useModal'

export function useAccountDataSources(): AccountDataSources {
  const { connection } = useModal()
  return useMemo(
    () => ({ fetch: apiFetch, walletRequest: (request) => connection.forward(request) }),
    [connection],
  )
}
