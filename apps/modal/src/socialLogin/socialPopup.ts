/**
 * The social login's popup window (spec §4 "Social login", §9): opened blank by the frame in the
 * visitor's click itself, so no browser blocks it, at the size the spec gives. Its own module:
 * the click needs only this, in the first bundle; socialGrant.ts follows the login in it.
 */
import { socialPopup } from '@airlock/protocol'

/** @returns undefined when the browser blocked it. */
export function openSocialPopup(): Window | undefined {
  const { width, height } = socialPopup
  const left = Math.max(0, (screen.width - width) / 2)
  const top = Math.max(0, (screen.height - height) / 2)
  return (
    window.open(
      'about:blank',
      'airlock-social',
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    ) ?? undefined
  )
}
