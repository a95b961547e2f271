/**
 * A name's avatar in the frame: the picture at `src` (`avatarSource` of the name's record) once
 * it loads within the spec's 2 s image preload timeout, else whatever `className` draws
 * (Account's gradient disc). Decorative: the name beside it says who it is.
 */
import { useImageFallback } from '../components/useImageFallback'
import styles from './NameAvatar.module.css'

export function NameAvatar({
  src,
  className,
}: {
  src: string | undefined
  className: string | undefined
}) {
  const image = useImageFallback(src)
  return (
    <span className={className} aria-hidden="true" data-avatar={src ? image.status : 'none'}>
      {src && image.status !== 'failed' && (
        <img
          src={src}
          alt=""
          className={styles.image}
          referrerPolicy="no-referrer"
          decoding="async"
          onLoad={image.onLoad}
          onError={image.onError}
        />
      )}
    </span>
  )
}
