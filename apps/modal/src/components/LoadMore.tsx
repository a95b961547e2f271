/**
 * The end of a paged list (Account tabs, All Wallets): a sentinel that loads the next page as it
 * scrolls into view, and a "Load more" button for keyboards. After a failed page the sentinel
 * stops; the button loads again, or — when the list has its own retry — says "Try again" under
 * the list's note.
 */
import { useEffect, useRef } from 'react'
import { ui } from '../messages'
import { loadMoreText } from '../messages/loadMoreText'
import list from '../views/list.module.css'
import styles from './LoadMore.module.css'
import { useInfiniteScroll } from './useInfiniteScroll'

export function LoadMore({
  hasMore,
  loadingMore,
  moreFailed,
  onLoadMore,
  onRetry,
  failedNote,
}: {
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  onLoadMore: () => void
  /** A retry of its own for a failed page; without it the button loads the page again. */
  onRetry?: () => void
  /** Shown above the button after a failed page. */
  failedNote?: string
}) {
  const sentinel = useInfiniteScroll(onLoadMore, hasMore && !loadingMore && !moreFailed)
  const footer = useRef<HTMLDivElement>(null)
  const buttonFocused = useRef(false)
  const retrying = moreFailed && onRetry !== undefined

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
          {moreFailed && failedNote && <p className={list.note}>{failedNote}</p>}
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
              if (retrying) onRetry()
              else if (!loadingMore) onLoadMore()
            }}
          >
            {loadingMore ? loadMoreText.loadingMore : retrying ? ui.retry : loadMoreText.loadMore}
          </button>
        </>
      )}
    </div>
  )
}
