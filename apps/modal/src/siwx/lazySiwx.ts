/**
 * The sign-in controller (siwx.ts) as the modal holds it: loaded the first time a page whose
 * project asks for sign-in needs it, so a page without SIWX never loads its code. It keeps the
 * latest check, for a flow that connected and must know whether to ask for a sign-in.
 */
import type { Siwx, SiwxDeps } from './siwx'
import type { SiwxCheck } from './siwxCheck'

export function createLazySiwx(deps: SiwxDeps) {
  let loaded: Promise<Siwx> | undefined
  const load = () => {
    loaded ??= import('./siwx').then(({ createSiwx }) => createSiwx(deps))
    return loaded
  }
  let checking: Promise<SiwxCheck> = Promise.resolve('off')
  return {
    /** Checks the connected account again (the account, network or mode changed). */
    recheck(): Promise<SiwxCheck> {
      const { siwx, siwxSession } = deps.store.getState()
      checking =
        siwx === 'off' && !siwxSession ? Promise.resolve('off') : load().then((it) => it.check())
      return checking
    },
    /** The latest check. */
    checked: () => checking,
    /** The controller itself, for SIWXSignMessage's buttons (flows/signInWithWallet.ts). */
    load,
    async signOut() {
      if (deps.store.getState().siwxSession) await (await load()).signOut()
    },
  }
}
export type LazySiwx = ReturnType<typeof createLazySiwx>
