/** `createAirlock`, the SDK's entry: the host side of Airlock with, when given, the site's own sign-in. */
import { type Airlock, type AirlockOptions, createAirlockHost } from './createAirlock'
import { siteSiwxMethod } from './siteSiwx'

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
