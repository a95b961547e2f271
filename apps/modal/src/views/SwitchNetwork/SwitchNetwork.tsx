/**
 * SwitchNetwork: the site's configured networks. Connected, choosing one asks the wallet to
 * switch (adding the chain to the wallet first when it doesn't know it); not connected, it is
 * the network to connect on. A WalletConnect wallet switches only among the networks it approved
 * for the session; the others are shown as not approved.
 */
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { switchNetworkText } from '../../messages/switchNetworkText'
import { showToast } from '../../stores/toasts'
import list from '../list.module.css'

/**
 * `namespace`: only its networks. `chosen`: what follows a choice (default: back where the
 * visitor came from).
 */
export function SwitchNetwork({
  namespace,
  chosen,
}: {
  namespace?: string
  chosen?: () => unknown
}) {
  const { store, navigation, switchNetwork } = useModal()
  const networks = useModalState((state) => state.networks)
  const active = useModalState((state) => state.activeNetwork)
  const approved = useModalState((state) => state.approvedNetworks)
  const shown = namespace
    ? networks.filter((network) => network.caipNetworkId.startsWith(`${namespace}:`))
    : networks
  if (shown.length === 0) return <p className={list.note}>{switchNetworkText.noNetworks}</p>

  async function choose(caipNetworkId: (typeof networks)[number]['caipNetworkId']) {
    try {
      await switchNetwork(caipNetworkId)
      await (chosen ? chosen() : navigation.back())
    } catch {
      showToast(store, {
        message: switchNetworkText.switchNetworkFailed,
        variant: 'error',
        autoClose: true,
      })
    }
  }

  return (
    <ul className={list.list} aria-label="Networks">
      {shown.map((network) => (
        <li key={network.caipNetworkId}>
          <button
            type="button"
            className={list.item}
            aria-current={network.caipNetworkId === active ? 'true' : undefined}
            disabled={approved !== undefined && !approved.includes(network.caipNetworkId)}
            data-network={network.caipNetworkId}
            onClick={() => choose(network.caipNetworkId)}
          >
            <span className={list.icon} aria-hidden="true" />
            <span className={list.name}>{network.name}</span>
            {network.caipNetworkId === active && (
              <span className={list.tagActive}>{switchNetworkText.activeNetwork}</span>
            )}
            {approved && !approved.includes(network.caipNetworkId) && (
              <span className={list.tag}>{switchNetworkText.notApproved}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  )
}
