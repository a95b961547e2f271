/**
 * Whether a wanted label is free under the project's parent (spec §4 "Name registration"): the
 * parent (the project's own, else the API's) comes from the API's suggestions (which answer full names) until it is known; a taken
 * name comes with free names like it. RegisterAccountName asks it as a query once typing pauses.
 */
import { type NameRecord, nameErrors } from '@airlock/protocol'
import { queryOptions } from '@tanstack/react-query'
import { queryClientOf } from '../queries/queryClient'
import { type NamesContext, nameLookupQuery } from './nameQueries'
import { createNamesApi, NamesApiError } from './namesApi'

export type NameAvailability = {
  /** The full name asked about. */
  name: string
  /** The registry's parent (`airlock.eth`), learnt from the suggestions. */
  parent: string
  /** Who has it; null when it is free. */
  record: NameRecord | null
  /** Free full names like it when it is taken (the name itself left out). */
  suggestions: string[]
}

/** `alice1.airlock.eth` → `airlock.eth`. */
const parentOf = (name: string | undefined) => name?.slice(name.indexOf('.') + 1) || undefined

/**
 * @example
 * useQuery(nameAvailabilityQuery(context, 'alice', 'airlock.eth')).data?.record // null: free
 */
export function nameAvailabilityQuery(
  context: NamesContext,
  label: string,
  knownParent: string | undefined,
) {
  const registry = createNamesApi(context.apiFetch)
  // Under the project's own parent when it has one.
  const { projectId } = context.store.getState().config
  return queryOptions({
    // The parent only saves asking the suggestions: learning it does not make a new question.
    queryKey: ['names', 'availability', label] as const,
    queryFn: async (): Promise<NameAvailability> => {
      let parent = knownParent
      let suggested: string[] | undefined
      if (!parent) {
        suggested = await registry.suggestions(label, projectId ?? undefined)
        parent = parentOf(suggested[0])
        if (!parent)
          throw new NamesApiError(nameErrors.errorFetchingNameSuggestions, {
            cause: new Error('The registry suggested no names.'),
          })
      }
      const name = `${label}.${parent}`
      const record = await queryClientOf(context.store).fetchQuery(nameLookupQuery(context, name))
      if (record) suggested ??= await registry.suggestions(label, projectId ?? undefined)
      return {
        name,
        parent,
        record,
        suggestions: record ? (suggested ?? []).filter((free) => free !== name) : [],
      }
    },
  })
}
