/**
 * ConnectingFarcaster (spec §2, §4 "Farcaster"): Sign In With Farcaster. The API opens a relay
 * channel; its URL is shown as a QR code for the visitor's phone, and as a link that opens the
 * Farcaster app on this device; meanwhile the frame asks the API every second whether the app
 * signed. A sign-in that would link a new Farcaster account to the wallet this frame is signed
 * in to asks the visitor first (LinkQuestion: Cancel goes back, nothing linked). Then the
 * embedded wallet's steps (WalletOpeningSteps), or the modal goes on as after any login. A failure says 'Failed to connect to farcaster' and why, and offers a new link.
 * Leaving the view (back) stops asking and forgets the URL: coming back opens a new channel, on
 * the auth connector loaded again.
 */
import { connectionErrors } from '@airlock/protocol'
import { useEffect, useState } from 'react'
import { HttpError } from '../../api'
import { copyWithToast } from '../../components/copyText'
import { QrCode } from '../../components/QrCode'
import { SocialMark } from '../../components/SocialMark'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { SocialOpening, WalletOpening } from '../../embeddedWallet/embeddedWallet'
import { walletUnlocked } from '../../flows/walletUnlocked'
import { ui } from '../../messages'
import { farcasterText } from '../../messages/farcasterText'
import styles from '../ConnectingWalletConnect/ConnectingWalletConnect.module.css'
import { messageOf, WalletOpeningSteps } from '../EmailLogin/WalletOpeningSteps'
import { LinkQuestion } from '../LinkedAccounts/LinkQuestion'
import list from '../list.module.css'

type Sign =
  | { status: 'opening' }
  | { status: 'waiting'; url: string }
  | { status: 'unlocking'; opening: Exclude<WalletOpening, { status: 'ready' }> }
  | { status: 'asking'; question: Extract<SocialOpening, { status: 'confirmLink' }> }
  | { status: 'failed'; reason: string }

/** Why the channel failed, in the API's words when it gave some. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined
  if (cause instanceof HttpError) {
    const said = (cause.body as { error?: { message?: unknown } } | undefined)?.error?.message
    if (typeof said === 'string' && said) return said
  }
  return messageOf(cause ?? error)
}

export function ConnectingFarcaster() {
  const modal = useModal()
  const isMobile = useModalState((state) => state.isMobile)
  const returnBack = useModalState((state) => state.connecting?.returnBack)
  const [sign, setSign] = useState<Sign>({ status: 'opening' })
  // Each attempt (the first, and each Try again) opens a channel of its own.
  const [attempt, setAttempt] = useState(0)
  const done = () => walletUnlocked(modal, returnBack, 'farcaster')

  useEffect(() => {
    void attempt // a new attempt runs this again
    const stop = new AbortController()
    setSign({ status: 'opening' })
    void (async () => {
      try {
        const wallet = await modal.embeddedWallet.load()
        const { url, ...channel } = await wallet.farcasterChannel()
        if (stop.signal.aborted) return
        setSign({ status: 'waiting', url })
        const opening = await wallet.farcasterLogin(channel, stop.signal)
        if (opening.status === 'confirmLink') setSign({ status: 'asking', question: opening })
        else if (opening.status === 'ready')
          await walletUnlocked(modal, modal.store.getState().connecting?.returnBack, 'farcaster')
        else setSign({ status: 'unlocking', opening })
      } catch (error) {
        if (stop.signal.aborted) return
        setSign({ status: 'failed', reason: reasonOf(error) })
      }
    })()
    return () => stop.abort()
  }, [modal, attempt])

  if (sign.status === 'unlocking') return <WalletOpeningSteps opening={sign.opening} done={done} />
  if (sign.status === 'asking') {
    const confirm = async () => {
      const opening = await sign.question.confirm()
      if (opening.status === 'ready') await done()
      else setSign({ status: 'unlocking', opening })
    }
    return (
      <LinkQuestion
        link={sign.question.link}
        confirm={confirm}
        cancel={() => modal.navigation.back()}
      />
    )
  }

  const logo = <SocialMark provider="farcaster" />
  if (sign.status === 'failed')
    return (
      <div className={styles.connecting} data-state="error">
        <div className={styles.centered}>
          <div className={styles.errorIcon}>{logo}</div>
        </div>
        <p className={styles.title} role="alert">
          {connectionErrors.failedToConnectFarcaster}
        </p>
        {sign.reason !== connectionErrors.failedToConnectFarcaster && (
          <p className={list.note}>{sign.reason}</p>
        )}
        <div className={list.actions}>
          <button type="button" className={list.button} onClick={() => setAttempt(attempt + 1)}>
            {ui.retry}
          </button>
        </div>
      </div>
    )

  const url = sign.status === 'waiting' ? sign.url : undefined
  async function copyLink() {
    if (!url) return
    await copyWithToast(modal.store, url, {
      copied: farcasterText.linkCopied,
      failed: farcasterText.linkCopyFailed,
    })
  }

  return (
    <div className={styles.connecting} data-state={url ? 'ready' : 'loading'}>
      {url ? (
        <QrCode value={url} logo={logo} label={farcasterText.qrLabel} />
      ) : (
        <div className={styles.qrLoading} role="status" aria-label={farcasterText.qrLoading} />
      )}
      <p className={list.note}>{isMobile ? farcasterText.waiting : farcasterText.scan}</p>
      {url && (
        <div className={list.actions}>
          <a
            className={`${list.button} ${styles.linkButton}`}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {farcasterText.openApp}
          </a>
          <button type="button" className={list.button} onClick={copyLink}>
            {farcasterText.copyLink}
          </button>
        </div>
      )}
    </div>
  )
}
