/**
 * The account name registry (issue 21): names under a project's parent name (`<label>.<parent>`,
 * e.g. `alice.airlock.eth`), one owner each, kept in `account_names`.
 *
 * A registration is checked in this order, each refusal a `NameError` with its own code, and
 * nothing is stored unless all pass: the message is a name message in canonical form; its name
 * is ENSIP-15 normalised, under the parent, one label that passes §5's account name rule; the
 * coin type is an EVM chain's (ENSIP-11) and the address an EVM address; the message binds this
 * action, this address, the coin type's chain and the site the request is made on; it is fresh;
 * the name is free; the signature is the address's (the `verify` the caller passes: viem's
 * `verifyMessage` on the chain's client, for EOAs, ERC-1271 and ERC-6492). The insert itself
 * decides a race: the table's primary key lets one of two concurrent registrations in.
 * `checkRegistration` and `checkTextRecordsUpdate` run a write's checks alone, storing nothing:
 * with a `verify` that asks no chain (`offlineNameSignatureCheck`), what a route refuses before
 * the request spends the project's budget.
 *
 * An address may own several names (as on ENS); its primary name, first in `namesOfAddress`, is
 * the one it chose (primaryNames.ts), else its newest.
 */
import {
  type NameAttributes,
  NameError,
  type NameMessageData,
  type NameRecord,
  type NameRegisterRequest,
  type NameUpdateRequest,
  nameSuggestionsMax,
} from '@airlock/protocol'
import type { Kysely } from 'kysely'
import type { Address, Hex } from 'viem'
import type { Database } from '../../storage/storage'
import {
  assertBound,
  assertFresh,
  chainIdOfCoinType,
  evmAddress,
  isValidLabel,
  labelOfName,
  normaliseName,
  parseNameMessage,
} from './nameRules'

/**
 * Checks that `address` signed `message` (EIP-191 `personal_sign`) on chain `chainId` (0: any
 * EVM chain). Answers false for a signature that is not the address's; throws only when it could
 * not check (the chain's RPC is down), and that error reaches the caller as it is.
 */
export type VerifyNameSignature = (parameters: {
  address: Address
  message: string
  signature: Hex
  chainId: number
}) => Promise<boolean>

/** Where names live: a project's registry under its parent name (`airlock.eth`). */
export type NameRegistry = {
  db: Kysely<Database>
  projectId: string
  /** ENSIP-15 normalised, without a leading dot. */
  parent: string
  now?: (() => number) | undefined
}

/**
 * Registers the name a signed message asks for to the address that signed it.
 *
 * @returns the name's record.
 * @throws NameError naming the check that failed; nothing is stored then.
 *
 * @example
 * const message = nameMessage({ name: 'alice.airlock.eth', attributes: {}, timestamp })
 * await registerName({ db, projectId, parent: 'airlock.eth', request: {
 *   coinType: 60, address, message, signature: await account.signMessage({ message }),
 * }, verify: (p) => client.verifyMessage(p) })
 */
export async function registerName(
  parameters: registerName.Parameters,
): Promise<registerName.ReturnType> {
  const { projectId, request, db } = parameters
  const now = parameters.now?.() ?? Date.now()
  const { data, address } = await checkRegistration({ ...parameters, now: () => now })

  const at = new Date(now).toISOString()
  const record = {
    project_id: projectId,
    name: data.name,
    address,
    coin_type: request.coinType,
    attributes: JSON.stringify(data.attributes),
    message: request.message,
    signature: request.signature,
    message_timestamp: data.timestamp,
    created_at: at,
    updated_at: at,
  }
  // The primary key (the name) decides between concurrent registrations of one name.
  const result = await db
    .insertInto('account_names')
    .values(record)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .executeTakeFirst()
  if (result.numInsertedOrUpdatedRows !== 1n) throw taken(data.name)
  return {
    name: data.name,
    address,
    coinType: request.coinType,
    attributes: data.attributes,
    createdAt: at,
  }
}

export declare namespace registerName {
  type Parameters = NameRegistry & {
    request: NameRegisterRequest
    verify: VerifyNameSignature
    /** The origin of the site the request is made on (`?hostOrigin=`), which the message names. */
    site: string
  }
  type ReturnType = NameRecord
  type ErrorType = NameError
}

/**
 * A registration's checks, in `registerName`'s order, storing nothing.
 *
 * @returns the message's data and the address it registers the name to.
 * @throws NameError naming the check that failed.
 */
export async function checkRegistration(
  parameters: registerName.Parameters,
): Promise<{ data: NameMessageData; address: Address }> {
  const { parent, request, verify, db } = parameters
  const data = parseNameMessage(request.message)
  labelOfName(data.name, parent)
  const chainId = chainIdOfCoinType(request.coinType)
  const address = evmAddress(request.address)
  assertBound(data, { action: 'register', address, chainId, site: parameters.site })
  assertFresh(data.timestamp, parameters.now?.() ?? Date.now())
  if (await findRow(db, data.name)) throw taken(data.name)
  await assertSigned(verify, { address, chainId, request })
  return { data, address }
}

/**
 * Replaces a name's text records with those of a message its owner signed: the records it
 * lists, all of them (one left out is removed). The message must be newer than the last one
 * stored, so an older signed message can't be replayed to undo a change.
 *
 * @param name the name the caller asks to change (the route's path): the message must be for it.
 * @throws NameError naming the check that failed; nothing changes then.
 */
export async function updateTextRecords(
  parameters: updateTextRecords.Parameters,
): Promise<updateTextRecords.ReturnType> {
  const { request, db } = parameters
  const now = parameters.now?.() ?? Date.now()
  const { data, address, row } = await checkTextRecordsUpdate({ ...parameters, now: () => now })

  const result = await db
    .updateTable('account_names')
    .set({
      attributes: JSON.stringify(data.attributes),
      message: request.message,
      signature: request.signature,
      message_timestamp: data.timestamp,
      updated_at: new Date(now).toISOString(),
    })
    .where('name', '=', data.name)
    .where('address', '=', address)
    // A newer change that landed since the read wins.
    .where('message_timestamp', '<', data.timestamp)
    .executeTakeFirst()
  if (result.numUpdatedRows !== 1n) throw notNewer()
  return toRecord({ ...row, attributes: JSON.stringify(data.attributes) })
}

export declare namespace updateTextRecords {
  type Parameters = NameRegistry & {
    name: string
    request: NameUpdateRequest
    verify: VerifyNameSignature
    /** The origin of the site the request is made on (`?hostOrigin=`), which the message names. */
    site: string
  }
  type ReturnType = NameRecord
  type ErrorType = NameError
}

/**
 * The checks every signed change of an owned name shares (records, primary), in this order: the
 * message is a name message for the name asked, under the parent; the coin type and address are
 * an EVM chain's and address; the message binds `action`, that address, that chain and the site;
 * it is fresh; the name is the address's, registered on that coin type (else: `onItsChain`, what
 * the visitor is told to do).
 *
 * @returns the message's data, its signer, its chain id and the name's row as it was read.
 * @throws NameError naming the check that failed.
 */
export async function checkOwnedNameMessage(
  parameters: Pick<
    updateTextRecords.Parameters,
    'db' | 'parent' | 'request' | 'name' | 'site' | 'now'
  >,
  action: 'records' | 'primary',
  onItsChain: string,
) {
  const { db, parent, request } = parameters
  const data = parseNameMessage(request.message)
  if (data.name !== parameters.name)
    throw new NameError(
      'nameMessageMismatch',
      `The message is for "${data.name}", not "${parameters.name}".`,
    )
  labelOfName(data.name, parent)
  const chainId = chainIdOfCoinType(request.coinType)
  const address = evmAddress(request.address)
  assertBound(data, { action, address, chainId, site: parameters.site })
  assertFresh(data.timestamp, parameters.now?.() ?? Date.now())
  const row = await findRow(db, data.name)
  if (!row) throw notFound(data.name)
  if (row.address !== address)
    throw new NameError('nameNotOwner', `"${data.name}" is not ${address}'s name.`)
  if (Number(row.coin_type) !== request.coinType)
    throw new NameError(
      'nameCoinTypeInvalid',
      `"${data.name}" was registered with coin type ${Number(row.coin_type)}: ${onItsChain}.`,
    )
  return { data, address, chainId, row }
}

/**
 * A text records change's checks, in `updateTextRecords`' order, changing nothing.
 *
 * @returns the message's data, its signer and the name's row as it was read.
 * @throws NameError naming the check that failed.
 */
export async function checkTextRecordsUpdate(parameters: updateTextRecords.Parameters) {
  const { verify, request } = parameters
  const { data, address, chainId, row } = await checkOwnedNameMessage(
    parameters,
    'records',
    'sign its changes on that chain',
  )
  if (data.timestamp <= Number(row.message_timestamp)) throw notNewer()
  await assertSigned(verify, { address, chainId, request })
  return { data, address, row }
}

/**
 * The record of a name, or undefined when no one has it. The name is normalised first, as an
 * ENS resolver would (`Alice.airlock.eth` finds `alice.airlock.eth`).
 *
 * @throws NameError `nameInvalid` when ENSIP-15 refuses the name.
 */
export async function lookupName(
  registry: Pick<NameRegistry, 'db'>,
  name: string,
): Promise<NameRecord | undefined> {
  const row = await findRow(registry.db, normaliseName(name))
  return row && toRecord(row)
}

/**
 * Reverse lookup: the names `address` owns, its primary name first (the one it chose, else its
 * newest), then newest first.
 *
 * @throws NameError `nameAddressInvalid`
 */
export async function namesOfAddress(
  registry: Pick<NameRegistry, 'db'>,
  address: string,
): Promise<NameRecord[]> {
  const owner = evmAddress(address)
  const [rows, chosen] = await Promise.all([
    registry.db
      .selectFrom('account_names')
      .selectAll()
      .where('address', '=', owner)
      .orderBy('created_at', 'desc')
      .orderBy('name')
      .execute(),
    registry.db
      .selectFrom('primary_names')
      .select('name')
      .where('address', '=', owner)
      .executeTakeFirst(),
  ])
  const primary = rows.find((row) => row.name === chosen?.name)
  const ordered = primary ? [primary, ...rows.filter((row) => row !== primary)] : rows
  return ordered.map(toRecord)
}

/**
 * Free names like `wanted` (a label, or a full name under the parent, normalised first): the
 * label itself when free, then variants with digits and words (`alice1`, `alice-xyz`, …), only
 * those §5's rule takes, at most `nameSuggestionsMax`. A short label gets longer variants.
 *
 * @throws NameError `nameInvalid` when ENSIP-15 refuses `wanted`, or it is under another parent.
 *
 * @example
 * await suggestNames(registry, 'alice') // ['alice1.airlock.eth', 'alice-xyz.airlock.eth', …]
 */
export async function suggestNames(
  registry: Pick<NameRegistry, 'db' | 'parent'>,
  wanted: string,
): Promise<string[]> {
  const { parent } = registry
  const normalised = normaliseName(wanted)
  const suffix = `.${parent}`
  const label = normalised.endsWith(suffix) ? normalised.slice(0, -suffix.length) : normalised
  if (label.includes('.'))
    throw new NameError('nameInvalid', `"${wanted}" is not a name under "${parent}".`)
  const candidates = [label, ...variantsOf(label)]
    .filter(isValidLabel)
    .map((candidate) => `${candidate}${suffix}`)
  if (candidates.length === 0) return []
  const takenRows = await registry.db
    .selectFrom('account_names')
    .select('name')
    .where('name', 'in', candidates)
    .execute()
  const takenNames = new Set(takenRows.map((row) => row.name))
  return candidates.filter((name) => !takenNames.has(name)).slice(0, nameSuggestionsMax)
}

const suggestionWords = ['xyz', 'eth', 'app', 'web3', 'id', 'dao', 'labs']

/** Variants of a label, digits and words taking turns, in the order they are offered. */
function variantsOf(label: string): string[] {
  const variants: string[] = []
  for (let index = 0; index < suggestionWords.length; index++)
    variants.push(`${label}${index + 1}`, `${label}-${suggestionWords[index]}`)
  return variants
}

/** A name's row as stored, or undefined. */
export async function findRow(db: Kysely<Database>, name: string) {
  return db.selectFrom('account_names').selectAll().where('name', '=', name).executeTakeFirst()
}

type AccountNameRow = {
  name: string
  address: string
  coin_type: number | string
  attributes: string
  created_at: Date | string
}

function toRecord(row: AccountNameRow): NameRecord {
  return {
    name: row.name,
    address: row.address,
    coinType: Number(row.coin_type),
    attributes: JSON.parse(row.attributes) as NameAttributes,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** Throws unless `request.signature` is `address`'s over its message (`verify` on `chainId`). */
export async function assertSigned(
  verify: VerifyNameSignature,
  {
    address,
    chainId,
    request,
  }: { address: Address; chainId: number; request: NameRegisterRequest },
): Promise<void> {
  const signature = request.signature as Hex
  // The same form rule as SIWX's: hex, whole bytes, at least an ECDSA signature's 65. Anything
  // shorter is no wallet's signature, and viem would throw on it instead of answering false.
  if (signature.length % 2 !== 0 || (signature.length - 2) / 2 < 65)
    throw new NameError(
      'nameSignatureInvalid',
      'The signature is not of the right form: 0x and hex digits, two a byte, 65 bytes or more.',
    )
  if (!(await verify({ address, message: request.message, signature, chainId })))
    throw new NameError(
      'nameSignatureInvalid',
      `The signature is not ${address}'s signature of this message.`,
    )
}

const taken = (name: string) => new NameError('nameTaken', `"${name}" is taken.`)
export const notFound = (name: string) => new NameError('nameNotFound', `No one has "${name}".`)
export const notNewer = (of = 'this name') =>
  new NameError(
    'nameMessageStale',
    `The message is not newer than the last change to ${of}: sign a new one.`,
  )
