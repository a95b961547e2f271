/**
 * A social login in its popup, up to the session (spec §4 "Social login"): the provider's
 * authorization URL from the API, the provider's pages in the popup, and the grant the API's
 * callback page posts back (socialGrant.ts) redeemed for the session. The embedded wallet then
 * opens the session's wallet, as after an email sign-in.
 */
import { connectionErrors, type SocialProvider } from '@airlock/protocol'
import type { SocialApi } from './socialApi'
import { awaitSocialGrant } from './socialGrant'

/**
 * The session of a social login in `popup` (opened by the visitor's click).
 * @throws 'Failed to initiate social connection' when the API gives no URL (the popup closed);
 * 'Popup closed'; SocialLoginError when the provider or the API refused.
 */
export async function socialSession(
  api: Pick<SocialApi, 'socialAuthorization' | 'socialSession'>,
  provider: SocialProvider,
  popup: Window,
) {
  let url: string
  try {
    url = (await api.socialAuthorization(provider)).url
  } catch (error) {
    popup.close()
    throw new Error(connectionErrors.failedToInitiateSocial, { cause: error })
  }
  return api.socialSession(await awaitSocialGrant(popup, url))
}
