/**
 * The end of every social sign-in (a redeemed grant, a signed Farcaster channel), where the frame
 * that asked for it, with the session it had then, redeems the social account its provider proved
 * (issue 33). Known, it signs in to its account — or is refused to a frame signed in as another
 * one. New, it makes its own account, or, when the frame is signed in, is linked to the frame's
 * account: but only once the visitor said yes in the modal (`link`); until then the answer is the
 * question, and nothing is written or used up. What the sign-in used up (a grant, a channel) is
 * used up in the same transaction as the link and the session, or not at all.
 */
import type { EmailSession, SocialLinkConfirmation, SocialProvider } from '@airlock/protocol'
import { socialLoginOf, socialProviderNames } from '@airlock/protocol'
import type { Transaction } from 'kysely'
import type { Database } from '../../storage/storage'
import { type EmailSessionRecord, startEmailSession } from '../email/sessions'
import { hasWallet as ownerHasWallet } from '../embeddedWallets/walletRows'
import { accountNamed, linkSocialIdentity, loginOfIdentity } from './identities'
import { SocialLoginError } from './socialLoginError'

/** A social account its provider proved: the provider's id for it, and its name there. */
export type ProvenIdentity = { provider: SocialProvider; subject: string; handle: string }

/**
 * How a redeemed sign-in ends: the visitor is to be asked about a link first; or signed in — a
 * new session (its token for the cookie), or the frame's own session, whose account it already is.
 */
export type SocialSignInOutcome =
  | { confirmLink: SocialLinkConfirmation }
  | { session: EmailSession; token: string | undefined }

/** The session as the frame reads it. */
const asRead = ({ id: _, deviceId: __, ...session }: EmailSessionRecord): EmailSession => session

/**
 * Signs in with `identity` on the project and site of `scope`, for the frame whose session is
 * `frame` (null when it has none), in the caller's transaction; `useUp` spends what the sign-in
 * came with, once, right before anything is written.
 * @throws SocialLoginError `socialIdentityTaken`; whatever `useUp` throws.
 */
export async function signInWithIdentity(
  trx: Transaction<Database>,
  scope: { projectId: string; hostOrigin: string },
  identity: ProvenIdentity,
  frame: EmailSessionRecord | null,
  { link }: { link: boolean },
  at: number,
  useUp: () => Promise<void>,
): Promise<SocialSignInOutcome> {
  const key = { projectId: scope.projectId, provider: identity.provider, subject: identity.subject }
  const known = await loginOfIdentity(trx, key)
  if (known !== undefined && frame !== null && known !== frame.email)
    throw new SocialLoginError(
      'socialIdentityTaken',
      `This ${socialProviderNames[identity.provider]} account is already linked to another wallet.`,
    )
  if (known === undefined && frame !== null && !link)
    return {
      confirmLink: {
        provider: identity.provider,
        handle: identity.handle,
        account: await accountNamed(trx, scope.projectId, frame.email),
      },
    }
  await useUp()
  const login = known ?? frame?.email ?? socialLoginOf(identity.provider, identity.subject)
  await linkSocialIdentity(trx, key, login, identity.handle, at)
  const hasWallet = await ownerHasWallet(trx, { projectId: scope.projectId, email: login })
  if (frame !== null) return { session: { ...asRead(frame), hasWallet }, token: undefined }
  const { token, session } = await startEmailSession(
    trx,
    { ...scope, email: login, social: { provider: identity.provider, handle: identity.handle } },
    at,
  )
  return { session: { ...session, hasWallet }, token }
}
