// The Polkadot stand-in's refusals: a JSON-RPC error as a Substrate node answers it (code, message
// and data, e.g. 1010 "Invalid Transaction" with "Transaction has a bad signature"), and a request
// to its HTTP side (Subscan, dev funding) answered with a status and a message.

/** A JSON-RPC error with a Substrate node's code, message and data. */
export class RpcError extends Error {
  /** @param {number} code @param {string} message @param {string} [data] */
  constructor(code, message, data) {
    super(message)
    this.name = 'RpcError'
    this.code = code
    this.data = data
  }
}

/** A transaction the pool refuses: 1010 "Invalid Transaction" with the runtime's reason. */
export const invalidTransaction = (/** @type {string} */ reason) =>
  new RpcError(1010, 'Invalid Transaction', reason)

/** A request the HTTP side refuses: its status and message. */
export class HttpRefusal extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.name = 'HttpRefusal'
    this.status = status
  }
}
