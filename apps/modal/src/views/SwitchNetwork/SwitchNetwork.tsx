/** SwitchNetwork: the site's configured networks; choosing one makes it active. */
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { ui } from '../../messages'
import { selectNetwork } from '../../state/controllers'
import list from '../list.module.css'

export function SwitchNetwork({ namespace }: { namespace?: string }) {
  const { store, navigation } = useModal()
  const networks = useModalState((state) => state.networks)
  const active = useModalState((state) => state.activeNetwork)
  const shown = namespace
    ? networks.filter((network) => network.caipNetworkId.startsWith(`${namespace}:`))
    : networks
  if (shown.length === 0) return <p className={list.note}>{ui.noNetworks}</p>
  return (
    <ul className={list.list} aria-label="Networks">
      {shown.map((network) => (
        <li key={network.caipNetworkId}>
          <button
            type="button"
            className={list.item}
            aria-current={network.caipNetworkId === active ? 'true' : undefined}
            onClick={() => {
              selectNetwork(store, network.caipNetworkId)
              navigation.back()
            }}
          >
            <span className={list.icon} aria-hidden="true" />
            <span className={list.name}>{network.name}</span>
            {network.caipNetworkId === active && (
              <span className={list.tagActive}>{ui.activeNetwork}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )
}
