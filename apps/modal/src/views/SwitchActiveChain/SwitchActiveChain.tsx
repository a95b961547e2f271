/** SwitchActiveChain: `open({ namespace })` asked for a chain other than the active one. */
import { useModalState } from '../../components/useModalState'
import { switchNetworkText } from '../../messages/switchNetworkText'
import list from '../list.module.css'
import { SwitchNetwork } from '../SwitchNetwork/SwitchNetwork'

export function SwitchActiveChain() {
  const namespace = useModalState((state) => state.requestedNamespace)
  return (
    <>
      {namespace && <p className={list.note}>{switchNetworkText.chooseChainOf(namespace)}</p>}
      <SwitchNetwork {...(namespace ? { namespace } : {})} />
    </>
  )
}
