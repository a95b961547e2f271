/**
 * Whether an image from outside (token icon, NFT preview) can be shown: its URL is one the frame
 * may load, and it loads within the spec's 2 s image preload timeout. Otherwise the caller shows
 * its fallback tile.
 */
import { imagePreloadTimeoutMs } from '@airlock/protocol'
import { useEffect, useState } from 'react'

export type ImageStatus = 'loading' | 'loaded' | 'failed'

// The frame's CSP img-src: https, data: images, the API's NFT image proxy (production), and
// local servers in development.
const loadable =
  /^(https:\/\/|data:image\/|\/v1\/nft-image\?|http:\/\/(localhost|127\.0\.0\.1)[:/])/

export function useImageFallback(src: string | undefined): {
  status: ImageStatus
  onLoad: () => void
  onError: () => void
} {
  const usable = !!src && loadable.test(src)
  const [settled, setSettled] = useState<{ src: string; status: 'loaded' | 'failed' }>()

  useEffect(() => {
    if (!usable || !src) return
    const timer = setTimeout(
      () => setSettled((current) => (current?.src === src ? current : { src, status: 'failed' })),
      imagePreloadTimeoutMs,
    )
    return () => clearTimeout(timer)
  }, [src, usable])

  const status: ImageStatus = !usable ? 'failed' : settled?.src === src ? settled.status : 'loading'
  return {
    status,
    onLoad: () =>
      setSettled((current) => (current?.src === src || !src ? current : { src, status: 'loaded' })),
    onError: () => {
      if (src) setSettled({ src, status: 'failed' })
    },
  }
}
