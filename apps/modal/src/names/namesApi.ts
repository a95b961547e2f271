/**
 * The modal's calls on the API's name registry (spec §4 "Name registration", §7, §8 name
 * errors): a name's record, an address's names (its primary name first), free names like a
 * wanted one, and a registration signed by the connected wallet. Answers are checked against
 * the protocol's schemas. Lookups and reverse lookups are queries of the modal's TanStack Query
 * client, fresh 5 minutes (spec §9 ENS cache), so each modal (and test) starts empty and a list
 * of rows asks once per address.
 */
import {
  coinTypeOfChainId,
  type NameRecord,
  nameErrors,
  nameMessage,
  nameRecordListSchema,
  nameRecordSchema,
  nameSuggestionsSchema,
} from '@airlock/protocol'
import { queryOptions } from '@tanstack/react-query'
import { stringToHex } from 'viem'
import { HttpError } from '../api'
import type { Modal } from '../modal'
import { queryClientOf } from '../queries/queryClient'

/** How long a lookup or reverse lookup is kept (spec §9 ENS cache). */
export const nameCacheMs = 5 * 60_000

/** Where the query cache keeps that names are off on this API: the refusal, as its data. */
const namesOffKey = ['names', 'off'] as const

/**
 * A name call failed: `message` is the spec's words (§8), `details` what the API said, `code`
 * its error code (`namesNotConfigured` while names are off, `nameTaken`, …).
 */
export class NamesApiError extends Error {
  override name = 'NamesApiError' as const
  readonly details: string | undefined
  readonly code: string | undefined
  constructor(message: string, options: { cause: unknown }) {
    super(message, options)
    const { cause } = options
    this.code = cause instanceof HttpError ? cause.code : undefined
    const said = (cause as HttpError | undefined)?.body as
      | { error?: { message?: unknown } }
      | undefined
    this.details =
      typeof said?.error?.message === 'string'
        ? said.error.message
        : cause instanceof Error
          ? cause.message
          : undefined
  }
}

/** Whether `error` says names are off on this API: nothing about names is shown then. */
export const isNamesOff = (error: unknown): error is NamesApiError =>
  error instanceof NamesApiError && error.code === 'namesNotConfigured'

export function namesApi(modal: Pick<Modal, 'api' | 'store' | 'connection'>) {
  const { api, store } = modal
  const queries = queryClientOf(store)

  /**
   * The query of `load`'s answer under `key`, fresh `nameCacheMs`; a failure is not kept, but
   * names being off is, for every key (Account would otherwise ask again on each open, Activity
   * per row): once refused, every name query fails in its own words without asking.
   */
  function nameQuery<result>(key: readonly string[], failure: string, load: () => Promise<result>) {
    return queryOptions({
      queryKey: ['names', ...key],
      staleTime: nameCacheMs,
      queryFn: async () => {
        const off = queries.getQueryState(namesOffKey)
        if (off?.data !== undefined && Date.now() - off.dataUpdatedAt < nameCacheMs)
          throw new NamesApiError(failure, { cause: off.data })
        try {
          return await call(failure, load)
        } catch (error) {
          if (isNamesOff(error)) queries.setQueryData(namesOffKey, error.cause)
          throw error
        }
      },
    })
  }

  async function call<result>(failure: string, work: () => Promise<result>): Promise<result> {
    try {
      return await work()
    } catch (error) {
      throw error instanceof NamesApiError ? error : new NamesApiError(failure, { cause: error })
    }
  }

  /** The query of a name's record: null when no one has it (free). */
  const lookupQuery = (name: string) =>
    nameQuery(['lookup', name], nameErrors.errorResolvingName, async () => {
      try {
        const answer = await api.apiFetch('GET', `/v1/names/${encodeURIComponent(name)}`, {
          quiet: true,
        })
        return nameRecordSchema.parse(answer)
      } catch (error) {
        if (error instanceof HttpError && error.code === 'nameNotFound') return null
        throw error
      }
    })

  /** A name's record; undefined when no one has it (free). */
  const lookup = async (name: string): Promise<NameRecord | undefined> =>
    (await queries.fetchQuery(lookupQuery(name))) ?? undefined

  /** The query of the address's names, its primary name first. */
  const reverseQuery = (address: string) =>
    nameQuery(
      ['reverse', address.toLowerCase()],
      nameErrors.errorFetchingNamesForAddress,
      async () => {
        const answer = await api.apiFetch('GET', '/v1/names', { query: { address }, quiet: true })
        return nameRecordListSchema.parse(answer).names
      },
    )

  /** The address's names, its primary name first. */
  const reverse = (address: string): Promise<NameRecord[]> =>
    queries.fetchQuery(reverseQuery(address))

  /** Free full names like `wanted` (a label or a full name), at most five. */
  const suggestions = (wanted: string): Promise<string[]> =>
    call(nameErrors.errorFetchingNameSuggestions, async () => {
      const answer = await api.apiFetch('GET', '/v1/names/suggestions', {
        query: { name: wanted },
        quiet: true,
      })
      return nameSuggestionsSchema.parse(answer).suggestions
    })

  /**
   * Registers `name` (a full name) for the connected eip155 account: the wallet signs the name
   * message (`personal_sign`), then the API takes it. A declined signature rejects with the
   * wallet's own error (`isUserRejection`); any other failure is 'Error registering name {name}'.
   */
  async function register(name: string): Promise<NameRecord> {
    const { address, activeNetwork, config, host } = store.getState()
    const failure = nameErrors.errorRegisteringName(name)
    const [namespace, reference] = (activeNetwork ?? '').split(':')
    if (namespace !== 'eip155')
      throw new NamesApiError(failure, { cause: new Error(nameErrors.networkNotFound) })
    if (!address)
      throw new NamesApiError(failure, {
        cause: new Error(nameErrors.addressOrAuthConnectorNotFound),
      })
    const { projectId } = config
    if (!projectId || !host)
      throw new NamesApiError(failure, { cause: new Error('The host page is not connected.') })
    const coinType = coinTypeOfChainId(Number(reference))
    const message = nameMessage({
      name,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const pending = modal.connection.forward({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    })
    if (!pending) throw new NamesApiError(failure, { cause: new Error('No wallet is connected.') })
    const signature = await pending
    if (typeof signature !== 'string')
      throw new NamesApiError(failure, { cause: new Error('The wallet answered no signature.') })
    const record = await call(failure, async () =>
      nameRecordSchema.parse(
        await api.apiFetch('POST', `/v1/projects/${encodeURIComponent(projectId)}/names`, {
          query: { hostOrigin: host.origin },
          body: { coinType, address, signature, message },
          quiet: true,
        }),
      ),
    ).catch((error: unknown) => {
      // Someone took it since it was looked up: the kept "free" is wrong now.
      if (error instanceof NamesApiError && error.code === 'nameTaken')
        queries.removeQueries({ queryKey: lookupQuery(name).queryKey })
      throw error
    })
    // What was kept about the name and the address is out of date now: Account asks again.
    queries.setQueryData(lookupQuery(record.name).queryKey, record)
    await queries.invalidateQueries({ queryKey: reverseQuery(address).queryKey })
    return record
  }

  return { lookup, lookupQuery, reverse, reverseQuery, suggestions, register }
}
export type NamesApi = ReturnType<typeof namesApi>
