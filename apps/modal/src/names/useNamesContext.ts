/** What the name hooks and views hand to names/: the modal's API, store and connected wallet. */
import { useMemo } from 'react'
import { useModal } from '../components/useModal'
import type { NamesContext } from './nameQueries'
import type { NameWallet } from './signNameMessage'

export function useNamesContext(): NamesContext & NameWallet {
  const { api, store, connection } = useModal()
  return useMemo(
    () => ({
      apiFetch: api.apiFetch,
      store,
      walletRequest: (request) => connection.forward(request),
    }),
    [api, store, connection],
  )
}
