/**
 * The social login's popup window (spec §4 "Social login", §9): opened blank by the frame in the
 * visitor's click itself, so no browser blocks it, at the size the spec gives. Its own module:
 * the click needs only this, in the first bundle; socialGrant.ts follows the login in it.
 */
import { socialPopup } from '@airlock/protocol'
import { openCenteredPopup } from '../centeredPopup'

/** @returns undefined when the browser blocked it. */
export function openSocialPopup(): Window | undefined {
  return openCenteredPopup('airlock-social', socialPopup)
}
