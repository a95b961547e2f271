/** @airlock/sdk: the host-side API. See the README's "SDK API" section. */
import { type Airlock, type AirlockOptions, createAirlockHost } from './createAirlock'
import { siteSiwxMethod } from './siteSiwx'

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
export type { Airlock, AirlockListener, AirlockOptions } from './createAirlock'
export type { AirlockProvider } from './provider'

/**
 * Creates the Airlock modal for this page.
 * @example
 * const airlock = createAirlock({ projectId: 'demo', networks: ['eip155:1'] })
 * await airlock.open()
 */
export function createAirlock(options: AirlockOptions): Airlock {
  const { siwxHandler, ...hostOptions } = options ?? ({} as AirlockOptions)
  return createAirlockHost(
    hostOptions,
    siwxHandler === undefined ? undefined : siteSiwxMethod(siwxHandler),
  )
}
