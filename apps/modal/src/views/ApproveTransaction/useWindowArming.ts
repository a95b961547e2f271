/**
 * useWindowArming: Approve in the approval window (useApprovalWindow) arms only once the window
 * has been in front of the visitor — its page visible and focused — for `seenForMs` without a
 * break, and disarms the moment it is hidden or loses focus: a page that pops a window of its
 * own over it, or clicks through before the visitor could read it, gets nothing.
 */
import { useEffect, useState } from 'react'
import type { Arming } from './useSeenArming'
import { seenForMs } from './useSeenArming'

export function useWindowArming(target: Window | undefined, request: unknown): Arming {
  const [armedFor, setArmedFor] = useState<unknown>()
  useEffect(() => {
    if (!target || request === undefined) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const follow = () => {
      const seen = target.document.visibilityState === 'visible' && target.document.hasFocus()
      if (seen) {
        timer ??= setTimeout(() => setArmedFor(request), seenForMs)
        return
      }
      clearTimeout(timer)
      timer = undefined
      setArmedFor(undefined)
    }
    follow()
    const events = ['focus', 'blur', 'pageshow'] as const
    for (const event of events) target.addEventListener(event, follow)
    target.document.addEventListener('visibilitychange', follow)
    return () => {
      clearTimeout(timer)
      for (const event of events) target.removeEventListener(event, follow)
      target.document.removeEventListener('visibilitychange', follow)
    }
  }, [target, request])
  return request !== undefined && armedFor === request ? 'armed' : 'waiting'
}
