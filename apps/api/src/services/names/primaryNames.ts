/**
 * Choosing an address's primary name among its names (issue 36, as ENS's manager app does): the
 * owner signs a `primary` name message for one of them, kept in `primary_names`; reverse lookups
 * (`namesOfAddress`, the gateway's `{address}.….reverse`) answer it first from then on.
 *
 * Checked in this order, each refusal a `NameError`, nothing stored unless all pass: the message
 * is a name message for the name asked, under the parent; the coin type and address are an EVM
 * chain's and address; the message binds the `primary` action, that address, that chain and the
 * site; it carries no records; it is fresh; the name is the address's, registered on that coin
 * type; it is newer than the address's last choice (an older choice can't be replayed to undo a
 * newer one); the signature is the address's.
 */
import { NameError, type NameRecord, type NameUpdateRequest } from '@airlock/protocol'
import {
  assertSigned,
  checkOwnedNameMessage,
  type NameRegistry,
  namesOfAddress,
  notNewer,
  type VerifyNameSignature,
} from './names'

/**
 * Makes `name` its owner's primary name, as a message the owner signed asks.
 *
 * @returns the owner's names, the new primary first.
 * @throws NameError naming the check that failed; nothing changes then.
 */
export async function choosePrimaryName(
  parameters: choosePrimaryName.Parameters,
): Promise<choosePrimaryName.ReturnType> {
  const { db, request } = parameters
  const now = parameters.now?.() ?? Date.now()
  const { data, address } = await checkPrimaryNameChoice({ ...parameters, now: () => now })
  const chosen = {
    name: data.name,
    message: request.message,
    signature: request.signature,
    message_timestamp: data.timestamp,
    updated_at: new Date(now).toISOString(),
  }
  const result = await db
    .insertInto('primary_names')
    .values({ address, ...chosen })
    .onConflict((conflict) =>
      conflict
        .column('address')
        .doUpdateSet(chosen)
        // A newer choice that landed since the read wins.
        .where('primary_names.message_timestamp', '<', data.timestamp),
    )
    .executeTakeFirst()
  if (result.numInsertedOrUpdatedRows !== 1n) throw notNewer("this account's primary name")
  return namesOfAddress({ db }, address)
}

export declare namespace choosePrimaryName {
  type Parameters = NameRegistry & {
    /** The name the caller asks to make primary (the route's path): the message must be for it. */
    name: string
    request: NameUpdateRequest
    verify: VerifyNameSignature
    /** The origin of the site the request is made on (`?hostOrigin=`), which the message names. */
    site: string
  }
  type ReturnType = NameRecord[]
  type ErrorType = NameError
}

/**
 * A primary name choice's checks, in `choosePrimaryName`'s order, changing nothing.
 *
 * @returns the message's data and its signer.
 * @throws NameError naming the check that failed.
 */
export async function checkPrimaryNameChoice(parameters: choosePrimaryName.Parameters) {
  const { db, request, verify } = parameters
  const { data, address, chainId } = await checkOwnedNameMessage(
    parameters,
    'primary',
    'choose it on that chain',
  )
  if (Object.keys(data.attributes).length > 0)
    throw new NameError(
      'nameMessageInvalid',
      'A message choosing a primary name carries no records: sign one without them.',
    )
  const last = await db
    .selectFrom('primary_names')
    .select('message_timestamp')
    .where('address', '=', address)
    .executeTakeFirst()
  if (last && data.timestamp <= Number(last.message_timestamp))
    throw notNewer("this account's primary name")
  await assertSigned(verify, { address, chainId, request })
  return { data, address }
}
