// The relay's channel store (apps/relay/src/channels.ts) in memory, with channel tokens as the
// relay makes them.
import { randomBytes } from 'node:crypto'
import { DevFarcasterError } from './devFarcasterError.mjs'

// Channel tokens as the relay makes them (apps/relay/src/tokens.ts): 8 characters of this alphabet.
const tokenAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const channelToken = () =>
  [...randomBytes(8)].map((byte) => tokenAlphabet[byte % tokenAlphabet.length]).join('')

/**
 * A store whose channels live `channelTtl` seconds from their opening, however often they are
 * updated (Redis EX, then KEEPTTL).
 * @param {number} channelTtl
 */
export function createChannelStore(channelTtl) {
  /** @type {Map<string, { expiresAt: number, state: Record<string, any> }>} */
  const channels = new Map()
  /** @param {string} token */
  const read = (token) => {
    const entry = channels.get(token)
    if (entry === undefined) return undefined
    if (entry.expiresAt > Date.now()) return entry.state
    channels.delete(token)
    return undefined
  }
  return {
    open() {
      const now = Date.now()
      for (const [token, entry] of channels) if (entry.expiresAt <= now) channels.delete(token)
      let token = channelToken()
      while (channels.has(token)) token = channelToken()
      channels.set(token, { expiresAt: now + channelTtl * 1000, state: {} })
      return token
    },
    read,
    /**
     * A channel that still waits for its sign-in; what the app answers when there is none.
     * @param {string} token
     */
    readPending(token) {
      const channel = read(token)
      if (channel === undefined)
        throw new DevFarcasterError(404, 'This sign-in request is unknown or has expired.')
      if (channel.state !== 'pending')
        throw new DevFarcasterError(409, 'This sign-in request has been answered already.')
      return channel
    },
    /** @param {string} token @param {Record<string, any>} state */
    update(token, state) {
      const entry = channels.get(token)
      // Stored as Redis stores it: JSON, so what is read back has no undefined fields.
      if (entry !== undefined) entry.state = JSON.parse(JSON.stringify(state))
    },
    /** @param {string} token */
    close(token) {
      channels.delete(token)
    },
  }
}

/** @typedef {ReturnType<typeof createChannelStore>} ChannelStore */
