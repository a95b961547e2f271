/**
 * The name registry's settings (issue 21): `AIRLOCK_NAMES_PARENT`, the parent name every account
 * name is registered under (`airlock.eth` → `alice.airlock.eth`); without it names are off. With
 * `AIRLOCK_NAMES_GATEWAY_KEY` and `AIRLOCK_NAMES_RESOLVER` the API is also the names' CCIP-Read
 * gateway (routes/namesGateway.ts), signing for that offchain resolver; without them names still
 * register, and the gateway answers 404 `namesNotConfigured`. With `AIRLOCK_NAMES_ENS_CHAIN_ID`
 * (and `AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER` off mainnet) a lookup of a name outside the parent
 * is answered from ENS on that chain, and an address the registry has no name for is
 * reverse-resolved there (ensNames.ts).
 */
import { getAddress, isAddress, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { normalize } from 'viem/ens'
import { ConfigError } from '../../configError'
import type { Environment } from '../../environment'
import type { GatewaySigner } from './ensGateway'

export type NamesConfig = {
  /** ENSIP-15 normalised, two labels or more, no leading or trailing dot: `airlock.eth`. */
  parent: string
  /** The CCIP-Read gateway's settings; absent: the gateway is off. */
  gateway?: NamesGatewayConfig
  /** Where names outside the parent are looked up; absent: they are not found. */
  ens?: NamesEnsConfig
}

export type NamesEnsConfig = {
  /** `AIRLOCK_NAMES_ENS_CHAIN_ID`: the eip155 chain ENS lives on (1), in the network catalogue. */
  chainId: number
  /**
   * `AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER`, checksummed; on chain 1 it defaults to the one viem
   * knows for mainnet.
   */
  universalResolver: `0x${string}`
}

export type NamesGatewayConfig = {
  /** The account of `AIRLOCK_NAMES_GATEWAY_KEY`: it signs, and the key itself is kept nowhere else. */
  signer: GatewaySigner
  /** `AIRLOCK_NAMES_RESOLVER`, checksummed: the offchain resolver the gateway answers for. */
  resolverAddress: `0x${string}`
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
  if (parent === undefined || parent === '') {
    for (const name of [
      'AIRLOCK_NAMES_GATEWAY_KEY',
      'AIRLOCK_NAMES_RESOLVER',
      'AIRLOCK_NAMES_ENS_CHAIN_ID',
      'AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER',
    ])
      if (env[name]) throw new ConfigError(`${name} is set but AIRLOCK_NAMES_PARENT is not.`)
    return undefined
  }
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
  const gateway = readNamesGatewayConfig(env)
  const ens = readNamesEnsConfig(env)
  return { parent, ...(gateway ? { gateway } : {}), ...(ens ? { ens } : {}) }
}

/**
 * `AIRLOCK_NAMES_ENS_CHAIN_ID` (a positive chain id) and `AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER`
 * (an address; optional on chain 1). Whether the catalogue has the chain is checked where the
 * catalogue is known (`ensNames`).
 */
function readNamesEnsConfig(env: Environment): NamesEnsConfig | undefined {
  const chain = env.AIRLOCK_NAMES_ENS_CHAIN_ID || undefined
  const resolver = env.AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER || undefined
  if (chain === undefined) {
    if (resolver !== undefined)
      throw new ConfigError(
        'AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER is set but AIRLOCK_NAMES_ENS_CHAIN_ID is not.',
      )
    return undefined
  }
  const chainId = Number(chain)
  if (!/^[1-9][0-9]{0,15}$/.test(chain) || !Number.isSafeInteger(chainId))
    throw new ConfigError(
      `AIRLOCK_NAMES_ENS_CHAIN_ID must be a chain id such as 1: ${JSON.stringify(chain)}.`,
    )
  if (resolver === undefined) {
    if (chainId === mainnet.id)
      return {
        chainId,
        universalResolver: getAddress(mainnet.contracts.ensUniversalResolver.address),
      }
    throw new ConfigError(
      `AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER is needed for ENS on chain ${chainId}: only mainnet’s is known.`,
    )
  }
  if (!isAddress(resolver, { strict: false }))
    throw new ConfigError(
      `AIRLOCK_NAMES_ENS_UNIVERSAL_RESOLVER must be an address (0x and 40 hex digits): ${JSON.stringify(resolver)}.`,
    )
  return { chainId, universalResolver: getAddress(resolver) }
}

/**
 * `AIRLOCK_NAMES_GATEWAY_KEY` (a 0x secp256k1 private key) and `AIRLOCK_NAMES_RESOLVER` (an
 * address), both or neither. A message never shows the key, nor a part of it.
 */
function readNamesGatewayConfig(env: Environment): NamesGatewayConfig | undefined {
  const key = env.AIRLOCK_NAMES_GATEWAY_KEY || undefined
  const resolver = env.AIRLOCK_NAMES_RESOLVER || undefined
  if (key === undefined && resolver === undefined) return undefined
  if (key === undefined)
    throw new ConfigError('AIRLOCK_NAMES_RESOLVER is set but AIRLOCK_NAMES_GATEWAY_KEY is not.')
  if (resolver === undefined)
    throw new ConfigError(
      'AIRLOCK_NAMES_GATEWAY_KEY needs AIRLOCK_NAMES_RESOLVER, the offchain resolver it signs for.',
    )
  const keyProblem =
    'AIRLOCK_NAMES_GATEWAY_KEY must be a secp256k1 private key: 0x and 64 hex digits.'
  if (!isHex(key, { strict: true }) || key.length !== 66) throw new ConfigError(keyProblem)
  let signer: GatewaySigner
  try {
    signer = privateKeyToAccount(key)
  } catch {
    // Zero, or not below the curve's order; the error would repeat the key.
    throw new ConfigError(keyProblem)
  }
  if (!isAddress(resolver, { strict: false }))
    throw new ConfigError(
      `AIRLOCK_NAMES_RESOLVER must be an address (0x and 40 hex digits): ${JSON.stringify(resolver)}.`,
    )
  return { signer, resolverAddress: getAddress(resolver) }
}
