/**
 * What binds a social sign-in under way (an authorization and the grant of its callback, a
 * Farcaster channel) to the frame that asked for it (issue 33): a secret only that frame keeps —
 * given to it in the answer, in no URL, its SHA-256 kept here — and the email session it had
 * when it asked. Redeeming needs both: a grant or a channel is worth nothing to another frame,
 * and it signs in or links only for the session that asked.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { EmailSessionRecord } from '../email/sessions'
import { SocialLoginError } from './socialLoginError'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A new secret for the frame, and the hash kept of it. */
export function frameSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, secretHash: sha256(secret) }
}

/** Whether `text` hashes to `hash` (SHA-256, hex), in constant time. */
export function hashMatches(text: string | undefined, hash: string | null): boolean {
  if (text === undefined || hash === null) return false
  const expected = Buffer.from(hash, 'hex')
  const actual = Buffer.from(sha256(text), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** What a sign-in under way was bound to when the frame asked. */
export type FrameBinding = { secretHash: string | null; sessionId: string | null }

/** The frame redeeming it: the secret it gives back, and the email session it has now. */
export type RedeemingFrame = { secret: string; session: EmailSessionRecord | null }

/**
 * Refuses a frame other than the one that asked, or the same frame with another session.
 * @throws SocialLoginError `socialFrameMismatch`, `socialSessionMismatch`.
 */
export function checkFrameBinding(binding: FrameBinding, frame: RedeemingFrame): void {
  if (!hashMatches(frame.secret, binding.secretHash))
    throw new SocialLoginError(
      'socialFrameMismatch',
      'This sign-in was started by another window: nothing was signed in or linked. Sign in again here.',
    )
  if ((frame.session?.id ?? null) !== binding.sessionId)
    throw new SocialLoginError(
      'socialSessionMismatch',
      'You signed in or out since this sign-in started: nothing was signed in or linked. Sign in again.',
    )
}
