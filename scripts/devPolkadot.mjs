// A local stand-in of a Polkadot (Substrate) node, so the modal's Polkadot account view and Send
// work offline (issue 39): the node's JSON-RPC over HTTP POST and WebSocket on one loopback port,
// good for @polkadot/api, over an in-process ledger (devPolkadot/ledger.mjs) that decodes each
// submitted extrinsic against Polkadot's real metadata, checks its signature over the rebuilt
// signing payload and its nonce and fee, and applies Balances transfers. No runtime can be had
// offline here (Chopsticks needs a live chain or a raw chain spec with the runtime's wasm, and no
// registry package ships one), so this stands in for the node.
//
//   JSON-RPC (POST / or ws://…/)  see devPolkadot/rpc.mjs for the methods
//   POST /api/v2/scan/transfers   {"address","row","page"} → Subscan's transfer list
//   POST /dev/fund                {"address","amount"} (plancks, string or number) → the block hash
//
// Every HTTP answer allows any origin. Alone: `node scripts/devPolkadot.mjs` (POLKADOT_PORT,
// default 8798).
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { WebSocketServer } from 'ws'
import { HttpRefusal, RpcError } from './devPolkadot/errors.mjs'
import { createLedger } from './devPolkadot/ledger.mjs'
import { createRpcMethods, subscriptionMethods, unsubscribeMethods } from './devPolkadot/rpc.mjs'
import { chainProperties, createRuntime } from './devPolkadot/runtime.mjs'
import { subscanTransfers } from './devPolkadot/subscan.mjs'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

/** A dev chain's existential deposit: 0.01 DOT. */
export const existentialDeposit = 100_000_000n

const maxBodyBytes = 1024 * 1024

/** How long a watched extrinsic waits for its client to read its block's events before finality. */
const finalityWaitMs = 2000
/** How long after that read finality follows. */
const finalityLagMs = 100

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

const unsubscribing = new Set(unsubscribeMethods)
const subscribing = new Set(subscriptionMethods)

/** @param {unknown} error a JSON-RPC error object for it */
function rpcErrorOf(error) {
  if (error instanceof RpcError)
    return {
      code: error.code,
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    }
  console.error('[polkadot]', error)
  return { code: -32603, message: 'Internal error' }
}

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0 picks a free one; default env POLKADOT_PORT, else
 * 8798). Fees are `baseFee` plus `byteFee` per byte of the extrinsic, plus its tip.
 * @param {{ port?: number, quiet?: boolean, baseFee?: bigint, byteFee?: bigint }} [options]
 */
export async function startDevPolkadot({
  port = Number(process.env.POLKADOT_PORT ?? 8798),
  quiet = false,
  baseFee = 10_000_000n,
  byteFee = 100_000n,
} = {}) {
  const runtime = createRuntime({ existentialDeposit })
  const ledger = createLedger({ runtime, existentialDeposit, baseFee, byteFee })
  const methods = createRpcMethods(ledger)
  const log = (/** @type {string} */ line) => {
    if (!quiet) console.log(`[polkadot] ${line}`)
  }

  /**
   * Answers one JSON-RPC request; `subscribe` is given on WebSocket connections only.
   * @param {any} request
   * @param {import('./devPolkadot/rpc.mjs').Subscribe | undefined} subscribe
   * @param {(id: string) => boolean} unsubscribe
   */
  function answer(request, subscribe, unsubscribe) {
    const id = request?.id ?? null
    if (request?.jsonrpc !== '2.0' || typeof request.method !== 'string')
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
    const params = Array.isArray(request.params) ? request.params : []
    try {
      if (unsubscribing.has(request.method))
        return { jsonrpc: '2.0', id, result: unsubscribe(String(params[0])) }
      const method = methods[request.method]
      if (!method)
        return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
      if (!subscribe && subscribing.has(request.method))
        return {
          jsonrpc: '2.0',
          id,
          error: { code: -32603, message: 'Subscriptions are not supported on HTTP' },
        }
      const result = method(params, /** @type {any} */ (subscribe))
      if (request.method.startsWith('author_submit')) log(`accepted ${JSON.stringify(result)}`)
      return { jsonrpc: '2.0', id, result }
    } catch (error) {
      if (error instanceof RpcError && request.method.startsWith('author_submit'))
        log(`refused an extrinsic: ${error.message} ${error.data ?? ''}`)
      return { jsonrpc: '2.0', id, error: rpcErrorOf(error) }
    }
  }

  /** @param {string} path @param {string} body */
  function answerHttp(path, body) {
    let request
    try {
      request = JSON.parse(body)
    } catch {
      throw new HttpRefusal(400, 'The body must be JSON')
    }
    if (path === '/') return answer(request, undefined, () => false)
    if (path === '/api/v2/scan/transfers') return subscanTransfers(ledger, request)
    if (path === '/dev/fund') {
      const { address, amount } = request ?? {}
      if (
        typeof address !== 'string' ||
        !(
          (typeof amount === 'string' && /^\d+$/.test(amount)) ||
          (typeof amount === 'number' && Number.isSafeInteger(amount))
        )
      )
        throw new HttpRefusal(400, 'The body must be JSON: {"address","amount"} (plancks)')
      return { blockHash: fund(address, BigInt(amount)) }
    }
    throw new HttpRefusal(404, 'Not found')
  }

  /** @param {string} address @param {bigint} plancks */
  function fund(address, plancks) {
    let block
    try {
      block = ledger.fund(address, plancks)
    } catch (error) {
      throw new HttpRefusal(400, /** @type {Error} */ (error).message)
    }
    log(`funded ${address} with ${plancks} plancks in block ${block.number}`)
    return block.hash
  }

  const server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders).end()
      return
    }
    const chunks = []
    let size = 0
    for await (const chunk of request) {
      size += chunk.length
      if (size > maxBodyBytes) {
        response.writeHead(413, corsHeaders).end()
        return
      }
      chunks.push(chunk)
    }
    const path = new URL(request.url ?? '/', 'http://polkadot').pathname
    try {
      if (request.method !== 'POST') throw new HttpRefusal(405, 'Only POST is answered')
      const json = answerHttp(path, Buffer.concat(chunks).toString())
      response
        .writeHead(200, { ...corsHeaders, 'content-type': 'application/json' })
        .end(JSON.stringify(json))
    } catch (error) {
      const [status, message] =
        error instanceof HttpRefusal ? [error.status, error.message] : [500, 'Internal error']
      if (status === 500) console.error('[polkadot]', error)
      response
        .writeHead(status, { ...corsHeaders, 'content-type': 'application/json' })
        .end(JSON.stringify({ code: status, message }))
    }
  })

  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => {
    /** @type {Map<string, () => void>} subscription id → its stop */
    const subscriptions = new Map()
    /** @type {Map<string, () => void>} block hash → what waits for its events to be read */
    const eventsReaders = new Map()
    /** @param {string} blockHash */
    const eventsRead = (blockHash) =>
      new Promise((resolve) => {
        const timer = setTimeout(done, finalityWaitMs)
        function done() {
          clearTimeout(timer)
          eventsReaders.delete(blockHash)
          resolve(undefined)
        }
        eventsReaders.set(blockHash, done)
      })
    let nextId = 0
    /** @param {unknown} message */
    const send = (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    }
    /** @type {import('./devPolkadot/rpc.mjs').Subscribe} */
    const subscribe = (event, start) => {
      nextId += 1
      const id = `airlock${nextId}`
      subscriptions.set(id, () => {})
      // The subscription's id is answered first; its notifications follow.
      setImmediate(() => {
        if (!subscriptions.has(id)) return
        const stop = start((result) => {
          if (subscriptions.has(id))
            send({ jsonrpc: '2.0', method: event, params: { subscription: id, result } })
        }, eventsRead)
        if (subscriptions.has(id) && stop) subscriptions.set(id, stop)
        else stop?.()
      })
      return id
    }
    /** @param {string} id */
    const unsubscribe = (id) => {
      const stop = subscriptions.get(id)
      subscriptions.delete(id)
      stop?.()
      return stop !== undefined
    }
    socket.on('message', (data) => {
      let request
      try {
        request = JSON.parse(data.toString())
      } catch {
        send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
        return
      }
      if (!quiet && process.env.POLKADOT_TRACE) log(`← ${request?.method}`)
      send(answer(request, subscribe, unsubscribe))
      const [key, at] = Array.isArray(request?.params) ? request.params : []
      if (request?.method === 'state_getStorage' && key === runtime.eventsKey)
        // Answers and notifications can reach the client in one read; the lag lets it act on the
        // events first, as a node's finality lags inclusion by seconds.
        setTimeout(() => eventsReaders.get(at)?.(), finalityLagMs)
    })
    socket.on('close', () => {
      for (const done of eventsReaders.values()) done()
      for (const stop of subscriptions.values()) stop()
      subscriptions.clear()
    })
  })

  const listening = await listenOnLoopback(server, port)
  const httpUrl = `http://127.0.0.1:${listening}`
  log(`Polkadot node JSON-RPC on ws://127.0.0.1:${listening} (genesis ${ledger.genesisHash})`)

  return {
    wsUrl: `ws://127.0.0.1:${listening}`,
    httpUrl,
    subscanUrl: httpUrl,
    genesisHash: ledger.genesisHash,
    ss58Format: chainProperties.ss58Format,
    /**
     * Adds `plancks` to an address's free balance in a new block; the block's hash.
     * @param {string} address @param {bigint} plancks
     */
    fund: (address, plancks) => fund(address, plancks),
    async close() {
      for (const socket of sockets.clients) socket.terminate()
      await new Promise((resolve) => sockets.close(() => resolve(undefined)))
      await closeHttpServer(server)
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await startDevPolkadot()
