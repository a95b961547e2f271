/** Placeholders while a tab's first answer is on its way; the panel carries `aria-busy`. */
import { ui } from '../../messages'
import styles from './AccountTabs.module.css'

const keys = (count: number) => Array.from({ length: count }, (_, index) => `skeleton-${index}`)

export function RowSkeletons({ count = 4 }: { count?: number }) {
  return (
    <>
      <span className={styles.srOnly}>{ui.loading}</span>
      <ul className={styles.list} aria-hidden="true" data-skeleton="">
        {keys(count).map((key) => (
          <li key={key} className={styles.row}>
            <span className={styles.skeletonRound} />
            <span className={styles.main}>
              <span className={styles.skeletonLong} />
              <span className={styles.skeletonShort} />
            </span>
            <span className={styles.skeletonSide} />
          </li>
        ))}
      </ul>
    </>
  )
}

export function TileSkeletons({ count = 4 }: { count?: number }) {
  return (
    <>
      <span className={styles.srOnly}>{ui.loading}</span>
      <ul className={styles.grid} aria-hidden="true" data-skeleton="">
        {keys(count).map((key) => (
          <li key={key} className={styles.nft}>
            <span className={styles.skeletonTile} />
            <span className={styles.skeletonLong} />
          </li>
        ))}
      </ul>
    </>
  )
}
