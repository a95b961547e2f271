/**
 * A social login in its popup, up to the session (spec §4 "Social login"): the start URL and the
 * secret from the API, the API's start page and the provider's pages in the popup, and the grant
 * the API's callback page posts back (socialGrant.ts) redeemed with the secret — for the session,
 * or for the question of a link the visitor answers (socialSignIn.ts). The embedded wallet then
 * opens the session's wallet, as after an email sign-in.
 */
import { connectionErrors, type SocialProvider } from '@airlock/protocol'
import type { SocialApi } from './socialApi'
import { awaitSocialGrant } from './socialGrant'
import { type SocialSignIn, settleSignIn, socialRefusal } from './socialSignIn'

/**
 * The sign-in of a social login in `popup` (opened by the visitor's click).
 * @throws 'Failed to initiate social connection' when the API gives no URL (the popup closed);
 * 'Popup closed'; SocialLoginError when the provider or the API refused.
 */
export async function socialSession(
  api: Pick<SocialApi, 'socialAuthorization' | 'socialSession'>,
  provider: SocialProvider,
  popup: Window,
): Promise<SocialSignIn> {
  let authorization: Awaited<ReturnType<typeof api.socialAuthorization>>
  try {
    authorization = await api.socialAuthorization(provider)
  } catch (error) {
    popup.close()
    throw new Error(connectionErrors.failedToInitiateSocial, { cause: error })
  }
  const grant = await awaitSocialGrant(popup, authorization.url)
  const redeem = async (link?: true) => {
    try {
      return await api.socialSession(grant, authorization.secret, link)
    } catch (error) {
      throw socialRefusal(error)
    }
  }
  return settleSignIn(await redeem(), () => redeem(true))
}
