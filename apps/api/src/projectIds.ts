/** What a project id may look like: it appears in URLs, CSP-bearing pages and the CLI. */

import { InvalidProjectIdError } from './errors'

export const projectIdPattern = /^[a-z0-9][a-z0-9-]{1,62}$/

export function isProjectId(value: string): boolean {
  return projectIdPattern.test(value)
}

/** Returns the id unchanged, or throws `InvalidProjectIdError`. */
export function assertProjectId(value: string): string {
  if (!isProjectId(value)) throw new InvalidProjectIdError(value)
  return value
}
