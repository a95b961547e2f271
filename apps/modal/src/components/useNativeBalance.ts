/** The connected address's native balance on the active network, for the Account view. */
import { useEffect, useState } from 'react'
import { nativeBalance } from '../state/balance'
import { useModal } from './useModal'
import { useModalState } from './useModalState'

export function useNativeBalance(): { balance: string | undefined; loading: boolean } {
  const { store } = useModal()
  const address = useModalState((state) =>
    state.status === 'connected' ? state.address : undefined,
  )
  const network = useModalState((state) =>
    state.networks.find((item) => item.caipNetworkId === state.activeNetwork),
  )
  const [result, setResult] = useState<{ key: string; balance: string | undefined }>()
  const key = `${network?.caipNetworkId}:${address}`
  useEffect(() => {
    if (!address || !network || network.caipNetworkId.split(':')[0] !== 'eip155') return
    let current = true
    nativeBalance(store, network, address).then((balance) => {
      if (current) setResult({ key, balance })
    })
    return () => {
      current = false
    }
  }, [store, network, address, key])
  const fresh = result?.key === key
  return { balance: fresh ? result.balance : undefined, loading: !!address && !!network && !fresh }
}
