/**
 * ConnectingSocial: a social login running in its popup (spec §4 "Social login"). It says where
 * to continue while the popup is open, with the provider's mark waiting, a button that brings the
 * window back to the front and Cancel (which closes it and goes back); then, when the sign-in
 * would link a new social account to the wallet this frame is signed in to, asks the visitor
 * first (LinkQuestion: Cancel goes back, nothing linked); then the embedded wallet's steps
 * (WalletOpeningSteps), or the modal goes on as after any login. The popup closed early shows 'Popup closed' and goes back to Connect; a refusal
 * is said in the provider's or the API's words.
 */
import { connectionErrors, socialProviderNames } from '@airlock/protocol'
import { useEffect, useState } from 'react'
import { SocialMark } from '../../components/SocialMark'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { SocialOpening, WalletOpening } from '../../embeddedWallet/embeddedWallet'
import { walletUnlocked } from '../../flows/walletUnlocked'
import { ui } from '../../messages'
import { socialText } from '../../messages/emailLoginText'
import { showToast } from '../../stores/toasts'
import { messageOf, WalletOpeningSteps } from '../EmailLogin/WalletOpeningSteps'
import { LinkQuestion } from '../LinkedAccounts/LinkQuestion'
import list from '../list.module.css'
import styles from './ConnectingSocial.module.css'

type Outcome =
  | { opening: Exclude<WalletOpening, { status: 'ready' }> }
  | { question: Extract<SocialOpening, { status: 'confirmLink' }> }
  | { error: string }
  | undefined

export function ConnectingSocial() {
  const modal = useModal()
  const social = useModalState((state) => state.social)
  const returnBack = useModalState((state) => state.connecting?.returnBack)
  const [outcome, setOutcome] = useState<Outcome>()
  const done = async () => {
    if (social) await walletUnlocked(modal, returnBack, social.provider)
  }

  useEffect(() => {
    if (!social) return
    let live = true
    setOutcome(undefined)
    social.login.then(
      async (opening) => {
        if (!live) return
        if (opening.status === 'confirmLink') setOutcome({ question: opening })
        else if (opening.status === 'ready')
          await walletUnlocked(
            modal,
            modal.store.getState().connecting?.returnBack,
            social.provider,
          )
        else setOutcome({ opening })
      },
      async (error: unknown) => {
        if (!live) return
        const message = messageOf(error)
        if (message !== connectionErrors.popupClosed) return setOutcome({ error: message })
        showToast(modal.store, { message, variant: 'error', autoClose: true })
        await modal.navigation.back()
      },
    )
    return () => {
      live = false
    }
  }, [social, modal])

  if (!social) return <p className={list.note}>{connectionErrors.failedToConnect}</p>
  const name = socialProviderNames[social.provider]
  if (outcome && 'opening' in outcome)
    return <WalletOpeningSteps opening={outcome.opening} done={done} />
  if (outcome && 'question' in outcome) {
    const confirm = async () => {
      const opening = await outcome.question.confirm()
      if (opening.status === 'ready') await done()
      else setOutcome({ opening })
    }
    return (
      <LinkQuestion
        link={outcome.question.link}
        confirm={confirm}
        cancel={() => modal.navigation.back()}
      />
    )
  }
  if (outcome)
    return (
      <>
        <p className={list.warning} role="alert">
          {outcome.error}
        </p>
        <div className={list.actions}>
          <button type="button" className={list.button} onClick={() => modal.navigation.back()}>
            {ui.retry}
          </button>
        </div>
      </>
    )
  // Cancel closes the window and goes back; the view is gone before the login hears of it, so
  // nothing says 'Popup closed'.
  const cancel = async () => {
    await modal.navigation.back()
    social.popup?.close()
  }
  return (
    <div className={styles.connecting} data-state="waiting">
      <div className={styles.iconWaiting}>
        <SocialMark provider={social.provider} />
      </div>
      <p className={styles.title} role="status">
        {socialText.continueIn(name)}
      </p>
      <div className={list.actions}>
        <button type="button" className={list.button} onClick={() => social.popup?.focus()}>
          {socialText.showWindow(name)}
        </button>
        <button type="button" className={list.button} onClick={cancel}>
          {socialText.cancel}
        </button>
      </div>
    </div>
  )
}
