/**
 * The site's requests that crossed the bridge, routed to the connected wallet's connector.
 * Returns undefined when no wallet is connected (the bridge answers the few it can itself).
 */
import {
  DisconnectedError,
  InvalidParamsError,
  type RequestArguments,
  UnsupportedMethodError,
} from '@airlock/protocol'
import type { Asker, WalletNamespace } from '../connectors/types'
import { activeNetworkOf } from '../stores/store'
import { activeConnector } from './connectorOf'
import type { ConnectionContext } from './context'

/** What the site may ask a Solana wallet, and the bytes each takes. */
const solanaRequests: Record<string, string> = {
  solana_signMessage: 'message',
  solana_signTransaction: 'transaction',
  solana_signAndSendTransaction: 'transaction',
}
/** Solana transactions are at most 1232 bytes; messages to sign are kept under 64 KiB. */
const maxSolanaBytes = 65_536

/** Refuses a site's Solana request the modal doesn't offer, or whose bytes aren't bytes. */
function checkSolanaRequest({ method, params }: RequestArguments) {
  const key = solanaRequests[method]
  if (!key) throw new UnsupportedMethodError({ details: `${method} is not offered.` })
  const bytes = (params as Record<string, unknown> | undefined)?.[key]
  if (!(bytes instanceof Uint8Array) || bytes.length === 0 || bytes.length > maxSolanaBytes)
    throw new InvalidParamsError({
      message: `${method} takes { ${key}: Uint8Array } of 1 to ${maxSolanaBytes} bytes.`,
    })
}

/** The namespace a site's method is of: `solana_*`, `bitcoin_*` (bip122), `cosmos_*`, `polkadot_*`, else eip155. */
const namespaceOfMethod = (method: string): WalletNamespace =>
  method.startsWith('solana_')
    ? 'solana'
    : method.startsWith('bitcoin_')
      ? 'bip122'
      : method.startsWith('cosmos_')
        ? 'cosmos'
        : method.startsWith('polkadot_')
          ? 'polkadot'
          : 'eip155'

export function request(
  context: ConnectionContext,
  args: RequestArguments,
  asker: Asker = 'site',
): Promise<unknown> | undefined {
  const connector = activeConnector(context)
  if (!connector) return undefined
  const namespace = namespaceOfMethod(args.method)
  if (namespace === 'solana') checkSolanaRequest(args)
  if (namespace !== connector.namespace)
    return Promise.reject(
      new DisconnectedError({ message: `The wallet is not connected on ${namespace}.` }),
    )
  const state = context.store.getState()
  return connector.request(args, {
    address: state.address,
    network: state.activeNetwork,
    networkConfig: activeNetworkOf(state),
    asker,
  })
}
