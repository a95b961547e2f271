/**
 * Infinite scroll: calls `loadMore` while a sentinel at the end of a list is in view and
 * `enabled` (a next page exists and none is loading). When a page adds too little to push the
 * sentinel out of view, the next one loads too. Returns the sentinel's ref.
 */
import { useEffect, useState } from 'react'

export function useInfiniteScroll(loadMore: () => void, enabled: boolean) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null)
  const [inView, setInView] = useState(false)

  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return
    // No root: the viewport, clipped by the scrolling panel, is what the visitor sees.
    const observer = new IntersectionObserver(([entry]) => setInView(!!entry?.isIntersecting))
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [sentinel])

  useEffect(() => {
    if (inView && enabled && sentinel) loadMore()
  }, [inView, enabled, sentinel, loadMore])

  return setSentinel
}
