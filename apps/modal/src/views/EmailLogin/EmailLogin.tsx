/**
 * EmailLogin (spec §1 email login): the visitor's address, then the 6-digit code mailed to it
 * (resend after a countdown), then the wallet (WalletOpeningSteps): made, opened, or restored on
 * a new device with the recovery code. Every refusal is said in words; a wallet that failed to
 * open once signed in (a lost answer, a storage that did not keep the share) is tried again
 * without a new code.
 */
import {
  type EmailCodeRejected,
  emailCodeLength,
  isEmailAddress,
  isEmailCode,
  normalizeEmail,
} from '@airlock/protocol'
import { type FormEvent, useEffect, useState } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import type { WalletOpening } from '../../embeddedWallet/embeddedWallet'
import { walletUnlocked } from '../../flows/walletUnlocked'
import { emailLoginText as text } from '../../messages/emailLoginText'
import styles from '../form.module.css'
import list from '../list.module.css'
import { CodeBoxes } from './CodeBoxes'
import { FormField } from './FormField'
import { useFormWork } from './useFormWork'
import { messageOf, WalletOpeningSteps } from './WalletOpeningSteps'

/** How long before another code may be asked for. */
const resendAfterSeconds = 30

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; sentAt: number }
  | { name: 'signedIn' }
  | { name: 'opened'; opening: Exclude<WalletOpening, { status: 'ready' }> }

/** Seconds left before a resend, ticking down once a second. */
function useSecondsLeft(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (since === undefined) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [since])
  if (since === undefined) return 0
  return Math.max(0, resendAfterSeconds - Math.floor((now - since) / 1000))
}

export function EmailLogin() {
  const modal = useModal()
  const returnBack = useModalState((state) => state.connecting?.returnBack)
  const [step, setStep] = useState<Step>({ name: 'email' })
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const { busy, run, status, say, clear } = useFormWork(messageOf)
  const secondsLeft = useSecondsLeft(step.name === 'code' ? step.sentAt : undefined)

  const unlocked = () => walletUnlocked(modal, returnBack, 'email')

  function sendCode(event: FormEvent) {
    event.preventDefault()
    const address = normalizeEmail(email)
    if (!isEmailAddress(address)) return say(text.invalidEmail)
    return run(text.sending, async () => {
      await (await modal.embeddedWallet.load()).requestCode(address)
      setCode('')
      setStep({ name: 'code', email: address, sentAt: Date.now() })
    })
  }

  function resend(address: string) {
    return run(text.sending, async () => {
      await (await modal.embeddedWallet.load()).requestCode(address)
      setCode('')
      setStep({ name: 'code', email: address, sentAt: Date.now() })
      say(text.codeResent, false)
    })
  }

  async function checkCode(address: string, entered: string) {
    if (!isEmailCode(entered)) return say(text.codeFormat)
    let signedIn = false
    let rejected: EmailCodeRejected | undefined
    await run(text.checking, async () => {
      rejected = await (await modal.embeddedWallet.load()).signIn(address, entered)
      signedIn = !rejected
    })
    // A wrong code: its tries left, said as a failure; the field keeps it to correct.
    if (rejected) return say(text.codeNotRight(rejected.triesLeft))
    if (!signedIn) return
    setStep({ name: 'signedIn' })
    await openWallet()
  }

  function openWallet() {
    return run(text.opening, async () => {
      const opening = await (await modal.embeddedWallet.load()).openWallet()
      if (opening.status === 'ready') await unlocked()
      else setStep({ name: 'opened', opening })
    })
  }

  if (step.name === 'code')
    return (
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault()
          void checkCode(step.email, code)
        }}
      >
        <p className={list.note}>{text.codeSentTo(step.email)}</p>
        <CodeBoxes
          label={text.code}
          busy={!!busy}
          name="code"
          // The view's one field, focused as a dialog's first field is: the code from the email
          // goes here next, and typed text is never lost to the page.
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, emailCodeLength)
            setCode(digits)
            if (digits.length === emailCodeLength) void checkCode(step.email, digits)
          }}
        />
        {status}
        <div className={styles.buttons}>
          <button
            type="button"
            className={list.button}
            disabled={!!busy}
            onClick={() => {
              clear()
              setStep({ name: 'email' })
            }}
          >
            {text.useAnotherEmail}
          </button>
          <button
            type="button"
            className={list.button}
            disabled={!!busy || secondsLeft > 0}
            onClick={() => resend(step.email)}
          >
            {secondsLeft > 0 ? text.resendIn(secondsLeft) : text.resend}
          </button>
        </div>
      </form>
    )

  if (step.name === 'opened') return <WalletOpeningSteps opening={step.opening} done={unlocked} />

  if (step.name === 'signedIn')
    return (
      <div className={styles.form}>
        {status}
        <button
          type="button"
          className={styles.primary}
          disabled={!!busy}
          onClick={() => void openWallet()}
        >
          {text.tryAgain}
        </button>
      </div>
    )

  return (
    <form className={styles.form} onSubmit={sendCode} noValidate>
      <FormField
        label={text.email}
        busy={!!busy}
        name="email"
        // The view's one field, focused as a dialog's first field is.
        autoFocus
        type="email"
        autoComplete="email"
        placeholder={text.emailPlaceholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {status}
      <button type="submit" className={styles.primary} disabled={!!busy || !email.trim()}>
        {text.continue}
      </button>
    </form>
  )
}
