/**
 * The panel of the selected Account tab: it scrolls inside a fixed height, and says `aria-busy`
 * while its data loads. `PanelNote` is its centred empty / unavailable message; `ListLoadMore`
 * the end of a paged list (NFTs, Activity).
 */
import type { ReactNode } from 'react'
import { LoadMore } from '../../components/LoadMore'
import type { ListEntry } from '../../components/useAccountList'
import list from '../list.module.css'
import styles from './AccountTabs.module.css'

/** The ids tying a panel to its tab (`aria-controls` / `aria-labelledby`). */
export type PanelIds = { panelId: string; tabId: string }

export function TabPanel({
  ids,
  tab,
  busy,
  children,
}: {
  ids: PanelIds
  tab: string
  busy: boolean
  children: ReactNode
}) {
  return (
    <div
      role="tabpanel"
      id={ids.panelId}
      aria-labelledby={ids.tabId}
      aria-busy={busy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: a panel is focusable, so keyboards reach and scroll a list with nothing else to focus.
      tabIndex={0}
      className={styles.panel}
      data-tab={tab}
    >
      {children}
    </div>
  )
}

export function PanelNote({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.center}>
      <p className={list.note}>{children}</p>
      {action}
    </div>
  )
}

/** The end of an Account list: more pages while the last one loaded had a cursor. */
export function ListLoadMore({
  entry,
  onLoadMore,
}: {
  entry: ListEntry<unknown> | undefined
  onLoadMore: () => void
}) {
  if (!entry) return null
  return (
    <LoadMore
      hasMore={entry.hasMore}
      loadingMore={entry.loadingMore}
      moreFailed={entry.moreFailed}
      onLoadMore={onLoadMore}
    />
  )
}
