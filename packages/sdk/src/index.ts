/** @airlock/sdk: the host-side API. See the README's "SDK API" section. */

export type {
  AirlockState,
  CaipNetworkId,
  OpenParams,
  SiwxHandler,
  SiwxMessageData,
  SiwxMessageInput,
  SiwxSiteSession,
  SiwxSiteSignIn,
  View,
} from '@airlock/protocol'
export { createAirlock } from './airlock'
export type { Airlock, AirlockListener, AirlockOptions } from './createAirlock'
export { pageAirlock } from './pageAirlock'
export type { AirlockProvider } from './provider'
