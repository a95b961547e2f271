/**
 * Connect: the connection methods in the spec's order (§2): email, socials, then wallets;
 * wallets first when the page shows a browser wallet. Among wallets, WalletConnect first (the spec's
 * connector-type order), then the page's browser wallets (recent first, then the other installed
 * ones), then the way to every wallet of the registry. On a phone, WalletConnect opens the
 * wallet list, whose wallets open by deeplink.
 */

import type { SocialProvider } from '@airlock/protocol'
import { namespaceOf } from '@airlock/protocol'
import { lazy, Suspense, useEffect } from 'react'
import { preloadOnIntent } from '../../components/preloadOnIntent'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { WalletConnectIcon } from '../../components/WalletConnectIcon'
import { WalletIcon } from '../../components/WalletIcon'
import { ui } from '../../messages'
import { connectMethodOrder, orderHostWallets } from '../../navigation/ordering'
import { featureEnabled } from '../../stores/controllers'
import list from '../list.module.css'

/** The social logins' buttons: their code (and the popup's) is not in the first bundle. */
const SocialLogins = lazy(() => import('./SocialLogins'))

/** Four tiles: the registry's many wallets. */
function AllWalletsIcon() {
  return (
    <svg className={list.icon} viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="10" fill="currentColor" opacity="0.12" />
      {[9, 19].flatMap((x) =>
        [9, 19].map((y) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="8" height="8" rx="2.5" fill="currentColor" />
        )),
      )}
    </svg>
  )
}

export function Connect() {
  const modal = useModal()
  const unavailable = useModalState((state) => !state.config.project)
  const hostWallets = useModalState((state) => state.hostWallets)
  const recent = useModalState((state) => state.recentWallets)
  const options = useModalState((state) => state.options)
  const isMobile = useModalState((state) => state.isMobile)
  const siteNamespaces = useModalState((state) =>
    [...new Set(state.networks.map((network) => namespaceOf(network.caipNetworkId)))].join(),
  )
  const walletConnect = useModalState((state) => !!state.config.project?.walletConnect)
  const email = useModalState((state) => featureEnabled(state, 'email'))
  // The socials the project allows and the API has a client for (it lists no other), in the
  // spec's order.
  const socials = useModalState((state) =>
    featureEnabled(state, 'socials') ? state.config.project?.features.socials.join() : '',
  )
  // Only once open: the Connect view also rests behind a closed modal.
  const open = useModalState((state) => state.open)
  useEffect(() => {
    if (open) modal.prepareWalletConnect()
  }, [modal, open])
  if (unavailable) return <p className={list.note}>{ui.unavailable}</p>
  function preloadWalletConnect() {
    modal.walletConnect.preload()
    modal.navigation.preload(isMobile ? 'AllWallets' : 'ConnectingWalletConnect')
  }
  const wallets = orderHostWallets({
    hostWallets,
    recent,
    featuredWalletIds: options?.featuredWalletIds ?? [],
    excludeWallets: options?.excludeWallets ?? [],
    isMobile,
    siteNamespaces: siteNamespaces ? siteNamespaces.split(',') : [],
  })
  const socialList = (socials ? socials.split(',') : []) as SocialProvider[]
  const emailEntry = (
    <>
      {email && (
        <button
          type="button"
          className={list.item}
          data-method="email"
          {...preloadOnIntent(modal, 'EmailLogin')}
          onClick={() => modal.navigation.push('EmailLogin')}
        >
          <WalletIcon name="@" icon="" />
          <span className={list.name}>{ui.continueWithEmail}</span>
        </button>
      )}
      {socialList.length > 0 && (
        // Their code loads as Connect first renders; rows of their height hold the place (the
        // first's, and the row of the others' marks).
        <Suspense
          fallback={socialList
            .slice(0, 2)
            .map((provider, index) => (
              <div key={provider} className={index ? list.socialRowHolder : list.item} />
            ))}
        >
          <SocialLogins socials={socialList} />
        </Suspense>
      )}
    </>
  )
  const emailFirst = connectMethodOrder(wallets.length > 0)[0] === 'email'
  return (
    <div className={list.list}>
      {emailFirst && emailEntry}
      <ul className={list.list} aria-label={ui.walletList}>
        <li>
          <button
            type="button"
            className={list.item}
            data-wallet-id="walletConnect"
            disabled={!walletConnect}
            // The sign-client and the next view load while the pointer travels to the button.
            onPointerEnter={preloadWalletConnect}
            onFocus={preloadWalletConnect}
            onClick={() =>
              isMobile ? modal.navigation.push('AllWallets') : modal.connectWalletConnect()
            }
          >
            <WalletConnectIcon className={list.icon} />
            <span className={list.name}>{ui.walletConnect}</span>
            <span className={list.tag}>{walletConnect ? ui.qrCode : ui.notSetUp}</span>
          </button>
        </li>
        {wallets.map(({ section, wallet }) => (
          <li key={wallet.id}>
            <button
              type="button"
              className={list.item}
              data-wallet-id={wallet.id}
              data-section={section}
              {...preloadOnIntent(modal, 'ConnectingExternal')}
              onClick={() => modal.connectWallet(wallet.id, { returnBack: false })}
            >
              <WalletIcon name={wallet.name} icon={wallet.icon} />
              <span className={list.name}>{wallet.name}</span>
              <span className={list.tag}>{section === 'recent' ? ui.recent : ui.installed}</span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={list.item}
            data-view="AllWallets"
            {...preloadOnIntent(modal, 'AllWallets')}
            onClick={() => modal.navigation.push('AllWallets')}
          >
            <AllWalletsIcon />
            <span className={list.name}>{ui.allWalletsEntry}</span>
          </button>
        </li>
      </ul>
      {wallets.length === 0 && <p className={list.note}>{ui.noBrowserWallets}</p>}
      {!emailFirst && emailEntry}
    </div>
  )
}
