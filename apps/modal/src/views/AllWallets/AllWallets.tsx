/**
 * AllWallets: the wallet registry as a grid the visitor searches and scrolls (40 at a time). The
 * site's featured wallets come first; excluded ones and those without the site's chains are
 * left out. A wallet installed in the host page says so and connects as a browser wallet; any
 * other starts WalletConnect for it. Tiles carry `data-wallet-id`.
 */
import type { HostWalletInfo, WalletListing } from '@airlock/protocol'
import { useEffect, useId, useState } from 'react'
import { LoadMore } from '../../components/LoadMore'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useImageFallback } from '../../components/useImageFallback'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useWalletDirectory } from '../../components/useWalletDirectory'
import { ui } from '../../messages'
import { allWalletsText } from '../../messages/allWalletsText'
import { installedWalletFor } from '../../stores/walletRegistry'
import list from '../list.module.css'
import styles from './AllWallets.module.css'

/** How long typing pauses before the list searches. */
export const searchDebounceMs = 200

export function AllWallets() {
  const projectId = useModalState((state) => (state.config.project ? state.config.projectId : null))
  if (!projectId) return <p className={list.note}>{ui.unavailable}</p>
  return <WalletDirectory projectId={projectId} />
}

function WalletDirectory({ projectId }: { projectId: string }) {
  const modal = useModal()
  const hostWallets = useModalState((state) => state.hostWallets)
  const [text, setText] = useState('')
  const search = useDebouncedValue(text.trim(), searchDebounceMs)
  const state = useWalletDirectory(projectId, search)
  const listId = useId()
  // On a phone, a tap on a wallet opens its deeplink at once: the pairing URI must be ready.
  const open = useModalState((state) => state.open)
  const isMobile = useModalState((state) => state.isMobile)
  const pairing = useModalState((state) => state.pairing.status)
  useEffect(() => {
    if (open) modal.prepareWalletConnect()
  }, [modal, open])

  // Called in the tap itself: on a phone WalletConnect opens the wallet's deeplink, which
  // browsers allow only there.
  function choose(listing: WalletListing, installed: HostWalletInfo | undefined) {
    if (installed) void modal.connectWallet(installed.id, { returnBack: false })
    else void modal.connectWalletConnect(listing)
  }

  const busy = state.status === 'loading' || state.loadingMore
  return (
    // data-pairing: whether a tap can open a wallet's deeplink at once (a phone's pairing URI).
    <div className={styles.view} data-pairing={pairing}>
      <input
        type="search"
        // Where the visitor was going: typing finds a wallet at once. Not on a phone, where the
        // keyboard would cover the list.
        // biome-ignore lint/a11y/noAutofocus: the view's first field, focused as a dialog's first field is.
        autoFocus={!isMobile}
        className={styles.search}
        aria-label={allWalletsText.searchLabel}
        aria-controls={listId}
        placeholder={allWalletsText.searchPlaceholder}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.panel} id={listId} aria-busy={busy} data-status={state.status}>
        {state.status === 'loading' ? (
          <TileSkeletons />
        ) : state.status === 'failed' ? (
          <div className={styles.center}>
            <p className={list.note} role="alert">
              {allWalletsText.failed}
            </p>
            <button type="button" className={list.button} onClick={state.retry}>
              {ui.retry}
            </button>
          </div>
        ) : state.wallets.length === 0 ? (
          <div className={styles.center}>
            <p className={list.note} role="status">
              {allWalletsText.empty}
            </p>
            {/* A wallet the registry lacks still connects by WalletConnect's QR code. */}
            <p className={list.note}>{allWalletsText.emptyHint}</p>
            <button
              type="button"
              className={list.button}
              onClick={() => void modal.connectWalletConnect()}
            >
              {allWalletsText.scanQrCode}
            </button>
          </div>
        ) : (
          <>
            <ul className={styles.grid} aria-label={allWalletsText.listLabel}>
              {state.wallets.map((listing, index) => {
                const installed = installedWalletFor(listing, hostWallets)
                return (
                  <li key={listing.id}>
                    <button
                      type="button"
                      className={styles.tile}
                      data-wallet-id={listing.id}
                      data-featured={index < state.featuredCount ? '' : undefined}
                      data-installed={installed ? '' : undefined}
                      onClick={() => choose(listing, installed)}
                    >
                      <WalletLogo listing={listing} />
                      <span className={styles.name} title={listing.name}>
                        {listing.name}
                      </span>
                      {installed && <span className={styles.tag}>{ui.installed}</span>}
                    </button>
                  </li>
                )
              })}
            </ul>
            <LoadMore
              hasMore={state.hasMore}
              loadingMore={state.loadingMore}
              moreFailed={state.moreFailed}
              onLoadMore={state.loadMore}
              onRetry={state.retry}
              failedNote={allWalletsText.moreFailed}
            />
          </>
        )}
      </div>
    </div>
  )
}

/** The logo the API serves (it answers a monogram when the registry has none), else the initial. */
function WalletLogo({ listing }: { listing: WalletListing }) {
  // The frame's image rules want an absolute URL; the API serves the modal, so it is this origin.
  const src = new URL(listing.imageUrl, location.origin).href
  const image = useImageFallback(src)
  return (
    <span className={styles.logo} data-image={image.status} aria-hidden="true">
      <span className={styles.initial}>{Array.from(listing.name.trim())[0]?.toUpperCase()}</span>
      {image.status !== 'failed' && (
        <img
          className={styles.image}
          src={src}
          alt=""
          decoding="async"
          onLoad={image.onLoad}
          onError={image.onError}
        />
      )}
    </span>
  )
}

const skeletonKeys = Array.from({ length: 12 }, (_, index) => `skeleton-${index}`)

function TileSkeletons() {
  return (
    <>
      <span className={styles.srOnly} role="status">
        {allWalletsText.loading}
      </span>
      <ul className={styles.grid} aria-hidden="true" data-skeleton="">
        {skeletonKeys.map((key) => (
          <li key={key} className={styles.skeletonTile}>
            <span className={styles.skeletonLogo} />
            <span className={styles.skeletonName} />
          </li>
        ))}
      </ul>
    </>
  )
}
