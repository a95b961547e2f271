/**
 * Follows a social login in its popup: sends it to the provider's authorization URL the API made,
 * and takes the result only from a message of the API's own origin (the frame's), sent by that
 * popup, of the callback message's form — a grant only with this login's `state`; anything
 * else is ignored. A
 * popup closed before the result rejects with 'Popup closed', checked every second (spec §9).
 */
import { connectionErrors, socialCallbackMessageSchema, socialPopup } from '@airlock/protocol'

/** A login the provider or the API refused, with the API's code and words. */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** Sends `popup` to `url` and resolves with the grant the API's callback page posts back. */
export function awaitSocialGrant(popup: Window, url: string): Promise<string> {
  const state = new URL(url).searchParams.get('state')
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearInterval(closedCheck)
      window.removeEventListener('message', onMessage)
    }
    const closedCheck = setInterval(() => {
      if (!popup.closed) return
      stop()
      reject(new Error(connectionErrors.popupClosed))
    }, socialPopup.closedCheckMs)
    function onMessage(event: MessageEvent) {
      if (event.origin !== location.origin || event.source !== popup) return
      const parsed = socialCallbackMessageSchema.safeParse(event.data)
      if (!parsed.success) return
      const result = parsed.data
      // A grant counts only for this login's state. A refusal from the API's page in this popup
      // is shown whatever state it names (a wrong state is one of them): it starts nothing.
      if ('grant' in result && (!state || result.state !== state)) return
      stop()
      popup.close()
      if ('grant' in result) resolve(result.grant)
      else reject(new SocialLoginError(result.error.code, result.error.message))
    }
    window.addEventListener('message', onMessage)
    popup.location.href = url
  })
}
