/**
 * A labelled text input of the email wallet's forms (an address, a code, the recovery code or its
 * groups): its label above it, and the input disabled while the form's work runs.
 */
import type { InputHTMLAttributes } from 'react'
import styles from '../form.module.css'

export function FormField({
  label,
  busy,
  className = styles.input,
  ...input
}: { label: string; busy: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'disabled'>) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input className={className} {...input} disabled={busy} />
    </label>
  )
}
