/**
 * A name's avatar (its `avatar` text record) in the frame: the picture once it loads within the
 * spec's 2 s image preload timeout, else whatever `className` draws (Account's gradient disc).
 * Decorative: the name beside it says who it is.
 */
import { useImageFallback } from '../components/useImageFallback'
import { avatarSource } from './avatarSource'
import styles from './NameAvatar.module.css'

export function NameAvatar({
  avatar,
  className,
}: {
  avatar: string | undefined
  className: string | undefined
}) {
  const src = avatarSource(avatar)
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
