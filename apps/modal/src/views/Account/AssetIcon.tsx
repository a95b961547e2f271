/**
 * A token icon (round) or NFT preview (square): the image when it loads within the spec's 2 s,
 * else a tile with the network's mark for a network's native token (ETH on Ethereum), or a letter
 * or glyph. Decorative: the row next to it names the asset.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { useImageFallback } from '../../components/useImageFallback'
import { networkMark } from '../SwitchNetwork/networkMarks'
import styles from './AccountTabs.module.css'
import { NetworkMark } from './NetworkMark'

export function AssetIcon({
  src,
  fallback,
  shape,
  nativeOn,
}: {
  src: string | undefined
  /** What the tile shows without the image: an initial or a glyph. */
  fallback: string
  shape: 'round' | 'tile' | 'square'
  /** The network whose native token this is: its mark stands in for a missing image. */
  nativeOn?: CaipNetworkId | undefined
}) {
  const mark = nativeOn && networkMark(nativeOn) ? nativeOn : undefined
  // Our API draws an initial (a data: URL) for a token without a logo; a provider's logo is a
  // link. A native token's network mark says more than the drawn letter.
  const image = useImageFallback(mark && src?.startsWith('data:') ? undefined : src)
  return (
    <span className={styles[shape]} data-image={image.status} aria-hidden="true">
      <span className={styles.fallback}>
        {mark ? <NetworkMark network={mark} size="tile" /> : fallback}
      </span>
      {image.status !== 'failed' && (
        <img
          className={styles.image}
          src={src}
          alt=""
          referrerPolicy="no-referrer"
          decoding="async"
          onLoad={image.onLoad}
          onError={image.onError}
        />
      )}
    </span>
  )
}

/** The first letter of a name, for a fallback tile. */
export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?'
}
