/**
 * The repository's root folder, from this file's place in it: where the default data folder, the
 * builds and the built-in wallet registry are found.
 */
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
