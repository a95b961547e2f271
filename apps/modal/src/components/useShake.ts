/** The spec's 500 ms shake (§4 Timing) when a wallet rejects: true for that long after `rejected`. */
import { shakeMs } from '@airlock/protocol'
import { useEffect, useState } from 'react'

export function useShake(rejected: boolean): boolean {
  const [shaking, setShaking] = useState(false)
  useEffect(() => {
    if (!rejected) return
    setShaking(true)
    const timer = setTimeout(() => setShaking(false), shakeMs)
    return () => clearTimeout(timer)
  }, [rejected])
  return shaking
}
