/**
 * What a JSON-RPC node's error says, read the same way by the API and the modal: whether the node
 * lacks a method it was asked (an `eth_simulateV1` a node doesn't serve), so the caller can fall
 * back instead of failing.
 */

/** Words nodes answer a method they don't serve with (geth, anvil, Erigon, hosted RPCs). */
const lacksMethodWords =
  /method .*(not found|not supported|not available|does not exist)|unknown method/i

/**
 * Whether `error` (viem's, walked through its causes) carries the node's word that it lacks the
 * method: JSON-RPC's -32601 (method not found) or EIP-1474's -32004 (method not supported), or
 * words saying so. `ownError` tells the client library's own errors, whose messages quote the
 * request (and so the method's name): only the node's words count.
 *
 * @example
 * import { BaseError } from 'viem'
 * nodeLacksMethod(error, (cause) => cause instanceof BaseError)
 */
export function nodeLacksMethod(
  error: { walk(matches: (cause: unknown) => boolean): unknown },
  ownError: (cause: unknown) => boolean,
): boolean {
  const lacking = error.walk((cause) => {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    return (
      code === -32601 ||
      code === -32004 ||
      (!ownError(cause) && typeof message === 'string' && lacksMethodWords.test(message))
    )
  })
  return lacking !== null && lacking !== undefined
}
