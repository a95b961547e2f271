/**
 * A value once it has stopped changing for `delayMs`: what a form looks up or quotes while the
 * visitor types (Send's receiver name, Swap's and Buy's amounts, a name to register), so a query
 * is asked for the text the visitor paused on, not for every key pressed.
 */
import { useEffect, useState } from 'react'

export function useDebouncedValue<value>(value: value, delayMs: number): value {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
