/**
 * The host's side of a site's own sign-in (`createAirlock({ siwxHandler })`): the `siwx` bridge
 * method the frame calls to have the site make a message, verify a signature, and find or end a
 * session. Only the four calls of `SiwxHandler` reach the handler, which must have all four. The
 * frame checks whatever the handler answers before it uses it.
 */
import {
  InvalidParamsError,
  invalidBridgeMessage,
  type SiwxHandler,
  type SiwxHandlerCall,
  siwxHandlerCalls,
} from '@airlock/protocol'
import type { HostSiwxMethod } from './createAirlock'

/** @throws InvalidParamsError naming the call the handler lacks. */
export function siteSiwxMethod(handler: SiwxHandler): HostSiwxMethod {
  for (const call of siwxHandlerCalls)
    if (typeof handler?.[call] !== 'function')
      throw new InvalidParamsError({
        message: 'Invalid Airlock options.',
        details: `siwxHandler.${call} must be a function.`,
      })
  const calls: readonly string[] = siwxHandlerCalls
  return {
    // biome-ignore lint/suspicious/noExplicitAny: each call's input is its own; the frame made it.
    handlers: { siwx: async (call, input) => (handler[call] as any)(input) },
    validators: {
      siwx: ([call, input]) => {
        if (typeof call !== 'string' || !calls.includes(call))
          invalidBridgeMessage(`siwx: unknown call ${JSON.stringify(call)}.`)
        return [call as SiwxHandlerCall, input]
      },
    },
  }
}
