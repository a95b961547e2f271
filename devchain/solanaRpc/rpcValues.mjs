// @ts-check
// The plain pieces every method of the local Solana RPC shares: reading its params as the real RPC
// checks them, the response context, and JSON with u64 values as numbers.
import { getBase58Encoder } from '@solana/kit'
import { errorCodes, RpcError } from './rpcErrors.mjs'

/** The agave version the RPC reports (getVersion, and every response's context). */
export const SOLANA_CORE_VERSION = '2.2.0'

/**
 * @typedef {import('@solana/kit').Address} Address
 * @typedef {{ [key: string]: unknown }} RpcConfig
 * @typedef {import('./chainState.mjs').ChainState} ChainState
 * @typedef {(chain: ChainState, params: unknown[]) => unknown} MethodHandler
 */

/**
 * @param {ChainState} chain
 * @param {unknown} value
 */
export function withContext(chain, value) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot() }, value }
}

/**
 * @param {unknown[]} params
 * @param {number} index
 * @param {string} name
 */
export function requireString(params, index, name) {
  const value = params[index]
  if (typeof value !== 'string')
    throw new RpcError(errorCodes.invalidParams, `Invalid params: ${name} must be a string`)
  return value
}

/**
 * @param {unknown[]} params
 * @param {number} index
 * @returns {Address}
 */
export function requireAddress(params, index) {
  const value = params[index]
  if (typeof value !== 'string')
    throw new RpcError(errorCodes.invalidParams, 'Invalid param: expected a pubkey string')
  try {
    if (getBase58Encoder().encode(value).length === 32) return /** @type {Address} */ (value)
  } catch {
    // not base58: answered below like the real RPC
  }
  throw new RpcError(errorCodes.invalidParams, 'Invalid param: Invalid')
}

/**
 * @param {unknown[]} params
 * @param {number} index
 * @returns {RpcConfig}
 */
export function optionalConfig(params, index) {
  const value = params[index]
  return typeof value === 'object' && value !== null ? /** @type {RpcConfig} */ (value) : {}
}

/** Marks bigints while stringifying, so they come out as plain JSON numbers (u64 values). */
const BIGINT_MARK = '@@airlock-bigint@@'

/**
 * JSON with bigints as numbers, as the real RPC writes u64 values.
 * @param {unknown} value
 */
export function toJson(value) {
  return JSON.stringify(value, (_key, item) =>
    typeof item === 'bigint' ? `${BIGINT_MARK}${item}` : item,
  ).replace(new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, 'g'), '$1')
}
