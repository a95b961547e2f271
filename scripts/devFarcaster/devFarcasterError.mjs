// The error of the dev Farcaster relay and app: it carries the HTTP status (and body) they answer.

/** An error with the HTTP status the relay or the page answers it with. */
export class DevFarcasterError extends Error {
  /** @param {number} status @param {string} message @param {Record<string, unknown>} [body] */
  constructor(status, message, body) {
    super(message)
    this.name = 'DevFarcasterError'
    this.status = status
    this.body = body ?? { error: message }
  }
}
