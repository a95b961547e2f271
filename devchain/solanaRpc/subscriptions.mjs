// @ts-check
// The local Solana RPC's WebSocket side: signature and slot subscriptions, the only thing the
// real RPC answers there.
import { errorCodes, errorResponse, RpcError } from './rpcErrors.mjs'
import { requireString, toJson } from './rpcValues.mjs'

/** How long after subscribing a signature that already landed gets its notification. */
const ALREADY_LANDED_NOTIFY_DELAY_MS = 50

/** @typedef {import('./chainState.mjs').ChainState} ChainState */

/**
 * Subscriptions over WebSocket; the real RPC answers nothing else there.
 * @param {ChainState} chain
 * @param {import('ws').WebSocket} socket
 * @param {string} text
 * @returns {string | undefined}
 */
export function answerSocketMessage(chain, socket, text) {
  /** @type {unknown} */
  let request
  try {
    request = JSON.parse(text)
  } catch {
    return toJson(errorResponse(null, new RpcError(errorCodes.parse, 'Parse error')))
  }
  if (typeof request !== 'object' || request === null) return undefined
  const {
    id,
    method,
    params = [],
  } = /** @type {{ id?: unknown, method?: unknown, params?: unknown }} */ (request)
  // A message without an id (kit's keep-alive `ping`) wants no answer.
  if (id === undefined || id === null) return undefined
  const list = Array.isArray(params) ? params : []
  try {
    switch (method) {
      case 'signatureSubscribe': {
        const signature = requireString(list, 0, 'signature')
        const subscriptionId = chain.subscribe({ kind: 'signature', signature, socket })
        // Already landed: notify right after the reply, but not in the same breath. @solana/kit
        // listens for notifications only once it has read the subscription id, and drops what
        // arrives before; a cluster, too, notifies on its next commitment update.
        setTimeout(() => chain.notifyIfLanded(subscriptionId), ALREADY_LANDED_NOTIFY_DELAY_MS)
        return toJson({ jsonrpc: '2.0', result: subscriptionId, id })
      }
      case 'slotSubscribe':
        return toJson({ jsonrpc: '2.0', result: chain.subscribe({ kind: 'slot', socket }), id })
      case 'signatureUnsubscribe':
      case 'slotUnsubscribe': {
        const subscriptionId = list[0]
        if (typeof subscriptionId !== 'number') {
          throw new RpcError(errorCodes.invalidParams, 'Invalid subscription id.')
        }
        if (!chain.unsubscribe(subscriptionId)) {
          throw new RpcError(errorCodes.invalidParams, 'Invalid subscription id.')
        }
        return toJson({ jsonrpc: '2.0', result: true, id })
      }
      default:
        throw new RpcError(errorCodes.methodNotFound, 'Method not found')
    }
  } catch (error) {
    return toJson(errorResponse(id, error))
  }
}
