/**
 * The end of a cursor list: a sentinel that loads the next page as it scrolls into view, and a
 * "Load more" button for keyboards (and for a retry after a failed page, when scrolling stops).
 */
import { useEffect, useRef } from 'react'
import { useInfiniteScroll } from '../../components/useInfiniteScroll'
import { ui } from '../../messages'
import type { ListEntry } from '../../state/accountData'
import styles from './AccountTabs.module.css'

export function LoadMore({
  entry,
  onLoadMore,
}: {
  entry: Pick<ListEntry<unknown>, 'status' | 'next' | 'loadingMore' | 'moreFailed'>
  onLoadMore: () => void
}) {
  const { status, next, loadingMore, moreFailed } = entry
  const hasMore = status === 'loaded' && next !== null
  const sentinel = useInfiniteScroll(onLoadMore, hasMore && !loadingMore && !moreFailed)
  const footer = useRef<HTMLDivElement>(null)
  const buttonFocused = useRef(false)

  // The last page removes the button; focus it held goes to the panel, not to the page.
  useEffect(() => {
    if (hasMore || !buttonFocused.current) return
    buttonFocused.current = false
    footer.current?.closest<HTMLElement>('[role="tabpanel"]')?.focus()
  }, [hasMore])

  return (
    <div ref={footer} className={styles.more}>
      {hasMore && (
        <>
          <span ref={sentinel} className={styles.sentinel} aria-hidden="true" />
          <button
            type="button"
            className={styles.moreButton}
            aria-disabled={loadingMore}
            onFocus={() => {
              buttonFocused.current = true
            }}
            onBlur={(event) => {
              if (event.relatedTarget) buttonFocused.current = false
            }}
            onClick={() => {
              if (!loadingMore) onLoadMore()
            }}
          >
            {loadingMore ? ui.loadingMore : ui.loadMore}
          </button>
        </>
      )}
    </div>
  )
}
