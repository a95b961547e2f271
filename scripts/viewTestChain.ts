/**
 * Vitest global set-up of the modal's view tests: a real anvil and the local Solana RPC
 * (devchain/solanaRpc.mjs, seeded) on free loopback ports for the views that read a chain
 * themselves (the approval screen's simulation), and two RPCs around anvil
 * for the cases a view must survive: one that answers as a node without `eth_simulateV1` does
 * (the method unknown, the rest passed to anvil), and one that never answers. Their URLs reach
 * the tests through `inject('viewTestChain')` (apps/modal/src/test/chain.ts). Anvil allows any
 * origin (CORS), as the test page's is not the RPC's; the two stand-ins say so as well.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'
import { startSolanaRpc } from '../devchain/solanaRpc.mjs'

export type ViewTestChain = {
  rpcUrl: string
  noSimulateRpcUrl: string
  silentRpcUrl: string
  solanaRpcUrl: string
}

declare module 'vitest' {
  interface ProvidedContext {
    viewTestChain: ViewTestChain
  }
}

const anvilBinary = new URL('../node_modules/.bin/anvil', import.meta.url).pathname

/** Listens on a free loopback port; resolves to it. */
function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

/** Closes a server now, its kept-alive (or never answered) connections too. */
function closeNow(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** A free loopback port, found by listening on 0 and closing again. */
async function freePort() {
  const server = createServer()
  const port = await listenOnLoopback(server)
  await closeNow(server)
  return port
}

async function startAnvil(): Promise<{ rpcUrl: string; child: ChildProcess }> {
  const port = await freePort()
  const rpcUrl = `http://127.0.0.1:${port}`
  const child = spawn(anvilBinary, ['--host', '127.0.0.1', '--port', String(port), '--silent'], {
    stdio: 'ignore',
  })
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`)
    const answered = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    }).catch(() => undefined)
    if (answered?.ok) return { rpcUrl, child }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('anvil did not answer within 10 s')
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function allowAnyOrigin(response: ServerResponse) {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-headers', 'content-type')
  response.setHeader('access-control-allow-methods', 'POST, OPTIONS')
}

async function bodyOf(request: IncomingMessage) {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

export default async function setup(project: TestProject) {
  const [anvil, solana] = await Promise.all([startAnvil(), startSolanaRpc({ port: 0 })])
  // A node without eth_simulateV1: the method is unknown (-32601); everything else is anvil's.
  const noSimulate = createServer(async (request, response) => {
    allowAnyOrigin(response)
    if (request.method === 'OPTIONS') return response.end()
    const body = await bodyOf(request)
    response.setHeader('content-type', 'application/json')
    const { id, method } = JSON.parse(body) as { id: number; method: string }
    if (method === 'eth_simulateV1')
      return response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: {
            code: -32601,
            message: 'the method eth_simulateV1 does not exist/is not available',
          },
        }),
      )
    const answered = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    response.end(await answered.text())
  })
  // Takes every request and answers none.
  const silent = createServer(() => undefined)
  const noSimulatePort = await listenOnLoopback(noSimulate)
  const silentPort = await listenOnLoopback(silent)
  project.provide('viewTestChain', {
    rpcUrl: anvil.rpcUrl,
    noSimulateRpcUrl: `http://127.0.0.1:${noSimulatePort}`,
    silentRpcUrl: `http://127.0.0.1:${silentPort}`,
    solanaRpcUrl: solana.url,
  })
  return async () => {
    await Promise.all([closeNow(noSimulate), closeNow(silent), solana.stop()])
    await new Promise<void>((resolve) => {
      if (anvil.child.exitCode !== null || anvil.child.signalCode !== null) return resolve()
      anvil.child.once('exit', () => resolve())
      anvil.child.kill('SIGTERM')
    })
  }
}
