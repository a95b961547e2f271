/**
 * The one-button form of an email wallet's action (a new recovery code, its keys shown): what the
 * action does, as a note or a warning; how its work goes (`useFormWork`'s status); and its button,
 * disabled while the work runs.
 */
import type { ReactNode } from 'react'
import styles from '../form.module.css'
import list from '../list.module.css'

export function ActionForm({
  explain,
  warning = false,
  status,
  busy,
  label,
  act,
}: {
  explain: string
  /** The action gives something away: its words are a warning, not a note. */
  warning?: boolean
  status: ReactNode
  busy: boolean
  label: string
  act: () => void
}) {
  return (
    <div className={styles.form}>
      <p className={warning ? list.warning : list.note}>{explain}</p>
      {status}
      <button type="button" className={styles.primary} disabled={busy} onClick={act}>
        {label}
      </button>
    </div>
  )
}
