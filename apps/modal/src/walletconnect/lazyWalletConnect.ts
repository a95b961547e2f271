/**
 * The WalletConnect client as the modal holds it from its first bundle: the client's own code
 * (walletConnect.ts, the pairing, the session storage) loads the first time something needs it
 * — a visitor heading for a QR code, a phone's wallet list, a saved session to restore — as the
 * sign-client it drives does. Until then there is no session and nothing to stop.
 */
import type { CaipNetworkId, RequestArguments } from '@airlock/protocol'
import type { WalletNamespace } from '../connectors/types'
import type { SessionView } from './namespaces'
import type { WalletConnect, WalletConnectOptions } from './walletConnect'

const noSession: SessionView = { approved: [], network: undefined, accounts: [] }

export function createLazyWalletConnect(options: WalletConnectOptions) {
  let client: WalletConnect | undefined
  let loading: Promise<WalletConnect> | undefined
  const isConfigured = () => !!options.store.getState().config.project?.walletConnect

  function load(): Promise<WalletConnect> {
    loading ??= import('./walletConnect').then(
      ({ createWalletConnect }) => {
        client ??= createWalletConnect(options)
        return client
      },
      (error: unknown) => {
        // A chunk that failed to arrive is asked for again next time.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  /** Runs `use` on the client once loaded; a load failure is the client's to report. */
  const withClient = (use: (loaded: WalletConnect) => void) => {
    load().then(use, (error: unknown) => options.onError?.(error))
  }

  return {
    pairing: {
      /** A URI to show, made now unless a live one exists. */
      start: () => withClient((loaded) => loaded.pairing.start()),
      /** A fresh URI, whatever the current one (retry after an error). */
      restart: () => withClient((loaded) => loaded.pairing.restart()),
      /** Forgets the current proposal; nothing to forget before the client loaded. */
      stop: () => client?.pairing.stop(),
    },
    request: async (request: RequestArguments) => (await load()).request(request),
    disconnect: async () => client?.disconnect(),
    /** On reload: the newest stored session, loading the client only for a project that has one. */
    restore: async () => (isConfigured() ? (await load()).restore() : false),
    current: (namespace?: WalletNamespace, preferred?: CaipNetworkId) =>
      client?.current(namespace, preferred) ?? noSession,
    isConfigured,
    hasSession: () => !!client?.hasSession(),
    /** Loads the client and the sign-client ahead of need (the visitor is about to ask for a QR). */
    preload: () => {
      if (isConfigured()) withClient((loaded) => loaded.preload())
    },
  }
}
export type LazyWalletConnect = ReturnType<typeof createLazyWalletConnect>
