/**
 * The embedded wallet's steps after a login (email or social): a pending wallet (made now, or
 * resumed) shows its recovery code to keep and confirm (RecoveryCodeSteps); a device without its
 * share asks for the recovery code. The dialog is titled after the step ("Recovery Code",
 * "Restore Wallet"), not the login's view. `done` runs once the wallet is unlocked.
 */
import { connectionErrors } from '@airlock/protocol'
import { type FormEvent, useState } from 'react'
import { HttpError } from '../../api'
import { useModal } from '../../components/useModal'
import { useStepTitle } from '../../components/useStepTitle'
import type { WalletOpening } from '../../embeddedWallet/embeddedWallet'
import { viewTitles } from '../../messages'
import { emailLoginErrors, emailLoginText as text } from '../../messages/emailLoginText'
import styles from '../form.module.css'
import list from '../list.module.css'
import { FormField } from './FormField'
import { RecoveryCodeSteps } from './RecoveryCodeSteps'
import { useFormWork } from './useFormWork'

/**
 * The words for a failure: the API's refusal by its code (a wrong code with the tries it has
 * left), a social login's refusal in the provider's or the API's words, a wrong recovery code,
 * the catalogue's, or a retry.
 */
export function messageOf(error: unknown): string {
  if (error instanceof HttpError && error.code) {
    const left = (error.body as { error?: { triesLeft?: unknown } }).error?.triesLeft
    if (error.code === 'emailCodeInvalid' && typeof left === 'number')
      return text.codeNotRight(left)
    return emailLoginErrors[error.code] ?? text.failed
  }
  const { name, message } = (error ?? {}) as Partial<Error>
  if (name === 'RecoveryCodeError') return text.wrongRecoveryCode
  if (name === 'DeviceShareStorageError') return text.shareNotKept
  if (name === 'SocialLoginError' && message) return message
  const said: readonly unknown[] = [
    connectionErrors.noAuthConnector,
    connectionErrors.popupClosed,
    connectionErrors.failedToInitiateSocial,
  ]
  if (said.includes(message)) return message as string
  return text.failed
}

export function WalletOpeningSteps({
  opening,
  done,
}: {
  opening: Exclude<WalletOpening, { status: 'ready' }>
  done: () => Promise<void>
}) {
  const modal = useModal()
  const [current, setCurrent] = useState(opening)
  const [recoveryCode, setRecoveryCode] = useState('')
  const { busy, run, status } = useFormWork(messageOf)
  // Not "Email" or "Connecting": what the visitor does now.
  useStepTitle(current.status === 'created' ? viewTitles.WalletRecoveryCode : text.recoverTitle)

  function recover(event: FormEvent) {
    event.preventDefault()
    return run(text.recovering, async () => {
      await (await modal.embeddedWallet.load()).recover(recoveryCode)
      await done()
    })
  }

  if (current.status === 'created')
    return (
      <RecoveryCodeSteps
        opening={current}
        describe={messageOf}
        done={done}
        openedOtherwise={async (next) => {
          if (next.status === 'ready') await done()
          else setCurrent(next)
        }}
      />
    )

  return (
    <form className={styles.form} onSubmit={recover}>
      <p className={list.note}>{text.needsRecovery}</p>
      <FormField
        label={text.recoveryCode}
        busy={!!busy}
        name="recoveryCode"
        autoComplete="off"
        spellCheck={false}
        placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
        value={recoveryCode}
        onChange={(event) => setRecoveryCode(event.target.value)}
      />
      {status}
      <button type="submit" className={styles.primary} disabled={!!busy || !recoveryCode}>
        {text.recover}
      </button>
    </form>
  )
}
