/**
 * A network's mark at the size of the text around it (Account's network button, a native token's
 * icon): its one-colour picture (networkMarks.ts) through a CSS mask, in its colour or the text's.
 * Nothing where the network's mark is not known: the caller shows what it would otherwise.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { networkMark } from '../SwitchNetwork/networkMarks'
import styles from './NetworkMark.module.css'

export function NetworkMark({
  network,
  size,
}: {
  network: CaipNetworkId
  /** Beside a name (`inline`), or filling an icon tile (`tile`). */
  size: 'inline' | 'tile'
}) {
  const mark = networkMark(network)
  if (!mark) return null
  return (
    <span
      className={styles[size]}
      aria-hidden="true"
      data-network-mark={network}
      style={{ maskImage: `url("${mark.image}")`, ...(mark.color ? { color: mark.color } : {}) }}
    />
  )
}
