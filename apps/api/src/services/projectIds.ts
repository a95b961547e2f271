/**
 * The registry's check of a project id. The rule itself is the protocol's (`projectId.ts`): the
 * frame's storage keys and the API's queries hold ids to the same one.
 */

import { isProjectId } from '@airlock/protocol'
import { InvalidProjectIdError } from './projectErrors'

/** Returns the id unchanged, or throws `InvalidProjectIdError`. */
export function assertProjectId(value: string): string {
  if (!isProjectId(value)) throw new InvalidProjectIdError(value)
  return value
}
