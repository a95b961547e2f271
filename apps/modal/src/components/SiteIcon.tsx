/**
 * SiteIcon: the site's icon (its /favicon.ico), or its initial while that loads or when it has
 * none — who asks, on the views where a site asks the visitor for something (sign-in, approval).
 */
import { useImageFallback } from './useImageFallback'
import { WalletIcon } from './WalletIcon'

export function SiteIcon({ origin, domain }: { origin: string | undefined; domain: string }) {
  const src = origin ? `${origin}/favicon.ico` : undefined
  const image = useImageFallback(src)
  return (
    <>
      {image.status !== 'loaded' && <WalletIcon name={domain} icon="" />}
      {src && image.status !== 'failed' && (
        <img
          src={src}
          alt=""
          hidden={image.status !== 'loaded'}
          onLoad={image.onLoad}
          onError={image.onError}
        />
      )}
    </>
  )
}
