/**
 * The zod schemas of the ids the API's requests and settings carry: a CAIP-2 network id and a
 * project id, refused with the words the API answers (`caipNetworkIdMessage`,
 * `projectIdMessage`). The boot config reads the same ids with the same rules and words, in its
 * own schema library (`project.ts`).
 */
import * as z from 'zod/mini'
import { type CaipNetworkId, caipNetworkIdMessage, isCaipNetworkId } from './caip'
import { projectIdMessage, projectIdPattern } from './projectId'

/** A CAIP-2 network id with a namespace the modal knows (`caip.ts`). */
export const caipNetworkIdSchema = z.custom<CaipNetworkId>(isCaipNetworkId, {
  error: caipNetworkIdMessage,
})

/**
 * A well-formed project id (`projectId.ts`), as a query or path parameter; whether the project
 * exists is the API's to say.
 */
export const projectIdSchema = z
  .string({ error: 'is required' })
  .check(z.regex(projectIdPattern, projectIdMessage))
