/**
 * The Cosmos networks Airlock knows (spec §1, namespace cosmos): their CAIP-2 ids (`cosmos:` and
 * the chain id, as CAIP-2's cosmos profile says), the bech32 prefix of their addresses and the
 * denomination their fees and balances are in. Plain data, so a module that only names a network
 * loads none of the address or signature code (`@airlock/protocol/cosmos`).
 */
import type { CaipNetworkId } from './caip'

export const cosmosNetworkNames = ['cosmoshub', 'osmosis', 'local'] as const
export type CosmosNetworkName = (typeof cosmosNetworkNames)[number]

/** What a Cosmos network's accounts and fees are written in. */
export type CosmosNetworkParams = {
  /** The chain id, the CAIP-2 reference (`cosmoshub-4`). */
  chainId: string
  /** The human-readable part of its account addresses (`cosmos1…`). */
  bech32Prefix: string
  /** The base denomination of its native token, the one fees are paid in (`uatom`). */
  denom: string
  /** The lowest gas price its validators take, in `denom` per unit of gas. */
  gasPrice: number
}

/**
 * Each network's parameters. `local` is the dev chain of `scripts/devCosmos.mjs`, which
 * `npm start` and the tests run on loopback: a Cosmos Hub look-alike (ATOM, `cosmos1…`).
 */
export const cosmosNetworkParams: Readonly<Record<CosmosNetworkName, CosmosNetworkParams>> = {
  cosmoshub: { chainId: 'cosmoshub-4', bech32Prefix: 'cosmos', denom: 'uatom', gasPrice: 0.005 },
  osmosis: { chainId: 'osmosis-1', bech32Prefix: 'osmo', denom: 'uosmo', gasPrice: 0.025 },
  local: { chainId: 'airlock-local-1', bech32Prefix: 'cosmos', denom: 'uatom', gasPrice: 0.0025 },
}

/** Each network's CAIP-2 id: `cosmos:` and its chain id. */
export const cosmosCaipNetworkIds: Readonly<Record<CosmosNetworkName, CaipNetworkId>> = {
  cosmoshub: 'cosmos:cosmoshub-4',
  osmosis: 'cosmos:osmosis-1',
  local: 'cosmos:airlock-local-1',
}

/** Each network's name, as the catalogue and error messages give it. */
export const cosmosNetworkLabels: Readonly<Record<CosmosNetworkName, string>> = {
  cosmoshub: 'Cosmos Hub',
  osmosis: 'Osmosis',
  local: 'Cosmos Local',
}

/**
 * The Cosmos network a CAIP-2 id names, or undefined for any other id.
 * @example cosmosNetworkOf('cosmos:osmosis-1') // 'osmosis'
 */
export function cosmosNetworkOf(caipNetworkId: string): CosmosNetworkName | undefined {
  return cosmosNetworkNames.find((name) => cosmosCaipNetworkIds[name] === caipNetworkId)
}
