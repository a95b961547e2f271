/** Disconnects the active wallet, from the Account view or `airlock.disconnect()`. */
import type { FlowContext } from './context'
import { eventMessage } from './eventMessage'

export async function disconnect({
  connection,
  analytics,
}: Pick<FlowContext, 'connection' | 'analytics'>) {
  try {
    await connection.disconnect()
  } catch (error) {
    analytics.track('DISCONNECT_ERROR', { message: eventMessage(error) })
    throw error
  }
  analytics.track('DISCONNECT_SUCCESS')
}
