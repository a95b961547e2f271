/**
 * Registering a name for the connected eip155 account (spec §4 "Name registration"): the wallet
 * signs the name message (`personal_sign`: readable lines naming the name, the account, its
 * chain, the site and the time), then the API takes it. What the query client kept about the
 * name and the address is put right afterwards. The view runs it as a mutation.
 */
import { type NameRecord, nameErrors } from '@airlock/protocol'
import { queryClientOf } from '../queries/queryClient'
import type { NamesContext } from './nameQueries'
import { nameLookupKey, reverseNameKey } from './nameQueries'
import { createNamesApi, NamesApiError } from './namesApi'
import { type NameWallet, signNameMessage } from './signNameMessage'

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
  const failure = nameErrors.errorRegisteringName(name)
  const { site, registration } = await signNameMessage(
    context,
    { action: 'register', name },
    failure,
  )
  const client = queryClientOf(context.store)
  const record = await createNamesApi(context.apiFetch)
    .register(site, registration, failure)
    .catch((error: unknown) => {
      // Someone took it since it was looked up: the kept "free" is wrong now.
      if (error instanceof NamesApiError && error.code === 'nameTaken')
        client.removeQueries({ queryKey: nameLookupKey(name) })
      throw error
    })
  // What was kept about the name and the address is out of date now.
  client.setQueryData(nameLookupKey(record.name), record)
  await client.invalidateQueries({ queryKey: reverseNameKey(registration.address) })
  return record
}
