/**
 * A pending wallet's last steps (issue 33, point 4): its recovery code shown to keep, then two of
 * its five groups typed back, so no wallet is finished whose code the visitor never had. Finishing
 * has the frame read its device share back and the API confirm the wallet; when that fails (this
 * browser did not keep the share, or the wallet was started over elsewhere), Start over makes a
 * new one here with a new code. Closing or reloading meanwhile loses nothing: the next sign-in
 * shows the same code again, or starts over.
 */
import { type FormEvent, useState } from 'react'
import { copyText } from '../../components/copyText'
import { useModal } from '../../components/useModal'
import type { WalletOpening } from '../../embeddedWallet/embeddedWallet'
import { emailLoginText as text } from '../../messages/emailLoginText'
import styles from '../form.module.css'
import list from '../list.module.css'
import { useFormWork } from './useFormWork'

type Pending = Extract<WalletOpening, { status: 'created' }>

/** Two different groups of the code's five, 1-based, in order. */
function askedGroups(): [number, number] {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint8Array(2))
  const first = (a % 5) + 1
  const second = ((first + (b % 4)) % 5) + 1
  return first < second ? [first, second] : [second, first]
}

/** A group as typed, read as the code reads it: case, spaces and dashes ignored, O as 0, I and L as 1. */
const normalized = (typed: string) =>
  typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')

export function RecoveryCodeSteps({
  opening,
  describe,
  done,
  openedOtherwise,
}: {
  opening: Pending
  describe: (error: unknown) => string
  done: () => Promise<void>
  /** Starting over found the wallet confirmed elsewhere meanwhile: it opens as any other. */
  openedOtherwise: (opening: Exclude<WalletOpening, Pending>) => Promise<void>
}) {
  const modal = useModal()
  const [pending, setPending] = useState<Pending & { startedOver?: boolean }>(opening)
  const [asking, setAsking] = useState<[number, number] | undefined>()
  const [typed, setTyped] = useState<Record<number, string>>({})
  const [finishFailed, setFinishFailed] = useState(false)
  const [copied, setCopied] = useState(false)
  const { busy, run, status, say, clear } = useFormWork(describe)
  const groups = pending.recoveryCode.split('-')

  function finish(event: FormEvent) {
    event.preventDefault()
    if (!asking) return
    if (asking.some((group) => normalized(typed[group] ?? '') !== groups[group - 1]))
      return say(text.groupsMismatch)
    return run(text.confirming, async () => {
      try {
        await (await modal.embeddedWallet.load()).confirmRecoveryCode()
      } catch (error) {
        setFinishFailed(true)
        throw error
      }
      await done()
    })
  }

  function startOver() {
    return run(text.startingOver, async () => {
      const next = await (await modal.embeddedWallet.load()).startOver()
      if (next.status !== 'created') return openedOtherwise(next)
      setPending({ ...next, startedOver: true })
      setAsking(undefined)
      setTyped({})
      setFinishFailed(false)
      setCopied(false)
    })
  }

  if (asking)
    return (
      <form className={styles.form} onSubmit={finish}>
        <p className={list.note}>{text.confirmExplain(...asking)}</p>
        {asking.map((group) => (
          <label key={group} className={styles.field}>
            <span className={styles.label}>{text.group(group)}</span>
            <input
              className={`${styles.input} ${styles.code}`}
              name={`recoveryGroup${group}`}
              data-recovery-group={group}
              autoComplete="off"
              spellCheck={false}
              maxLength={8}
              value={typed[group] ?? ''}
              disabled={!!busy}
              onChange={(event) => setTyped({ ...typed, [group]: event.target.value })}
            />
          </label>
        ))}
        {status}
        <div className={styles.buttons}>
          <button
            type="button"
            className={list.button}
            disabled={!!busy}
            onClick={() => {
              clear()
              setAsking(undefined)
            }}
          >
            {text.showCodeAgain}
          </button>
          {finishFailed && (
            <button type="button" className={list.button} disabled={!!busy} onClick={startOver}>
              {text.startOver}
            </button>
          )}
        </div>
        <button
          type="submit"
          className={styles.primary}
          disabled={!!busy || asking.some((group) => !typed[group]?.trim())}
        >
          {text.confirm}
        </button>
      </form>
    )

  return (
    <div className={styles.form}>
      <p className={styles.title}>{text.recoveryTitle}</p>
      {(pending.resumed || pending.startedOver) && (
        <p className={list.note}>
          {pending.startedOver ? text.recoveryStartedOver : text.recoveryResumed}
        </p>
      )}
      <p className={list.note}>{text.recoveryExplain}</p>
      <div className={styles.field}>
        <span className={styles.label}>{text.recoveryCode}</span>
        <div className={styles.row}>
          <output className={`${styles.input} ${styles.grow} ${styles.code}`} data-recovery-code>
            {pending.recoveryCode}
          </output>
          <button
            type="button"
            className={styles.small}
            onClick={async () => setCopied(await copyText(pending.recoveryCode))}
          >
            {copied ? text.copied : text.copy}
          </button>
        </div>
      </div>
      {status}
      <button
        type="button"
        className={styles.primary}
        disabled={!!busy}
        onClick={() => {
          clear()
          setAsking(askedGroups())
        }}
      >
        {text.savedIt}
      </button>
    </div>
  )
}
