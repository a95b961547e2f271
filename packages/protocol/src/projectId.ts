/**
 * What a project id looks like: 2 to 63 lowercase letters, digits or hyphens, starting with a
 * letter or digit. It appears in URLs, CSP-bearing pages, storage keys and the CLI, so the API
 * and both ends of the bridge hold it to the same rule. Plain code, no schema library: the host
 * SDK checks storage keys with it.
 */

export const projectIdPattern = /^[a-z0-9][a-z0-9-]{1,62}$/

/** Why a string is not a project id, as the API's answers and the boot config say it. */
export const projectIdMessage = 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'

/**
 * Whether `value` is a well-formed project id (not whether the project exists).
 *
 * @example
 * isProjectId('shop') // true
 * isProjectId('Shop!') // false
 */
export function isProjectId(value: unknown): value is string {
  return typeof value === 'string' && projectIdPattern.test(value)
}
