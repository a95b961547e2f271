// The relay's v1 API (farcasterxyz/auth-monorepo, apps/relay/src/handlers.ts) over the channel
// store: open a channel, report its status, authenticate it with what the Farcaster app signed.
import { generateSiweNonce } from 'viem/siwe'
import {
  authenticateSchema,
  createChannelSchema,
  readRelayBody,
  validateBody,
} from './requestBody.mjs'

// Farcaster's own domains are phishing targets: the relay opens no channel for them.
const restrictedDomains = ['farcaster.xyz']

/** The bearer token of a relay request: the second word of its Authorization header. */
const bearer = (request) => request.headers.authorization?.split(' ')[1] || undefined

/**
 * The relay's routes, by `METHOD /path`, each answering `[status, body]`. `origin` is where the
 * dev app's page is; `custodyOf` reads a fid's custody address, as the relay reads Optimism's.
 * @param {{ channelStore: import('./channels.mjs').ChannelStore, origin: string, authKey: string, custodyOf: (fid: number) => Promise<string> }} relay
 * @returns {Record<string, (request: import('node:http').IncomingMessage) => Promise<[number, unknown]> | [number, unknown]>}
 */
export function createRelayRoutes({ channelStore, origin, authKey, custodyOf }) {
  /** POST /v1/channel (apps/relay/src/handlers.ts, createChannel). */
  const createChannel = async (request) => {
    const checked = validateBody(createChannelSchema, await readRelayBody(request))
    if (checked.message !== undefined)
      return [400, { error: 'Validation error', message: checked.message }]
    const body = checked.value
    if (restrictedDomains.some((domain) => String(body.domain).includes(domain)))
      return [400, { error: 'Domain not allowed' }]
    const token = channelStore.open()
    const nonce = body.nonce ?? generateSiweNonce()
    const url = `${origin}/~/siwf?${new URLSearchParams({ channelToken: token })}`
    const forwarded = request.headers['x-forwarded-for']
    channelStore.update(token, {
      state: 'pending',
      nonce,
      url,
      connectUri: url,
      acceptAuthAddress: body.acceptAuthAddress ?? true,
      signatureParams: { ...body, nonce },
      metadata: {
        userAgent: request.headers['user-agent'] ?? 'Unknown',
        // Fastify's `request.ip` with `trustProxy: true`: the client named by a proxy, if any.
        ip:
          (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) ||
          request.socket.remoteAddress,
      },
    })
    return [201, { channelToken: token, url, connectUri: url, nonce }]
  }

  /** GET /v1/channel/status: 202 while pending; 200 once completed, which closes the channel. */
  const status = (request) => {
    const token = bearer(request)
    if (token === undefined) return [401, { error: 'Unauthorized ' }]
    const channel = channelStore.read(token)
    if (channel === undefined) return [401, { error: 'Unauthorized' }]
    const { url: _url, connectUri: _connectUri, ...answer } = channel
    if (answer.state !== 'completed') return [202, answer]
    channelStore.close(token)
    return [200, answer]
  }

  /** POST /v1/channel/authenticate: what the Farcaster app sends once the user has signed. */
  const authenticate = async (request) => {
    const checked = validateBody(authenticateSchema, await readRelayBody(request))
    if (checked.message !== undefined)
      return [400, { error: 'Validation error', message: checked.message }]
    const token = bearer(request)
    if (token === undefined) return [401, { error: 'Unauthorized ' }]
    const key =
      request.headers['x-farcaster-auth-relay-key'] ||
      request.headers['x-farcaster-connect-auth-key']
    if (key !== authKey) return [401, { error: 'Unauthorized' }]
    const body = checked.value
    let custody
    try {
      custody = await custodyOf(body.fid)
    } catch (error) {
      return [500, { error: /** @type {Error} */ (error).message }]
    }
    const channel = channelStore.read(token)
    if (channel === undefined) return [401, { error: 'Unauthorized ' }]
    const completed = {
      ...channel,
      state: 'completed',
      message: body.message,
      signature: body.signature,
      authMethod: body.authMethod ?? 'custody',
      fid: body.fid,
      username: body.username,
      displayName: body.displayName,
      bio: body.bio,
      pfpUrl: body.pfpUrl,
      custody,
      // The real relay asks a Farcaster hub for the fid's verified addresses; there is no hub here.
      verifications: [],
    }
    channelStore.update(token, completed)
    return [201, channelStore.read(token) ?? completed]
  }

  return {
    'GET /healthcheck': () => [200, { status: 'OK' }],
    'POST /v1/channel': createChannel,
    'GET /v1/channel/status': status,
    'POST /v1/channel/authenticate': authenticate,
  }
}
