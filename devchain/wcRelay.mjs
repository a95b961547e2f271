// @ts-check
// A local WalletConnect relay for development and tests, so the modal (dapp side) and a wallet
// peer can pair and talk on loopback with no walletconnect.org in the way. It speaks the relay's
// JSON-RPC over WebSocket as @walletconnect/sign-client 2.x uses it: irn_subscribe,
// irn_batchSubscribe, irn_unsubscribe, irn_batchUnsubscribe, irn_publish, irn_batchPublish,
// irn_batchFetchMessages, wc_proposeSession, wc_approveSession, and pushes irn_subscription.
//
// Messages are kept per topic for their ttl and replayed when someone subscribes (the wallet
// pairs after the dapp published its proposal; the dapp subscribes to the session topic after the
// wallet published the settlement), but never delivered back to the client that published them.
// Clients are told apart by the `iss` of the `auth` JWT in the connection's query string, which
// every sign-client sends (Node and browser alike); the JWT is decoded, not verified.
//
//   node devchain/wcRelay.mjs [port]   (default 8789) runs one until Ctrl-C
import { createHash } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { WebSocketServer } from 'ws'

/** Node sign-clients drop a socket that has not been pinged for 35 s. */
const PING_INTERVAL_MS = 15_000
/** Used when a publish carries no ttl (seconds). */
const DEFAULT_TTL_SECONDS = 300

/** The tags the real relay puts on what it publishes for wc_proposeSession / wc_approveSession. */
const tags = {
  sessionProposal: 1100,
  sessionProposalResponse: 1101,
  sessionSettlement: 1102,
}

/**
 * @typedef {{ topic: string, message: string, publishedAt: number, tag: number, expiresAt: number, publisherId: string, attestation?: string }} StoredMessage
 * @typedef {{ socket: import('ws').WebSocket, clientId: string, subscriptions: Map<string, string> }} RelayClient
 *   `subscriptions`: subscription id → topic.
 * @typedef {{ topic: string, message: string, ttl?: number | undefined, tag?: number | undefined, attestation?: string | undefined }} PublishParams
 * @typedef {{
 *   irn_subscribe: { topic: string },
 *   irn_batchSubscribe: { topics: string[] },
 *   irn_unsubscribe: { topic: string, id?: string },
 *   irn_batchUnsubscribe: { subscriptions: { topic: string, id?: string }[] },
 *   irn_publish: PublishParams,
 *   irn_batchPublish: { messages: PublishParams[] },
 *   irn_batchFetchMessages: { topics: string[] },
 *   wc_proposeSession: { pairingTopic: string, sessionProposal: string, ttl?: number | undefined, attestation?: string | undefined },
 *   wc_approveSession: { sessionTopic: string, pairingTopic: string, sessionProposalResponse: string, sessionSettlementRequest: string, ttl?: number | undefined },
 * }} RequestParams
 *   What sign-client sends with each method (trusted: a malformed request fails in its handler).
 * @typedef {{ [Method in keyof RequestParams]: (client: RelayClient, params: RequestParams[Method]) => unknown }} MethodHandlers
 * @typedef {{ id?: number | string | null, method?: string, params?: unknown }} IncomingPayload
 *   A request, or a client's response (its ack of an irn_subscription).
 * @typedef {(line: string) => void} RelayLog
 */

/**
 * Starts a relay on `host:port` (port 0 picks a free one).
 * @param {{ host?: string, port?: number, log?: RelayLog }} [options]
 *   `log` gets one line per connection and per request, for debugging.
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 * @example
 * const relay = await startRelay({ port: 8789 })
 * // new Core({ relayUrl: relay.url, projectId: 'local', ... })
 * await relay.close()
 */
export async function startRelay({ host = '127.0.0.1', port = 0, log } = {}) {
  /** @type {Map<string, StoredMessage[]>} */
  const messagesByTopic = new Map()
  /** @type {Set<RelayClient>} */
  const clients = new Set()
  let anonymousClients = 0
  let nextPayloadId = Date.now() * 1000

  const server = new WebSocketServer({ host, port })
  await new Promise((resolve, reject) => {
    server.once('listening', () => resolve(undefined))
    server.once('error', reject)
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('wcRelay: expected a TCP address')
  const url = `ws://${host}:${address.port}`

  const pingTimer = setInterval(() => {
    for (const client of clients) client.socket.ping()
    pruneExpired()
  }, PING_INTERVAL_MS)
  pingTimer.unref()

  /** @param {string} topic */
  const liveMessages = (topic) => {
    const now = Date.now()
    const live = (messagesByTopic.get(topic) ?? []).filter((stored) => stored.expiresAt > now)
    if (live.length) messagesByTopic.set(topic, live)
    else messagesByTopic.delete(topic)
    return live
  }
  const pruneExpired = () => {
    for (const topic of [...messagesByTopic.keys()]) liveMessages(topic)
  }

  /** @param {RelayClient} client @param {string} subscriptionId @param {StoredMessage} stored */
  const deliver = (client, subscriptionId, stored) => {
    if (stored.publisherId === client.clientId) return
    const { topic, message, publishedAt, tag, attestation } = stored
    send(client, {
      id: nextPayloadId++,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionId, data: { topic, message, publishedAt, tag, attestation } },
    })
  }

  /** @param {RelayClient} client @param {string} topic @returns {string} the subscription id */
  const subscribe = (client, topic) => {
    const subscriptionId = createHash('sha256')
      .update(topic + client.clientId)
      .digest('hex')
    client.subscriptions.set(subscriptionId, topic)
    for (const stored of liveMessages(topic)) deliver(client, subscriptionId, stored)
    return subscriptionId
  }

  /** @param {RelayClient} publisher @param {PublishParams} params */
  const publish = (publisher, { topic, message, ttl, tag, attestation }) => {
    // A client retries a publish it saw no ack for in time; the relay keeps and sends it once.
    if (liveMessages(topic).some((stored) => stored.message === message)) return
    const publishedAt = Date.now()
    /** @type {StoredMessage} */
    const stored = {
      topic,
      message,
      publishedAt,
      tag: tag ?? 0,
      expiresAt: publishedAt + (ttl ?? DEFAULT_TTL_SECONDS) * 1000,
      publisherId: publisher.clientId,
      ...(attestation === undefined ? {} : { attestation }),
    }
    messagesByTopic.set(topic, [...liveMessages(topic), stored])
    for (const client of clients)
      for (const [subscriptionId, subscribedTopic] of client.subscriptions)
        if (subscribedTopic === topic) deliver(client, subscriptionId, stored)
  }

  /**
   * What each request method does; the return value is the JSON-RPC result.
   * @type {MethodHandlers}
   */
  const methods = {
    irn_subscribe: (client, { topic }) => subscribe(client, topic),
    irn_batchSubscribe: (client, { topics }) => topics.map((topic) => subscribe(client, topic)),
    irn_unsubscribe: (client, { id, topic }) => {
      if (id) client.subscriptions.delete(id)
      else
        for (const [subscriptionId, subscribedTopic] of client.subscriptions)
          if (subscribedTopic === topic) client.subscriptions.delete(subscriptionId)
      return true
    },
    irn_batchUnsubscribe: (client, { subscriptions }) => {
      for (const subscription of subscriptions) methods.irn_unsubscribe(client, subscription)
      return true
    },
    irn_publish: (client, params) => {
      publish(client, params)
      return true
    },
    irn_batchPublish: (client, { messages }) => {
      for (const params of messages) publish(client, params)
      return true
    },
    // Replay on subscribe already delivered everything kept for the topics.
    irn_batchFetchMessages: () => ({ messages: [], hasMore: false }),
    wc_proposeSession: (client, { pairingTopic, sessionProposal, ttl, attestation }) => {
      subscribe(client, pairingTopic)
      publish(client, {
        topic: pairingTopic,
        message: sessionProposal,
        ttl,
        tag: tags.sessionProposal,
        attestation,
      })
      return true
    },
    wc_approveSession: (client, params) => {
      const { sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest } =
        params
      subscribe(client, sessionTopic)
      publish(client, {
        topic: pairingTopic,
        message: sessionProposalResponse,
        ttl: params.ttl,
        tag: tags.sessionProposalResponse,
      })
      publish(client, {
        topic: sessionTopic,
        message: sessionSettlementRequest,
        ttl: params.ttl,
        tag: tags.sessionSettlement,
      })
      return true
    },
  }

  /** @param {RelayClient} client @param {object} payload a JSON-RPC request or response */
  const send = (client, payload) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(payload))
  }

  server.on('connection', (socket, request) => {
    const query = new URL(request.url ?? '/', 'ws://relay').searchParams
    const clientId = clientIdFromAuth(query.get('auth')) ?? `anonymous-${++anonymousClients}`
    /** @type {RelayClient} */
    const client = { socket, clientId, subscriptions: new Map() }
    clients.add(client)
    log?.(`connect ${clientId} (${query.get('ua') ?? 'no ua'})`)
    socket.on('close', () => {
      clients.delete(client)
      log?.(`disconnect ${clientId}`)
    })
    socket.on('message', (data) => {
      /** @type {IncomingPayload} */
      let payload
      try {
        payload = JSON.parse(data.toString())
      } catch {
        return send(client, {
          id: 0,
          jsonrpc: '2.0',
          error: { code: -32700, message: 'Parse error' },
        })
      }
      // Responses are the clients' acks of irn_subscription; nothing waits for them.
      if (!payload.method) return
      const { id = null, method, params } = payload
      log?.(`${clientId.slice(-8)} → ${method} ${summarize(params)}`)
      if (!Object.hasOwn(methods, method)) {
        log?.(`unknown method ${method}`)
        return send(client, {
          id,
          jsonrpc: '2.0',
          error: { code: -32601, message: `Method not found: ${method}` },
        })
      }
      const handler = /** @type {(client: RelayClient, params: unknown) => unknown} */ (
        methods[/** @type {keyof RequestParams} */ (method)]
      )
      try {
        send(client, { id, jsonrpc: '2.0', result: handler(client, params ?? {}) })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        send(client, { id, jsonrpc: '2.0', error: { code: -32602, message } })
      }
    })
  })

  return {
    url,
    port: address.port,
    close: async () => {
      clearInterval(pingTimer)
      for (const client of clients) client.socket.terminate()
      await new Promise((resolve) => server.close(() => resolve(undefined)))
    },
  }
}

/**
 * The `iss` (the client's did:key) of the auth JWT the client connects with; undefined when
 * there is none or it does not decode.
 * @param {string | null} jwt
 * @returns {string | undefined}
 */
function clientIdFromAuth(jwt) {
  const payload = jwt?.split('.')[1]
  if (!payload) return undefined
  try {
    const { iss } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return typeof iss === 'string' ? iss : undefined
  } catch {
    return undefined
  }
}

/** Params for a log line, with long strings (encrypted messages) cut short. */
function summarize(/** @type {unknown} */ params) {
  return JSON.stringify(params, (_key, value) =>
    typeof value === 'string' && value.length > 24 ? `${value.slice(0, 12)}…` : value,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const relay = await startRelay({ port: Number(process.argv[2] ?? 8789), log: console.log })
  console.log(`WalletConnect relay on ${relay.url}`)
}
