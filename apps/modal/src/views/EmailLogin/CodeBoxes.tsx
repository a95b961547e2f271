/**
 * The emailed code's field, drawn as six digit boxes (as Privy and AppKit do) around ONE real
 * input: paste, the browser's one-time-code autofill, screen readers and `fill()` all meet a
 * plain labelled text field. The boxes only mirror its value (hidden from assistive tech); the
 * input lies transparent over them and takes every click and key. The box the next digit goes
 * in is marked while the field has focus.
 */
import { emailCodeLength } from '@airlock/protocol'
import type { InputHTMLAttributes } from 'react'
import form from '../form.module.css'
import styles from './CodeBoxes.module.css'

export function CodeBoxes({
  label,
  busy,
  value,
  ...input
}: { label: string; busy: boolean; value: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'disabled' | 'value' | 'className' | 'maxLength'
>) {
  const digits = [...value.slice(0, emailCodeLength)]
  return (
    <label className={form.field}>
      <span className={form.label}>{label}</span>
      <span className={styles.boxes} data-code-boxes="">
        {Array.from({ length: emailCodeLength }, (_, index) => (
          <span
            // The boxes are places, not items: their index is what they are.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed, positional cells
            key={index}
            className={styles.box}
            aria-hidden="true"
            data-code-box=""
            data-filled={index < digits.length ? '' : undefined}
            data-caret={index === Math.min(digits.length, emailCodeLength - 1) ? '' : undefined}
          >
            {digits[index] ?? ''}
          </span>
        ))}
        <input
          {...input}
          className={styles.input}
          value={value}
          maxLength={emailCodeLength}
          disabled={busy}
        />
      </span>
    </label>
  )
}
