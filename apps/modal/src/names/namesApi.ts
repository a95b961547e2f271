/**
 * The typed client of the API's name registry (spec §4 "Name registration", §7, §8 name errors):
 * a name's record, an address's names (its primary name first), free names like a wanted one,
 * and the signed writes: a registration, a change of records, a choice of primary name. Answers are checked against the protocol's schemas; every failure
 * is a `NamesApiError` in the spec's words. Nothing is kept here: `nameQueries.ts` keeps answers.
 */
import {
  type NameRecord,
  nameAvatarPreviewSchema,
  nameErrors,
  nameRecordListSchema,
  nameRecordSchema,
  nameSuggestionsSchema,
} from '@airlock/protocol'
import { type ApiFetch, HttpError } from '../api'

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

/** `work`'s answer, or its failure as a NamesApiError in `failure`'s words. */
export async function namesCall<result>(
  failure: string,
  work: () => Promise<result>,
): Promise<result> {
  try {
    return await work()
  } catch (error) {
    throw error instanceof NamesApiError ? error : new NamesApiError(failure, { cause: error })
  }
}

/** What a registration sends: the wallet's signature of the name message. */
export type NameRegistration = {
  coinType: number
  address: string
  signature: string
  message: string
}

/**
 * @example
 * const registry = createNamesApi(api.apiFetch)
 * await registry.lookup('alice.airlock.eth') // { name, address, … } or undefined when free
 */
export function createNamesApi(apiFetch: ApiFetch) {
  return {
    /** A name's record; undefined when no one has it (free). */
    lookup: (name: string): Promise<NameRecord | undefined> =>
      namesCall(nameErrors.errorResolvingName, async () => {
        // Asked as a list: a free name is an empty one, not a 404 in the visitor's console.
        const answer = await apiFetch('GET', '/v1/names', { query: { name }, quiet: true })
        return nameRecordListSchema.parse(answer).names[0]
      }),

    /** The address's names, its primary name first. */
    reverse: (address: string): Promise<NameRecord[]> =>
      namesCall(nameErrors.errorFetchingNamesForAddress, async () => {
        const answer = await apiFetch('GET', '/v1/names', { query: { address }, quiet: true })
        return nameRecordListSchema.parse(answer).names
      }),

    /** Where the frame loads the picture `avatar` would show as `address`'s, before it is saved. */
    avatarPreview: (avatar: string, address: string): Promise<string | undefined> =>
      namesCall(nameErrors.errorResolvingName, async () => {
        const answer = await apiFetch('GET', '/v1/names/avatar', {
          query: { avatar, address },
          quiet: true,
        })
        return nameAvatarPreviewSchema.parse(answer).avatarImage
      }),

    /** Free full names like `wanted` (a label or a full name) under the project's parent, at most five. */
    suggestions: (wanted: string, projectId?: string): Promise<string[]> =>
      namesCall(nameErrors.errorFetchingNameSuggestions, async () => {
        const answer = await apiFetch('GET', '/v1/names/suggestions', {
          query: projectId ? { name: wanted, projectId } : { name: wanted },
          quiet: true,
        })
        return nameSuggestionsSchema.parse(answer).suggestions
      }),

    /** Registers a signed name for the project, on the host page it is on. */
    register: (
      site: { projectId: string; hostOrigin: string },
      registration: NameRegistration,
      failure: string,
    ): Promise<NameRecord> =>
      namesCall(failure, async () =>
        nameRecordSchema.parse(
          await apiFetch('POST', `/v1/projects/${encodeURIComponent(site.projectId)}/names`, {
            query: { hostOrigin: site.hostOrigin },
            body: registration,
            quiet: true,
          }),
        ),
      ),

    /** Replaces the records of the owner's `name` with those of the signed message. */
    changeRecords: (
      site: { projectId: string; hostOrigin: string },
      name: string,
      registration: NameRegistration,
      failure: string,
    ): Promise<NameRecord> =>
      namesCall(failure, async () =>
        nameRecordSchema.parse(
          await apiFetch('POST', `${namePath(site.projectId, name)}/records`, {
            query: { hostOrigin: site.hostOrigin },
            body: registration,
            quiet: true,
          }),
        ),
      ),

    /** Makes the owner's `name` their primary name: answers their names, it first. */
    choosePrimary: (
      site: { projectId: string; hostOrigin: string },
      name: string,
      registration: NameRegistration,
      failure: string,
    ): Promise<NameRecord[]> =>
      namesCall(
        failure,
        async () =>
          nameRecordListSchema.parse(
            await apiFetch('POST', `${namePath(site.projectId, name)}/primary`, {
              query: { hostOrigin: site.hostOrigin },
              body: registration,
              quiet: true,
            }),
          ).names,
      ),
  }
}

const namePath = (projectId: string, name: string) =>
  `/v1/projects/${encodeURIComponent(projectId)}/names/${encodeURIComponent(name)}`

export type NamesApi = ReturnType<typeof createNamesApi>
