/**
 * useSeenArming: Approve arms only after the approval has been seen by the visitor — visible as
 * the browser proves it inside the frame, by IntersectionObserver v2's `isVisible` (not
 * transparent, transformed, filtered or covered, the host page's styling of the frame included)
 * — for `seenForMs` without a break, and disarms the moment it stops being seen. A host page that
 * makes the frame transparent over its own button, or covers it with its own picture of one, gets
 * no approval from the visitor's click. Where the browser can't prove visibility (no
 * IntersectionObserver v2: Firefox, Safari), a request that moves value is approved in the
 * approval window instead (useApprovalWindow); a message to sign arms once the card has been
 * wholly in the frame's viewport for `seenForMs`, and the view says visibility is not proven.
 */
import { type RefObject, useEffect, useState } from 'react'

/** How long the approval must have been seen, without a break, before Approve answers. */
export const seenForMs = 500

/** How often the browser re-checks visibility: IntersectionObserver v2's smallest delay. */
const visibilityDelayMs = 100

/** `armed`: Approve answers. `waiting`: not seen long enough yet. */
export type Arming = 'armed' | 'waiting'

/** IntersectionObserver v2's options and entry field, not yet in TypeScript's DOM types. */
type VisibilityInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number }
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/** Whether this browser can prove that an element is visible (IntersectionObserver v2). */
export function canProveVisibility(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

/**
 * The arming of Approve for `request`, shown in `target` (the approval's whole card: Approve and
 * everything the visitor checks). A new request starts unarmed.
 */
export function useSeenArming(target: RefObject<Element | null>, request: unknown): Arming {
  const proven = canProveVisibility()
  const [armedFor, setArmedFor] = useState<unknown>()
  useEffect(() => {
    const element = target.current
    if (request === undefined || !element) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const disarm = () => {
      clearTimeout(timer)
      timer = undefined
      setArmedFor(undefined)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1) as VisibilityEntry | undefined
        if (!entry) return
        const seen = proven ? entry.isVisible === true : entry.intersectionRatio >= 1
        if (entry.isIntersecting && seen) {
          timer ??= setTimeout(() => setArmedFor(request), seenForMs)
        } else disarm()
      },
      proven
        ? ({ threshold: [0, 1], trackVisibility: true, delay: visibilityDelayMs } as VisibilityInit)
        : { threshold: [0, 1] },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      disarm()
    }
  }, [target, request, proven])
  return request !== undefined && armedFor === request ? 'armed' : 'waiting'
}
