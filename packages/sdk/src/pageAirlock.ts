/**
 * `pageAirlock`: the page's one Airlock. The loader makes `window.airlock`; the wagmi connector
 * and the React provider ask for the page's through this, so a dapp that uses both (or the
 * snippet beside them) mounts one modal, not one per caller.
 */
import { InvalidParamsError } from '@airlock/protocol'
import { createAirlock } from './airlock'
import type { Airlock, AirlockOptions } from './createAirlock'

/**
 * The page's Airlock: `window.airlock` when the loader or an earlier call made it for this
 * project, else a new one, which becomes `window.airlock`. Browser only: call it from an effect
 * or an event, never while rendering on a server.
 * @example
 * const airlock = pageAirlock({ projectId: 'demo' })
 */
export function pageAirlock(options: AirlockOptions): Airlock {
  if (typeof window === 'undefined')
    throw new InvalidParamsError({
      message: 'Airlock runs in the browser.',
      details: 'pageAirlock() was called where there is no window (server rendering?).',
    })
  const existing = window.airlock
  if (existing) {
    if (existing.projectId !== options?.projectId)
      throw new InvalidParamsError({
        message: 'Invalid Airlock options.',
        details: `This page's Airlock is for project "${existing.projectId}", not "${options?.projectId}": one page has one Airlock.`,
      })
    return existing
  }
  const airlock = createAirlock(options)
  window.airlock = airlock
  return airlock
}
