/** A social login's mark on an icon tile (socialLogin/socialMarks.ts), in place of a wallet's icon. */
import type { SocialProvider } from '@airlock/protocol'
import { socialMarks } from '../socialLogin/socialMarks'
import { BrandMark } from './BrandMark'

export function SocialMark({ provider }: { provider: SocialProvider }) {
  return <BrandMark mark={socialMarks[provider]} data-social-mark={provider} />
}
