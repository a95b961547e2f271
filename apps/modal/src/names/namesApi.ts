/**
 * The modal's calls on the API's name registry (spec §4 "Name registration", §7, §8 name
 * errors): a name's record, an address's names (its primary name first), free names like a
 * wanted one, and a registration signed by the connected wallet. Answers are checked against
 * the protocol's schemas. Lookups and reverse lookups are kept 5 minutes (spec §9 ENS cache) in
 * the modal's own `nameCache`, so each modal (and test) starts empty.
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
import { stringToHex } from 'viem'
import { HttpError } from '../api'
import type { Modal } from '../modal'

/** How long a lookup or reverse lookup is kept (spec §9 ENS cache). */
export const nameCacheMs = 5 * 60_000

/** Where the cache keeps that names are off on this API. */
const namesOffKey = 'namesOff'

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

export function namesApi(modal: Pick<Modal, 'api' | 'store' | 'connection' | 'nameCache'>) {
  const { api, store, nameCache } = modal

  /**
   * `load`'s answer for `key`, kept `nameCacheMs`; a failure is not kept, but names being off
   * is, for every key (Account would otherwise ask again on each open, Activity per row).
   */
  function cached<result>(
    key: string,
    failure: string,
    load: () => Promise<result>,
  ): Promise<result> {
    const now = Date.now()
    // Names off answers every key alike: one refusal is enough (Activity asks per address).
    const off = nameCache.get(namesOffKey)
    if (off && now - off.at < nameCacheMs)
      return off.answer.then((cause) => {
        throw new NamesApiError(failure, { cause })
      })
    const kept = nameCache.get(key)
    if (kept && now - kept.at < nameCacheMs) return kept.answer as Promise<result>
    const answer = call(failure, load)
    nameCache.set(key, { at: now, answer })
    answer.catch((error: unknown) => {
      if (nameCache.get(key)?.answer === answer) nameCache.delete(key)
      if (isNamesOff(error))
        nameCache.set(namesOffKey, { at: Date.now(), answer: Promise.resolve(error.cause) })
    })
    return answer
  }

  async function call<result>(failure: string, work: () => Promise<result>): Promise<result> {
    try {
      return await work()
    } catch (error) {
      throw error instanceof NamesApiError ? error : new NamesApiError(failure, { cause: error })
    }
  }

  /** A name's record; undefined when no one has it (free). */
  const lookup = (name: string): Promise<NameRecord | undefined> =>
    cached(`lookup:${name}`, nameErrors.errorResolvingName, async () => {
      try {
        const answer = await api.apiFetch('GET', `/v1/names/${encodeURIComponent(name)}`, {
          quiet: true,
        })
        return nameRecordSchema.parse(answer)
      } catch (error) {
        if (error instanceof HttpError && error.code === 'nameNotFound') return undefined
        throw error
      }
    })

  /** The address's names, its primary name first. */
  const reverse = (address: string): Promise<NameRecord[]> =>
    cached(
      `reverse:${address.toLowerCase()}`,
      nameErrors.errorFetchingNamesForAddress,
      async () => {
        const answer = await api.apiFetch('GET', '/v1/names', { query: { address }, quiet: true })
        return nameRecordListSchema.parse(answer).names
      },
    )

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
        nameCache.delete(`lookup:${name}`)
      throw error
    })
    // What was kept about the name and the address is out of date now.
    nameCache.set(`lookup:${record.name}`, { at: Date.now(), answer: Promise.resolve(record) })
    nameCache.delete(`reverse:${address.toLowerCase()}`)
    return record
  }

  return { lookup, reverse, suggestions, register }
}
export type NamesApi = ReturnType<typeof namesApi>
