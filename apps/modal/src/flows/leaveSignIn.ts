/**
 * Leaving SIWXSignMessage unsigned (Cancel, ✕, Esc, back; spec §4 "SIWX"): when sign-in is
 * optional the wallet stays connected; when it is required the wallet goes back to the network
 * last signed in on or, with none, disconnects. Loaded only when a sign-in is left.
 */
import type { FlowContext } from './context'

export async function leaveSignIn({
  store,
  siwx,
  switchNetwork,
  disconnect,
}: Pick<FlowContext, 'store' | 'siwx' | 'switchNetwork' | 'disconnect'>) {
  const state = store.getState()
  if (state.siwx !== 'required' || state.siwxSession || state.status !== 'connected') return
  const last = (await siwx.load()).lastSignedNetwork()
  if (last) await switchNetwork(last).catch(() => disconnect())
  else await disconnect().catch(() => {})
}
