// The dev Esplora's two kinds of refusal: a transaction the ledger will not accept (worded as
// bitcoind's sendrawtransaction words it, code and reason, since Esplora relays bitcoind's answer),
// and a request the API answers with an HTTP status and a line of text, as Esplora does.

/** A transaction refused by the ledger: bitcoind's RPC error code and its reject reason. */
export class LedgerRefusal extends Error {
  /** @param {number} code @param {string} reason */
  constructor(code, reason) {
    super(reason)
    this.name = 'LedgerRefusal'
    this.code = code
  }
}

/** A request the API refuses: the HTTP status and the text of the answer. */
export class EsploraError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.name = 'EsploraError'
    this.status = status
  }
}
