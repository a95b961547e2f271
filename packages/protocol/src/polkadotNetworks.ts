/**
 * The Polkadot networks Airlock knows (spec §1, namespace polkadot): their CAIP-2 ids
 * (`polkadot:` and the first 32 hex digits of the genesis hash, as CAIP-2's polkadot profile
 * says) and the SS58 prefix their addresses are written with. Plain data, so a module that only
 * names a network loads none of the address or signature code (`@airlock/protocol/polkadot`).
 */
import type { CaipNetworkId } from './caip'

export const polkadotNetworkNames = ['polkadot', 'kusama', 'westend', 'local'] as const
export type PolkadotNetworkName = (typeof polkadotNetworkNames)[number]

/**
 * Each network's CAIP-2 id. `local` is the dev chain of `scripts/devPolkadot.mjs` (a fixed
 * genesis), which `npm start` and the tests run on loopback.
 */
export const polkadotCaipNetworkIds: Readonly<Record<PolkadotNetworkName, CaipNetworkId>> = {
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  kusama: 'polkadot:b0a8d493285c2df73290dfb7e61f870f',
  westend: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e',
  local: 'polkadot:fcbb43a94fb5ca7574f5f76c75f9510c',
}

/**
 * The SS58 prefix of each network's addresses (the SS58 registry's): an address is shown, and
 * taken, only with its network's.
 */
export const polkadotSs58Prefixes: Readonly<Record<PolkadotNetworkName, number>> = {
  polkadot: 0,
  kusama: 2,
  westend: 42,
  local: 42,
}

/** Each network's name, as the catalogue and error messages give it. */
export const polkadotNetworkLabels: Readonly<Record<PolkadotNetworkName, string>> = {
  polkadot: 'Polkadot',
  kusama: 'Kusama',
  westend: 'Westend',
  local: 'Polkadot Local',
}

/**
 * The Polkadot network a CAIP-2 id names, or undefined for any other id (another namespace, or a
 * Substrate chain Airlock does not know).
 * @example polkadotNetworkOf('polkadot:91b171bb158e2d3848fa23a9f1c25182') // 'polkadot'
 */
export function polkadotNetworkOf(caipNetworkId: string): PolkadotNetworkName | undefined {
  return polkadotNetworkNames.find((name) => polkadotCaipNetworkIds[name] === caipNetworkId)
}
