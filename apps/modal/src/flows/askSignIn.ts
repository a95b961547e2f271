/**
 * The account or network changed (a reconnect, the wallet switching, the site's sign-in mode):
 * its session is checked, and one the project wants is asked for, the modal opening for it when
 * closed.
 */
import type { ModalState } from '../stores/store'
import type { FlowContext } from './context'

type Context = Pick<FlowContext, 'store' | 'navigation' | 'siwx' | 'openModal' | 'setFrameVisible'>

/** Checks the session at every change of who is signed in where. */
export function askSignInOnAccountChange(context: Context) {
  context.store.subscribe((state, previous) => {
    if (signedInAs(state) !== signedInAs(previous)) void askSignIn(context)
  })
}

const signedInAs = (state: ModalState) =>
  [state.status, state.address, state.activeNetwork, state.siwx, state.host?.origin].join()

async function askSignIn({ store, navigation, siwx, openModal, setFrameVisible }: Context) {
  if ((await siwx.recheck()) !== 'needed' || navigation.view() === 'SIWXSignMessage') return
  // The sign-in takes the whole stack: its Cancel is the way out.
  if (store.getState().open) return navigation.reset('SIWXSignMessage')
  await openModal({ view: 'SIWXSignMessage' })
  setFrameVisible(true)
}
