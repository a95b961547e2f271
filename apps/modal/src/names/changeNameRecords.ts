/**
 * Changing the records of the connected account's name (avatar, description, links), as the ENS
 * manager app does: the wallet signs a `records` name message with all of them (one left out is
 * removed), then the API takes it. What the query client kept about the name and its owner is put
 * right afterwards. AccountNames runs it as a mutation.
 */
import type { NameAttributes, NameRecord } from '@airlock/protocol'
import { accountNamesText } from '../messages/accountNamesText'
import { queryClientOf } from '../queries/queryClient'
import { type NamesContext, nameLookupKey, reverseNameKey } from './nameQueries'
import { createNamesApi } from './namesApi'
import { type NameWallet, signNameMessage } from './signNameMessage'

/**
 * @returns the name's new record.
 * @example
 * await changeNameRecords(context, 'alice.airlock.eth', { description: 'Alice' })
 */
export async function changeNameRecords(
  context: NamesContext & NameWallet,
  name: string,
  attributes: NameAttributes,
): Promise<NameRecord> {
  const failure = accountNamesText.updateFailed(name)
  const { site, registration } = await signNameMessage(
    context,
    { action: 'records', name, attributes },
    failure,
  )
  const record = await createNamesApi(context.apiFetch).changeRecords(
    site,
    name,
    registration,
    failure,
  )
  const client = queryClientOf(context.store)
  client.setQueryData(nameLookupKey(record.name), record)
  await client.invalidateQueries({ queryKey: reverseNameKey(registration.address) })
  return record
}
