/**
 * Registering a name for the connected eip155 account (spec §4 "Name registration"): the wallet
 * signs the name message (`personal_sign`: readable lines naming the name, the account, its
 * chain, the site and the time), then the API takes it. What the query client kept
 * about the name and the address is put right afterwards. The view runs it as a mutation.
 */
import {
  coinTypeOfChainId,
  type NameRecord,
  nameErrors,
  nameMessage,
  type RequestArguments,
  tryParseCaipNetworkId,
} from '@airlock/protocol'
import { getAddress, stringToHex } from 'viem'
import { queryClientOf } from '../queries/queryClient'
import type { NamesContext } from './nameQueries'
import { nameLookupKey, reverseNameKey } from './nameQueries'
import { createNamesApi, NamesApiError } from './namesApi'

/** The connected wallet (`connection.forward`): undefined when none is connected. */
export type NameWallet = {
  walletRequest(request: RequestArguments): Promise<unknown> | undefined
}

/**
 * Registers `name` (a full name). A declined signature rejects with the wallet's own error
 * (`isUserRejection`); any other failure is 'Error registering name {name}'.
 *
 * @example
 * await registerName(context, 'alice.airlock.eth') // the new record
 */
export async function registerName(
  context: NamesContext & NameWallet,
  name: string,
): Promise<NameRecord> {
  const { address, activeNetwork, config, host } = context.store.getState()
  const failure = nameErrors.errorRegisteringName(name)
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
  const coinType = coinTypeOfChainId(chainId)
  // What the wallet shows binds the name to this account, chain and site, at this time.
  const message = nameMessage({
    action: 'register',
    name,
    address: getAddress(address),
    chainId,
    site: host.origin,
    attributes: {},
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
  const client = queryClientOf(context.store)
  const record = await createNamesApi(context.apiFetch)
    .register(
      { projectId, hostOrigin: host.origin },
      { coinType, address, signature, message },
      failure,
    )
    .catch((error: unknown) => {
      // Someone took it since it was looked up: the kept "free" is wrong now.
      if (error instanceof NamesApiError && error.code === 'nameTaken')
        client.removeQueries({ queryKey: nameLookupKey(name) })
      throw error
    })
  // What was kept about the name and the address is out of date now.
  client.setQueryData(nameLookupKey(record.name), record)
  await client.invalidateQueries({ queryKey: reverseNameKey(address) })
  return record
}
