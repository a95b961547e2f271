/**
 * Making one of the connected account's names its primary name (what Account shows, and what any
 * ENS client's reverse resolution answers): the wallet signs a `primary` name message, then the
 * API takes it and answers the account's names, that one first, which the query client keeps.
 */
import type { NameRecord } from '@airlock/protocol'
import { accountNamesText } from '../messages/accountNamesText'
import { queryClientOf } from '../queries/queryClient'
import { type NamesContext, reverseNameKey } from './nameQueries'
import { createNamesApi } from './namesApi'
import { type NameWallet, signNameMessage } from './signNameMessage'

/** @returns the account's names, the new primary first. */
export async function choosePrimaryName(
  context: NamesContext & NameWallet,
  name: string,
): Promise<NameRecord[]> {
  const failure = accountNamesText.updateFailed(name)
  const { site, registration } = await signNameMessage(
    context,
    { action: 'primary', name },
    failure,
  )
  const names = await createNamesApi(context.apiFetch).choosePrimary(
    site,
    name,
    registration,
    failure,
  )
  queryClientOf(context.store).setQueryData(reverseNameKey(registration.address), names)
  return names
}
