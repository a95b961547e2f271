/**
 * A recovery code shown to keep, then two of its five groups typed back before `finish` runs: so
 * no code takes effect that the visitor never had. What a new wallet (RecoveryCodeSteps) and a new
 * recovery code (WalletRecoveryCode) share. A failed `finish` is said in words, and `fallback`
 * (Start over) is offered then.
 */
import { type FormEvent, useState } from 'react'
import { copyText } from '../../components/copyText'
import { emailLoginText as text } from '../../messages/emailLoginText'
import styles from '../form.module.css'
import list from '../list.module.css'
import { FormField } from './FormField'
import { useFormWork } from './useFormWork'

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

export function RecoveryCodeCheck({
  recoveryCode,
  note,
  explain = text.recoveryExplain,
  finishLabel,
  finishing,
  describe,
  finish,
  fallback,
}: {
  recoveryCode: string
  /** Said above the code (a resumed wallet, one started over). */
  note?: string | undefined
  explain?: string
  finishLabel: string
  /** What the status line says while `finish` runs. */
  finishing: string
  describe: (error: unknown) => string
  finish: () => Promise<void>
  /** Offered once `finish` failed. */
  fallback?: { label: string; working: string; run: () => Promise<void> }
}) {
  const [asking, setAsking] = useState<[number, number] | undefined>()
  const [typed, setTyped] = useState<Record<number, string>>({})
  const [finishFailed, setFinishFailed] = useState(false)
  const [copied, setCopied] = useState(false)
  const { busy, run, status, say, clear } = useFormWork(describe)
  const groups = recoveryCode.split('-')

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!asking) return
    if (asking.some((group) => normalized(typed[group] ?? '') !== groups[group - 1]))
      return say(text.groupsMismatch)
    return run(finishing, async () => {
      try {
        await finish()
      } catch (error) {
        setFinishFailed(true)
        throw error
      }
    })
  }

  if (asking)
    return (
      <form className={styles.form} onSubmit={submit}>
        <p className={list.note}>{text.confirmExplain(...asking)}</p>
        {asking.map((group) => (
          <FormField
            key={group}
            label={text.group(group)}
            busy={!!busy}
            className={`${styles.input} ${styles.code}`}
            name={`recoveryGroup${group}`}
            data-recovery-group={group}
            autoComplete="off"
            spellCheck={false}
            maxLength={8}
            value={typed[group] ?? ''}
            onChange={(event) => setTyped({ ...typed, [group]: event.target.value })}
          />
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
          {finishFailed && fallback && (
            <button
              type="button"
              className={list.button}
              disabled={!!busy}
              onClick={() => run(fallback.working, fallback.run)}
            >
              {fallback.label}
            </button>
          )}
        </div>
        <button
          type="submit"
          className={styles.primary}
          disabled={!!busy || asking.some((group) => !typed[group]?.trim())}
        >
          {finishLabel}
        </button>
      </form>
    )

  return (
    <div className={styles.form}>
      <p className={styles.title}>{text.recoveryTitle}</p>
      {note && <p className={list.note}>{note}</p>}
      <p className={list.note}>{explain}</p>
      <div className={styles.field}>
        <span className={styles.label}>{text.recoveryCode}</span>
        <div className={styles.row}>
          <output className={`${styles.input} ${styles.grow} ${styles.code}`} data-recovery-code>
            {recoveryCode}
          </output>
          <button
            type="button"
            className={styles.small}
            onClick={async () => setCopied(await copyText(recoveryCode))}
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
