/**
 * After any login flow connected a wallet (a browser wallet, WalletConnect, email, social): the
 * modal asks for a sign-in when the project wants one the account lacks; otherwise it closes,
 * or goes back to where the flow started.
 */
import type { FlowContext } from './context'

export async function connected(
  {
    navigation,
    siwx,
    visibility,
    closeModal,
  }: Pick<FlowContext, 'navigation' | 'siwx' | 'visibility' | 'closeModal'>,
  returnBack: boolean | undefined,
) {
  // The site hears of the connection before the sign-in check ends (that may ask our API); an
  // open it asks for meanwhile has the last word, and is not undone by this flow's close.
  const opening = visibility.openings
  if ((await siwx.checked()) === 'needed') return navigation.reset('SIWXSignMessage')
  if (opening !== visibility.openings) return
  if (returnBack) await navigation.back()
  else await closeModal({ fromFrame: true })
}
