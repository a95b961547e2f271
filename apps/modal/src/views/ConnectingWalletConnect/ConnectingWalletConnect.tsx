/**
 * ConnectingWalletConnect: the pairing URI as a QR code to scan with a phone wallet, with the
 * chosen wallet's logo in its middle, a copy-link button, and a loading state while the URI is
 * made. On a phone, a wallet with a deeplink is opened instead ("Continue in …", a tap opens it
 * again); on a desktop, a wallet's desktop app gets its own button. A visitor without the chosen
 * wallet gets a "Get …" link to its store for this device (or its homepage). A rejected or failed
 * pairing says so (with the 500 ms shake) and offers a fresh QR code. ConnectingWalletConnectBasic is the
 * same view for sites without adapters (Opening rule 2).
 */
import { connectionErrors } from '@airlock/protocol'
import { useEffect } from 'react'
import { copyWithToast } from '../../components/copyText'
import { QrCode } from '../../components/QrCode'
import shake from '../../components/shake.module.css'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useShake } from '../../components/useShake'
import { WalletConnectIcon } from '../../components/WalletConnectIcon'
import { WalletIcon } from '../../components/WalletIcon'
import { ui } from '../../messages'
import { connectingText } from '../../messages/connectingText'
import { walletConnectText } from '../../messages/walletConnectText'
import { getWalletLink } from '../../walletconnect/getWalletLink'
import { walletLink } from '../../walletconnect/links'
import list from '../list.module.css'
import styles from './ConnectingWalletConnect.module.css'

export function ConnectingWalletConnect() {
  const modal = useModal()
  const pairing = useModalState((state) => state.pairing)
  const wallet = useModalState((state) => state.walletConnectWallet)
  const isMobile = useModalState((state) => state.isMobile)
  const configured = useModalState((state) => !!state.config.project?.walletConnect)
  const error = pairing.status === 'error' ? pairing.reason : undefined

  // Only while open: this view is also where a site without adapters rests, closed, and a page
  // that never opens the modal loads no WalletConnect code.
  const open = useModalState((state) => state.open)
  useEffect(() => {
    if (configured && open) modal.walletConnect.pairing.start()
  }, [modal, configured, open])
  const shaking = useShake(error === 'rejected')

  if (!configured)
    return <p className={list.note}>{walletConnectText.walletConnectNotConfigured}</p>

  const uri = pairing.status === 'ready' ? pairing.uri : undefined
  const deeplink = uri ? walletLink(wallet, uri, isMobile) : undefined
  const getLink = wallet && getWalletLink(wallet, isMobile, navigator.userAgent)
  const logo = wallet ? (
    <WalletIcon name={wallet.name} icon={wallet.imageUrl} />
  ) : (
    <WalletConnectIcon />
  )

  async function copyLink() {
    if (!uri) return
    await copyWithToast(modal.store, uri, {
      copied: walletConnectText.linkCopied,
      failed: walletConnectText.linkCopyFailed,
    })
  }

  if (error)
    return (
      <div className={styles.connecting} data-state={error}>
        <div className={shaking ? `${shake.shake} ${styles.centered}` : styles.centered}>
          <div className={styles.errorIcon}>{logo}</div>
        </div>
        <p className={styles.title} role="alert">
          {error === 'rejected'
            ? connectionErrors.connectionRejected
            : connectionErrors.failedToConnect}
        </p>
        <div className={list.actions}>
          <button
            type="button"
            className={list.button}
            onClick={() => modal.walletConnect.pairing.restart()}
          >
            {ui.retry}
          </button>
        </div>
      </div>
    )

  // On a phone with the wallet's app link, the app is the way; the QR code is for other phones.
  if (isMobile && wallet && deeplink)
    return (
      <div className={styles.connecting} data-state="deeplink">
        <div className={styles.waitingIcon}>{logo}</div>
        <p className={styles.title} role="status">
          {connectingText.continueIn(wallet.name)}
        </p>
        <p className={list.note}>{connectingText.approveInWallet}</p>
        <div className={list.actions}>
          <button type="button" className={list.button} onClick={() => modal.openWalletLink()}>
            {walletConnectText.openWallet(wallet.name)}
          </button>
          <button type="button" className={list.button} onClick={copyLink}>
            {walletConnectText.copyLink}
          </button>
        </div>
        {getLink && <GetWallet name={wallet.name} link={getLink} />}
      </div>
    )

  return (
    <div className={styles.connecting} data-state={uri ? 'ready' : 'loading'}>
      {uri ? (
        <QrCode value={uri} logo={logo} label={walletConnectText.qrLabel} />
      ) : (
        <div className={styles.qrLoading} role="status" aria-label={walletConnectText.qrLoading} />
      )}
      <p className={list.note}>
        {wallet ? walletConnectText.scanWith(wallet.name) : walletConnectText.scanWithPhone}
      </p>
      <div className={list.actions}>
        {!isMobile && deeplink && wallet && (
          <button type="button" className={list.button} onClick={() => modal.openWalletLink()}>
            {walletConnectText.openDesktopApp(wallet.name)}
          </button>
        )}
        <button type="button" className={list.button} onClick={copyLink} disabled={!uri}>
          {walletConnectText.copyLink}
        </button>
      </div>
      {getLink && wallet && <GetWallet name={wallet.name} link={getLink} />}
    </div>
  )
}

/** "Don’t have Rainbow? Get Rainbow": where a visitor without the wallet gets it. */
function GetWallet({ name, link }: { name: string; link: string }) {
  return (
    <p className={styles.getWallet}>
      {walletConnectText.dontHave(name)}{' '}
      <a href={link} target="_blank" rel="noopener noreferrer">
        {walletConnectText.getWallet(name)}
      </a>
    </p>
  )
}
