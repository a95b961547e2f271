/**
 * The visitor's slippage tolerance (issue 36), as Uniswap's interface offers it: 0.1 %, 0.5 % or
 * 1 %, or a custom one checked in the protocol's words (`swapSlippageError`) before any quote is
 * asked with it, and a warning above 5 %. The form quotes at the last valid choice.
 */
import { swapSlippage, swapSlippageError } from '@airlock/protocol'
import { useId, useState } from 'react'
import { swapText } from '../../messages/swapText'
import form from '../form.module.css'
import styles from './Swap.module.css'

export function SlippageControl({
  slippage,
  onChange,
}: {
  slippage: number
  /** A valid slippage, in percent; undefined while the custom one typed is not. */
  onChange: (slippage: number | undefined) => void
}) {
  const id = useId()
  const preset = (swapSlippage.choices as readonly number[]).includes(slippage)
  const [custom, setCustom] = useState(preset ? '' : String(slippage))
  const customError = custom.trim() === '' ? undefined : swapSlippageError(custom)
  return (
    <fieldset className={styles.slippageChoices} aria-labelledby={`${id}-label`}>
      <span className={form.label} id={`${id}-label`}>
        {swapText.slippage}
      </span>
      <div className={form.row}>
        {swapSlippage.choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className={form.small}
            aria-pressed={custom.trim() === '' && slippage === choice}
            onClick={() => {
              setCustom('')
              onChange(choice)
            }}
          >
            {`${choice}%`}
          </button>
        ))}
        <input
          className={`${form.input} ${styles.customSlippage}`}
          aria-label={swapText.customSlippage}
          aria-invalid={customError !== undefined}
          inputMode="decimal"
          autoComplete="off"
          placeholder={swapText.customSlippagePlaceholder}
          value={custom}
          onChange={(event) => {
            const typed = event.target.value
            setCustom(typed)
            if (typed.trim() === '') onChange(swapSlippage.choices[2])
            else onChange(swapSlippageError(typed) === undefined ? Number(typed) : undefined)
          }}
        />
      </div>
      {customError !== undefined ? (
        <p className={`${form.message} ${form.error}`} role="alert" data-swap-slippage-error="">
          {customError}
        </p>
      ) : (
        slippage > swapSlippage.warnAbove && (
          <p className={`${form.message} ${form.error}`} role="alert" data-swap-slippage-warning="">
            {swapText.highSlippage(slippage)}
          </p>
        )
      )}
    </fieldset>
  )
}
