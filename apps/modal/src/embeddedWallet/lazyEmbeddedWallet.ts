/**
 * The embedded wallet (embeddedWallet.ts) as the modal holds it: its key code loads the first
 * time a visitor signs in by email, or a reload finds a saved email connection, so no other page
 * loads it. Until then, and while locked, its AUTH connectors are none.
 */
import { connectionErrors } from '@airlock/protocol'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import type { Connector, ConnectorKind } from '../connectors/types'
import type { EmbeddedWalletController, EmbeddedWalletDeps } from './embeddedWallet'

export function createLazyEmbeddedWallet(deps: Omit<EmbeddedWalletDeps, 'setConnectors'>) {
  let loaded: Promise<EmbeddedWalletController> | undefined
  const unlocked: { connectors: Connector[] } = { connectors: [] }
  // Its code did not arrive (offline, a deploy that replaced it): 'No auth connector found', and
  // the next try imports it again.
  const load = () => {
    loaded ??= import('./embeddedWallet').then(
      ({ createEmbeddedWallet }) =>
        createEmbeddedWallet({
          ...deps,
          setConnectors(connectors) {
            unlocked.connectors = connectors
          },
        }),
      (error: unknown) => {
        loaded = undefined
        throw new Error(connectionErrors.noAuthConnector, { cause: error })
      },
    )
    return loaded
  }
  const kind: ConnectorKind = {
    connectors: () => unlocked.connectors,
    async restore(connectionId) {
      if (connectionId === embeddedWalletId) await (await load()).restore()
    },
  }
  return { kind, load }
}
export type LazyEmbeddedWallet = ReturnType<typeof createLazyEmbeddedWallet>
