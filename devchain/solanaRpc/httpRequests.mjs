// @ts-check
// The local Solana RPC's HTTP side: a JSON-RPC request or batch, answered by the method of its
// name.
import { accountMethods } from './accountMethods.mjs'
import { chainMethods } from './chainMethods.mjs'
import { errorCodes, errorResponse, RpcError } from './rpcErrors.mjs'
import { toJson } from './rpcValues.mjs'
import { transactionMethods } from './transactionMethods.mjs'

/** @typedef {import('./chainState.mjs').ChainState} ChainState */

/** @type {Record<string, import('./rpcValues.mjs').MethodHandler>} */
const methods = { ...chainMethods, ...accountMethods, ...transactionMethods }

/**
 * @param {ChainState} chain
 * @param {string} body
 * @returns {string}
 */
export function answerHttpBody(chain, body) {
  /** @type {unknown} */
  let payload
  try {
    payload = JSON.parse(body)
  } catch {
    return toJson(errorResponse(null, new RpcError(errorCodes.parse, 'Parse error')))
  }
  if (Array.isArray(payload)) {
    if (payload.length === 0) {
      return toJson(errorResponse(null, new RpcError(errorCodes.invalidRequest, 'Invalid request')))
    }
    return toJson(payload.map((request) => answerRequest(chain, request)))
  }
  return toJson(answerRequest(chain, payload))
}

/**
 * @param {ChainState} chain
 * @param {unknown} request
 */
function answerRequest(chain, request) {
  if (typeof request !== 'object' || request === null || !('method' in request)) {
    return errorResponse(null, new RpcError(errorCodes.invalidRequest, 'Invalid request'))
  }
  const {
    id = null,
    method,
    params = [],
  } = /** @type {{ id?: unknown, method: unknown, params?: unknown }} */ (request)
  try {
    const handler =
      typeof method === 'string' && Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) throw new RpcError(errorCodes.methodNotFound, 'Method not found')
    if (!Array.isArray(params)) throw new RpcError(errorCodes.invalidParams, 'Invalid params')
    return { jsonrpc: '2.0', result: handler(chain, params), id }
  } catch (error) {
    return errorResponse(id, error)
  }
}
