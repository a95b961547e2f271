/**
 * What the embedded wallet's forms (EmailLogin, its wallet steps, UpdateEmailWallet) share: the
 * work under way named while it runs (the buttons disabled), its failure said in words, and the
 * one status line that shows either — an alert for a failure, a status otherwise.
 */
import { useState } from 'react'
import styles from '../form.module.css'

type Said = { text: string; error: boolean }

export function useFormWork(describe: (error: unknown) => string) {
  const [busy, setBusy] = useState<string | undefined>()
  const [said, setSaid] = useState<Said | undefined>()

  /** Runs `work`, naming it `working` meanwhile; a failure is said with `describe`. */
  async function run(working: string, work: () => Promise<void>) {
    setBusy(working)
    setSaid(undefined)
    try {
      await work()
    } catch (error) {
      setSaid({ text: describe(error), error: true })
    } finally {
      setBusy(undefined)
    }
  }

  const status = (
    <p
      className={`${styles.message} ${said?.error ? styles.error : ''}`}
      role={said?.error ? 'alert' : 'status'}
    >
      {busy ?? said?.text ?? ''}
    </p>
  )

  return {
    busy,
    run,
    status,
    /** Says `text`: a failure (the default) or news. */
    say: (text: string, error = true) => setSaid({ text, error }),
    clear: () => setSaid(undefined),
  }
}
