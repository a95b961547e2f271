/**
 * A token icon (round) or NFT preview (square): the image when it loads within the spec's 2 s,
 * else a tile with a letter or glyph. Decorative: the row next to it names the asset.
 */
import { useImageFallback } from '../../components/useImageFallback'
import styles from './AccountTabs.module.css'

export function AssetIcon({
  src,
  fallback,
  shape,
}: {
  src: string | undefined
  /** What the tile shows without the image: an initial or a glyph. */
  fallback: string
  shape: 'round' | 'tile' | 'square'
}) {
  const image = useImageFallback(src)
  return (
    <span className={styles[shape]} data-image={image.status} aria-hidden="true">
      <span className={styles.fallback}>{fallback}</span>
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
