/**
 * UpdateEmailWallet (spec §6: only for the email wallet): the new address, then the two codes
 * mailed to the current and the new address; once the API took both, the session is read every
 * second (spec §9 email update poll) until it says the new address, and the wallet follows it.
 */
import {
  type EmailChangeRejected,
  emailCodeLength,
  emailUpdatePollMs,
  isEmailAddress,
  isEmailCode,
  normalizeEmail,
} from '@airlock/protocol'
import { type FormEvent, useState } from 'react'
import { HttpError } from '../../api'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { embeddedWalletId } from '../../connectors/embeddedWallet/embeddedWalletId'
import {
  emailLoginErrors,
  emailLoginText,
  updateEmailText as text,
} from '../../messages/emailLoginText'
import { activeConnection } from '../../stores/connections'
import { showToast } from '../../stores/toasts'
import { FormField } from '../EmailLogin/FormField'
import { NotEmailWallet } from '../EmailLogin/NotEmailWallet'
import { useFormWork } from '../EmailLogin/useFormWork'
import styles from '../form.module.css'
import list from '../list.module.css'

/** How many reads of the session before the change is said to have failed. */
const maxPolls = 30

type Step = { name: 'email' } | { name: 'codes'; changeId: string; next: string }

function messageOf(error: unknown): string {
  if (!(error instanceof HttpError) || !error.code) return emailLoginText.failed
  if (error.code === 'emailChangeTaken') return text.taken
  // A wrong, expired or locked code: the API's message says which address's code it was.
  const said = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
  if (error.code.startsWith('emailCode') && typeof said === 'string') return said
  return emailLoginErrors[error.code] ?? emailLoginText.failed
}

export function UpdateEmailWallet() {
  const modal = useModal()
  const current = useModalState((state) => activeConnection(state)?.authName)
  const [step, setStep] = useState<Step>({ name: 'email' })
  const [next, setNext] = useState('')
  const [currentCode, setCurrentCode] = useState('')
  const [newCode, setNewCode] = useState('')
  const { busy, run, status, say } = useFormWork(messageOf)

  function sendCodes(event: FormEvent) {
    event.preventDefault()
    const address = normalizeEmail(next)
    if (!isEmailAddress(address)) return say(emailLoginText.invalidEmail)
    if (address === current) return say(text.sameEmail)
    return run(emailLoginText.sending, async () => {
      const wallet = await modal.embeddedWallet.load()
      // The wallet's key signs for the change: an inbox alone moves nothing (issue 33, point 3).
      const { changeId } = await wallet.startEmailChange(address)
      setStep({ name: 'codes', changeId, next: address })
    })
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (step.name !== 'codes' || !current) return
    if (!isEmailCode(currentCode) || !isEmailCode(newCode)) return say(emailLoginText.codeFormat)
    let rejected: EmailChangeRejected | undefined
    await run(text.confirming, async () => {
      const wallet = await modal.embeddedWallet.load()
      const answer = await wallet.api.confirmEmailChange({
        changeId: step.changeId,
        currentCode,
        newCode,
      })
      if (answer.status === 'rejected') {
        rejected = answer
        return
      }
      for (let poll = 0; ; poll++) {
        if ((await wallet.api.session()).email === step.next) break
        if (poll >= maxPolls) throw new Error('The change was not confirmed in time.')
        await new Promise((resolve) => setTimeout(resolve, emailUpdatePollMs))
      }
      await wallet.emailChanged(current, step.next)
      await modal.connection.activate(embeddedWalletId)
      showToast(modal.store, { message: text.updated, variant: 'success', autoClose: true })
      await modal.navigation.back()
    })
    // Wrong codes: each said with its address and its tries left; the fields keep them to correct.
    if (rejected)
      say(
        [
          rejected.wrong.current !== undefined &&
            text.codeNotRight(current, rejected.wrong.current),
          rejected.wrong.new !== undefined && text.codeNotRight(step.next, rejected.wrong.new),
        ]
          .filter(Boolean)
          .join(' '),
      )
  }

  if (!current) return <NotEmailWallet />

  if (step.name === 'codes')
    return (
      <form className={styles.form} onSubmit={confirm}>
        <p className={list.note}>{text.codesSent(current, step.next)}</p>
        {(
          [
            ['currentCode', text.currentCode(current), currentCode, setCurrentCode],
            ['newCode', text.newCode(step.next), newCode, setNewCode],
          ] as const
        ).map(([name, label, value, set]) => (
          <FormField
            key={name}
            label={label}
            busy={!!busy}
            name={name}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={emailCodeLength}
            value={value}
            onChange={(event) =>
              set(event.target.value.replace(/\D/g, '').slice(0, emailCodeLength))
            }
          />
        ))}
        {status}
        <button type="submit" className={styles.primary} disabled={!!busy}>
          {text.confirm}
        </button>
      </form>
    )

  return (
    <form className={styles.form} onSubmit={sendCodes} noValidate>
      {current && <p className={list.note}>{text.current(current)}</p>}
      <FormField
        label={text.newEmail}
        busy={!!busy}
        name="newEmail"
        type="email"
        autoComplete="email"
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      {status}
      <button type="submit" className={styles.primary} disabled={!!busy || !next.trim()}>
        {text.sendCodes}
      </button>
    </form>
  )
}
