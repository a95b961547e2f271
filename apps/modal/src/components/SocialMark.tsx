/** A social login's mark on an icon tile (socialLogin/socialMarks.ts), in place of a wallet's icon. */
import type { SocialProvider } from '@airlock/protocol'
import { socialMarks } from '../socialLogin/socialMarks'
import list from '../views/list.module.css'

export function SocialMark({ provider }: { provider: SocialProvider }) {
  const { image, color } = socialMarks[provider]
  return (
    <span className={list.socialMark} data-social-mark={provider} aria-hidden="true">
      <span style={{ maskImage: `url("${image}")`, ...(color ? { color } : {}) }} />
    </span>
  )
}
