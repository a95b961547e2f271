/**
 * The name registry's settings (issue 21): `AIRLOCK_NAMES_PARENT`, the parent name every account
 * name is registered under (`airlock.eth` → `alice.airlock.eth`); without it names are off.
 */
import { normalize } from 'viem/ens'
import type { Environment } from '../../config'
import { ConfigError } from '../../configError'

export type NamesConfig = {
  /** ENSIP-15 normalised, two labels or more, no leading or trailing dot: `airlock.eth`. */
  parent: string
}

/**
 * `AIRLOCK_NAMES_PARENT`, which must be a name in ENSIP-15 normal form with a dot in it; unset
 * or empty: names are off (undefined).
 *
 * @throws ConfigError naming the variable and what is wrong.
 *
 * @example
 * readNamesConfig({ AIRLOCK_NAMES_PARENT: 'airlock.eth' }) // { parent: 'airlock.eth' }
 */
export function readNamesConfig(env: Environment): NamesConfig | undefined {
  const parent = env.AIRLOCK_NAMES_PARENT
  if (parent === undefined || parent === '') return undefined
  let normalised: string
  try {
    normalised = normalize(parent)
  } catch (error) {
    throw new ConfigError(
      `AIRLOCK_NAMES_PARENT is not a valid ENS name (ENSIP-15): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (normalised !== parent)
    throw new ConfigError(
      `AIRLOCK_NAMES_PARENT must be in ENSIP-15 normal form: it would be ${JSON.stringify(normalised)}.`,
    )
  // One label (`eth`) would put accounts' names beside ENS's own second-level names.
  if (!parent.includes('.'))
    throw new ConfigError(
      'AIRLOCK_NAMES_PARENT must be a name with a parent of its own, such as airlock.eth.',
    )
  return { parent }
}
