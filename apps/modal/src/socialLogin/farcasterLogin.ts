/**
 * Sign In With Farcaster, up to the session (spec §4 "Farcaster"): the API opens a relay channel,
 * whose URL ConnectingFarcaster shows as a QR code and a link, and gives this frame the channel's
 * secret, which stays here (in no URL, not in the code); then the frame asks the API about it,
 * with that secret, every second until the visitor's Farcaster app signed and the API started
 * the session — or asks the visitor about a link first (socialSignIn.ts). The embedded wallet then
 * opens the session's wallet, as after an email sign-in.
 */
import { connectionErrors, farcasterPollMs } from '@airlock/protocol'
import type { FarcasterChannelHandle, SocialApi } from './socialApi'
import { type SocialSignIn, settleSignIn } from './socialSignIn'

/**
 * Opens a channel: its id and secret, and the URL ConnectingFarcaster shows.
 * @throws 'Failed to connect to farcaster', the API's refusal as its cause.
 */
export async function farcasterChannel(
  api: Pick<SocialApi, 'farcasterChannel'>,
): Promise<FarcasterChannelHandle & { url: string }> {
  try {
    return await api.farcasterChannel()
  } catch (error) {
    throw new Error(connectionErrors.failedToConnectFarcaster, { cause: error })
  }
}

/**
 * Asks about `channel` every second until the visitor's app signed; resolves with the sign-in.
 * Stops when `signal` aborts.
 * @throws 'Failed to connect to farcaster', the API's refusal as its cause; the abort reason.
 */
export async function farcasterSession(
  api: Pick<SocialApi, 'farcasterSession'>,
  channel: FarcasterChannelHandle,
  signal: AbortSignal,
): Promise<SocialSignIn> {
  const ask = async (link?: true) => {
    try {
      return await api.farcasterSession(channel, link)
    } catch (error) {
      signal.throwIfAborted()
      throw new Error(connectionErrors.failedToConnectFarcaster, { cause: error })
    }
  }
  for (;;) {
    signal.throwIfAborted()
    const status = await ask()
    signal.throwIfAborted()
    if (!('pending' in status)) return settleSignIn(status, () => ask(true))
    await new Promise((resolve) => setTimeout(resolve, farcasterPollMs))
  }
}
