/**
 * An amount the visitor types (the onramp's payment, the swap's input): its label, and a decimal
 * input with no autofill, beside what says its unit (`children`: a currency, a token and Max).
 */
import { type ReactNode, useId } from 'react'
import form from '../views/form.module.css'

export function AmountField({
  label,
  placeholder,
  value,
  onChange,
  children,
}: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <>
      <label className={form.label} htmlFor={id}>
        {label}
      </label>
      <div className={form.row}>
        <input
          id={id}
          className={`${form.input} ${form.amount}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {children}
      </div>
    </>
  )
}
