/**
 * A value that follows `value` once it has stopped changing for `delayMs`: the forms ask the API
 * after a pause in typing (Swap's quote, Buy's quotes, Send's receiver name, a name's
 * availability), not on every keystroke. The first value is there at once.
 */
import { useEffect, useState } from 'react'

/**
 * @example
 * const asked = useDebouncedValue(amount, 300) // `amount` as it was 300 ms after the last key
 */
export function useDebouncedValue<value>(value: value, delayMs: number): value {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
