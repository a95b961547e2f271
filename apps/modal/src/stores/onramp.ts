/**
 * The Buy form's state in the modal's store (spec §3 Onramp state): read and changed here; what
 * it offers and the API's answers are the onramp feature's (`onramp/`).
 */
import type { OnrampForm } from './onrampState'
import type { ModalState, ModalStore } from './store'

/** The Buy form in the store. */
export function onrampFormOf(state: ModalState): OnrampForm {
  return state.onramp
}

/** Changes the Buy form in the store. */
export function updateOnrampForm(store: ModalStore, patch: Partial<OnrampForm>): void {
  store.setState({ onramp: { ...store.getState().onramp, ...patch } })
}

export { emptyOnrampForm, type OnrampForm } from './onrampState'
