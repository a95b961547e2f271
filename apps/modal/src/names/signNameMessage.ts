/**
 * The wallet's signature of a name message (registering, changing records, choosing the primary
 * name): the readable lines `nameMessage` builds for the connected eip155 account, its chain and
 * the site, signed with `personal_sign`. What the three name writes share before the API call.
 */
import {
  coinTypeOfChainId,
  type NameAttributes,
  type NameMessageAction,
  nameErrors,
  nameMessage,
  type RequestArguments,
  tryParseCaipNetworkId,
} from '@airlock/protocol'
import { getAddress, stringToHex } from 'viem'
import type { NamesContext } from './nameQueries'
import { type NameRegistration, NamesApiError } from './namesApi'

/** The connected wallet (`connection.forward`): undefined when none is connected. */
export type NameWallet = {
  walletRequest(request: RequestArguments): Promise<unknown> | undefined
}

/** The project and site a name write is made for. */
export type NameSite = { projectId: string; hostOrigin: string }

/**
 * Has the connected wallet sign `action` on `name`. A declined signature rejects with the
 * wallet's own error (`isUserRejection`); anything else that stops it is a NamesApiError in
 * `failure`'s words.
 */
export async function signNameMessage(
  context: NamesContext & NameWallet,
  {
    action,
    name,
    attributes = {},
  }: { action: NameMessageAction; name: string; attributes?: NameAttributes },
  failure: string,
): Promise<{ site: NameSite; registration: NameRegistration }> {
  const { address, activeNetwork, config, host } = context.store.getState()
  const network = tryParseCaipNetworkId(activeNetwork)
  if (network?.namespace !== 'eip155')
    throw new NamesApiError(failure, { cause: new Error(nameErrors.networkNotFound) })
  if (!address)
    throw new NamesApiError(failure, {
      cause: new Error(nameErrors.addressOrAuthConnectorNotFound),
    })
  const { projectId } = config
  if (!projectId || !host)
    throw new NamesApiError(failure, { cause: new Error('The host page is not connected.') })
  const chainId = Number(network.reference)
  // What the wallet shows binds the name to this account, chain and site, at this time.
  const message = nameMessage({
    action,
    name,
    address: getAddress(address),
    chainId,
    site: host.origin,
    attributes,
    timestamp: Math.floor(Date.now() / 1000),
  })
  const pending = context.walletRequest({
    method: 'personal_sign',
    params: [stringToHex(message), address],
  })
  if (!pending) throw new NamesApiError(failure, { cause: new Error('No wallet is connected.') })
  const signature = await pending
  if (typeof signature !== 'string')
    throw new NamesApiError(failure, { cause: new Error('The wallet answered no signature.') })
  return {
    site: { projectId, hostOrigin: host.origin },
    registration: { coinType: coinTypeOfChainId(chainId), address, signature, message },
  }
}
