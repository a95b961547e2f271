// @ts-check
// A local Solana chain for development and tests: the Solana JSON-RPC (HTTP, batches too) and its
// WebSocket subscriptions on one port, over an in-process LiteSVM (the Solana runtime as a
// library; no validator exists on npm or apt). It answers the methods @solana/kit's
// createSolanaRpc / createSolanaRpcSubscriptions and @solana/web3.js v1 use for balances, SPL
// tokens and sending transactions, in the real RPC's response shapes, so wallets and the modal
// talk to it as to a devnet. The browser modal calls it from another origin: CORS is open.
//
// The runtime's bookkeeping lives in solanaRpc/chainState.mjs, the methods by group in
// solanaRpc/*Methods.mjs, the subscriptions in solanaRpc/subscriptions.mjs.
//
//   node devchain/solanaRpc.mjs [port]   (default 8899) runs one, seeded, until Ctrl-C
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'
import { seedSolanaDev } from './solanaDev.mjs'
import { createChainState } from './solanaRpc/chainState.mjs'
import { answerHttpBody } from './solanaRpc/httpRequests.mjs'
import { answerSocketMessage } from './solanaRpc/subscriptions.mjs'

/**
 * Starts the RPC on `host:port` (port 0 picks a free one) over a fresh LiteSVM, seeded with the
 * dev accounts and sUSD (devchain/solanaDev.mjs) unless `seed` is false.
 * @param {{ port?: number, host?: string, seed?: boolean }} [options]
 * @returns {Promise<{ url: string, wsUrl: string, port: number, svm: LiteSVM, stop(): Promise<void> }>}
 * @example
 * const chain = await startSolanaRpc({ port: 0 })
 * const rpc = createSolanaRpc(chain.url)
 * const rpcSubscriptions = createSolanaRpcSubscriptions(chain.wsUrl)
 * await chain.stop()
 */
export async function startSolanaRpc({ port = 8899, host = '127.0.0.1', seed = true } = {}) {
  const svm = new LiteSVM().withBlockhashCheck(false)
  // LiteSVM's clock starts at a mainnet-like slot; a fresh local cluster starts near 0.
  svm.warpToSlot(1n)
  if (seed) await seedSolanaDev(svm)
  const chain = createChainState(svm)
  if (seed) chain.advanceSlot()

  const server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      'access-control-max-age': '86400',
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    if (request.method === 'GET' && request.url === '/health') {
      response.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { ...cors, allow: 'POST, GET, OPTIONS' }).end()
      return
    }
    /** @type {Buffer[]} */
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = answerHttpBody(chain, Buffer.concat(chunks).toString('utf8'))
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(body)
    })
  })

  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const reply = answerSocketMessage(chain, socket, raw.toString())
      if (reply !== undefined) socket.send(reply)
    })
    socket.on('close', () => chain.dropSubscriptions(socket))
  })

  // Idle connections stay until the client closes them: a server closing one after Node's 5 s
  // races a client sending on it (fetch fails with "other side closed" on a busy machine).
  server.keepAliveTimeout = 0
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(undefined))
  })
  const address = server.address()
  const boundPort = typeof address === 'object' && address ? address.port : port

  return {
    url: `http://${host}:${boundPort}`,
    wsUrl: `ws://${host}:${boundPort}`,
    port: boundPort,
    svm,
    async stop() {
      for (const client of sockets.clients) client.terminate()
      await new Promise((resolve) => sockets.close(() => resolve(undefined)))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(() => resolve(undefined)))
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const chain = await startSolanaRpc({ port: Number(process.argv[2] ?? 8899) })
  console.log(`solana rpc: ${chain.url} (ws ${chain.wsUrl})`)
}
