/**
 * Receive (issue 22; spec §6 feature "receive", the wallet's features onramp, swaps, receive,
 * send): the connected address to give a sender, as a QR code and as text with Copy, and the
 * site's networks it receives on — those of the address's namespace (an eip155 address is the
 * same on every EVM network; a Solana one on Solana's; a Bitcoin, Cosmos or Polkadot one only on
 * the network it is written for), the active one marked. A Bitcoin address's
 * code is its BIP-21 URI (`bitcoin:<address>`), which Bitcoin wallets' scanners expect.
 */

import { namespaceOf } from '@airlock/protocol'
import { copyWithToast } from '../../components/copyText'
import { QrCode } from '../../components/QrCode'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { accountText } from '../../messages/accountText'
import { receiveText as text } from '../../messages/receiveText'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './Receive.module.css'

export function Receive() {
  const modal = useModal()
  const address = useModalState((state) =>
    state.status === 'connected' ? state.address : undefined,
  )
  const active = useModalState((state) => state.activeNetwork)
  const networks = useModalState((state) => state.networks)
  const namespace = namespaceOf(active)
  if (!address || !namespace) return <p className={list.note}>{text.notConnected}</p>
  // A Bitcoin address is one network's own (bc1… mainnet, tb1… testnet and signet, bcrt1…), and
  // so are a Cosmos one (its chain's bech32 prefix) and a Polkadot one (its SS58 prefix).
  const oneNetwork = namespace === 'bip122' || namespace === 'cosmos' || namespace === 'polkadot'
  const receivesOn = networks.filter(({ caipNetworkId }) =>
    oneNetwork ? caipNetworkId === active : caipNetworkId.startsWith(`${namespace}:`),
  )

  async function copy() {
    if (!address) return
    const copied = await copyWithToast(modal.store, address, {
      copied: accountText.addressCopied,
      failed: accountText.copyFailed,
    })
    if (copied) modal.analytics.track('COPY_ADDRESS')
  }

  return (
    <div className={form.form}>
      <QrCode
        value={namespace === 'bip122' ? `bitcoin:${address}` : address}
        label={text.qrLabel(address)}
        logo={<span className={styles.logo} aria-hidden="true" />}
      />
      <p className={styles.address} data-receive-address={address}>
        {address}
      </p>
      <button type="button" className={form.primary} onClick={copy}>
        {text.copy}
      </button>
      <p className={form.message}>{text.onlyTheseNetworks}</p>
      <ul className={styles.networks} aria-label={text.networks}>
        {receivesOn.map((network) => (
          <li
            key={network.caipNetworkId}
            className={styles.network}
            data-network={network.caipNetworkId}
            aria-current={network.caipNetworkId === active ? 'true' : undefined}
          >
            {network.name}
          </li>
        ))}
      </ul>
    </div>
  )
}
