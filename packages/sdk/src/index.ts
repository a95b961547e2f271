/** @airlock/sdk: the host-side API. See the README's "SDK API" section. */

export type { AirlockState, CaipNetworkId, OpenParams, View } from '@airlock/protocol'
export {
  type Airlock,
  type AirlockListener,
  type AirlockOptions,
  createAirlock,
} from './createAirlock'
export type { AirlockProvider } from './provider'
