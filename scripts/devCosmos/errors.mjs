// The dev Cosmos chain's refusals: a transaction or query refused the way the Cosmos SDK refuses it
// (an ABCI code in the `sdk` codespace and a log worded as the SDK's wrapped errors read), and a
// REST request refused as the gRPC gateway answers (an HTTP status, a gRPC code and a message).

/** The SDK's registered errors this ledger can answer with: code and the text it appends. */
export const sdkErrors = /** @type {const} */ ({
  txDecode: { code: 2, text: 'tx parse error' },
  unauthorized: { code: 4, text: 'unauthorized' },
  insufficientFunds: { code: 5, text: 'insufficient funds' },
  unknownRequest: { code: 6, text: 'unknown request' },
  invalidAddress: { code: 7, text: 'invalid address' },
  invalidPubKey: { code: 8, text: 'invalid pubkey' },
  unknownAddress: { code: 9, text: 'unknown address' },
  invalidCoins: { code: 10, text: 'invalid coins' },
  outOfGas: { code: 11, text: 'out of gas' },
  insufficientFee: { code: 13, text: 'insufficient fee' },
  noSignatures: { code: 15, text: 'no signatures supplied' },
  invalidRequest: { code: 18, text: 'invalid request' },
  txInMempoolCache: { code: 19, text: 'tx already in mempool' },
  wrongSequence: { code: 32, text: 'incorrect account sequence' },
  keyNotFound: { code: 38, text: 'key not found' },
})

/** A refusal in the SDK's words: `code`, codespace `sdk`, and the log `<detail>: <error text>`. */
export class SdkError extends Error {
  /** @param {{ code: number, text: string }} kind @param {string} [detail] */
  constructor(kind, detail) {
    super(detail ? `${detail}: ${kind.text}` : kind.text)
    this.name = 'SdkError'
    this.code = kind.code
    this.codespace = 'sdk'
  }
}

/** gRPC status codes and the HTTP status the gateway answers each with. */
export const grpcCodes = /** @type {const} */ ({
  unknown: { code: 2, http: 500 },
  invalidArgument: { code: 3, http: 400 },
  notFound: { code: 5, http: 404 },
  unimplemented: { code: 12, http: 501 },
})

/** A request the REST API refuses, answered `{code, message, details: []}` with an HTTP status. */
export class RestError extends Error {
  /** @param {{ code: number, http: number }} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.name = 'RestError'
    this.grpcCode = status.code
    this.httpStatus = status.http
  }
}
