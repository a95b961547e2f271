/**
 * Sign In With Farcaster, up to the session (spec §4 "Farcaster"): the API opens a relay channel,
 * whose URL ConnectingFarcaster shows as a QR code and a link; then the frame asks the API about
 * it every second until the visitor's Farcaster app signed and the API started the session. The
 * embedded wallet then opens the session's wallet, as after an email sign-in.
 */
import { connectionErrors, farcasterPollMs } from '@airlock/protocol'
import type { SocialApi } from './socialApi'

/**
 * Opens a channel: its id and the URL ConnectingFarcaster shows.
 * @throws 'Failed to connect to farcaster', the API's refusal as its cause.
 */
export async function farcasterChannel(
  api: Pick<SocialApi, 'farcasterChannel'>,
): Promise<{ channel: string; url: string }> {
  try {
    return await api.farcasterChannel()
  } catch (error) {
    throw new Error(connectionErrors.failedToConnectFarcaster, { cause: error })
  }
}

/**
 * Asks about `channel` every second until the visitor's app signed; resolves with the session.
 * Stops when `signal` aborts.
 * @throws 'Failed to connect to farcaster', the API's refusal as its cause; the abort reason.
 */
export async function farcasterSession(
  api: Pick<SocialApi, 'farcasterSession'>,
  channel: string,
  signal: AbortSignal,
) {
  for (;;) {
    signal.throwIfAborted()
    let status: Awaited<ReturnType<typeof api.farcasterSession>>
    try {
      status = await api.farcasterSession(channel)
    } catch (error) {
      signal.throwIfAborted()
      throw new Error(connectionErrors.failedToConnectFarcaster, { cause: error })
    }
    signal.throwIfAborted()
    if (!('pending' in status)) return status
    await new Promise((resolve) => setTimeout(resolve, farcasterPollMs))
  }
}
