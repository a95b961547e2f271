/**
 * SwitchActiveChain: `open({ namespace })` asked for a chain other than the active one (Opening
 * rule 1). Once the visitor chose one, a visitor not connected goes on to Connect, where the
 * wallets of that chain are (`airlock.solana.connect()`, `airlock.bitcoin.connect()` wait there).
 */
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { switchNetworkText } from '../../messages/switchNetworkText'
import list from '../list.module.css'
import { SwitchNetwork } from '../SwitchNetwork/SwitchNetwork'

export function SwitchActiveChain() {
  const { navigation, store } = useModal()
  const namespace = useModalState((state) => state.requestedNamespace)
  const chosen = () =>
    store.getState().status === 'connected' ? navigation.back() : navigation.reset('Connect')
  return (
    <>
      {namespace && <p className={list.note}>{switchNetworkText.chooseChainOf(namespace)}</p>}
      <SwitchNetwork {...(namespace ? { namespace } : {})} chosen={chosen} />
    </>
  )
}
