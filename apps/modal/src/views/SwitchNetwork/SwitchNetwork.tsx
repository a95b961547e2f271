/**
 * SwitchNetwork: the site's configured networks. Connected, choosing one asks the wallet to
 * switch (adding the chain to the wallet first when it doesn't know it); not connected, it is
 * the network to connect on. A WalletConnect wallet switches only among the networks it approved
 * for the session; the others are shown as not approved. Each network shows its mark where it is
 * known (networkMarks.ts), else its initial.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { BrandMark } from '../../components/BrandMark'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletIcon } from '../../components/WalletIcon'
import { switchNetworkText } from '../../messages/switchNetworkText'
import { showToast } from '../../stores/toasts'
import list from '../list.module.css'
import { networkMark } from './networkMarks'

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
    <ul className={list.list} aria-label={switchNetworkText.networks}>
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
            <NetworkIcon network={network.caipNetworkId} name={network.name} />
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

/** The network's mark where it is known, else its initial on a tile. */
function NetworkIcon({ network, name }: { network: CaipNetworkId; name: string }) {
  const mark = networkMark(network)
  return mark ? (
    <BrandMark mark={mark} data-network-mark={network} />
  ) : (
    <WalletIcon name={name} icon="" />
  )
}
