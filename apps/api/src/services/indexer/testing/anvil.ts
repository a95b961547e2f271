/**
 * Test parts for the indexer: a real anvil on a free loopback port (the binary from the
 * `@foundry-rs/anvil` package), and a JSON-RPC proxy that records which methods were called.
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { Kysely } from 'kysely'
import type { Hex } from 'viem'
import { freePort } from '../../../../test/ports'
import { repoRoot } from '../../../repoRoot'
import type { Database } from '../../../storage/storage'

export { freePort }

export type Anvil = {
  rpcUrl: string
  request<result>(method: string, params?: unknown[]): Promise<result>
  /** `evm_snapshot`: an id to `revert` to. */
  snapshot(): Promise<Hex>
  /** `evm_revert`: the chain goes back to the snapshot; later blocks are gone. */
  revert(id: Hex): Promise<void>
  mine(blocks?: number): Promise<void>
  /**
   * Waits for `hash`'s receipt by asking for it until anvil has it. Not viem's
   * `waitForTransactionReceipt`: that asks again only on a new block, and anvil (automine) can
   * report the block before its receipts, then mine nothing more (foundry-rs/foundry#10944).
   */
  minedReceipt(hash: Hex): Promise<{ status: Hex; blockNumber: Hex }>
  stop(): Promise<void>
}

export async function startAnvil(): Promise<Anvil> {
  const port = await freePort()
  const rpcUrl = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(
    `${repoRoot}node_modules/.bin/anvil`,
    ['--host', '127.0.0.1', '--port', String(port), '--silent'],
    { stdio: 'ignore' },
  )
  let id = 0
  const request = async <result>(method: string, params: unknown[] = []): Promise<result> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    })
    const body = (await response.json()) as { result?: result; error?: { message: string } }
    if (body.error !== undefined) throw new Error(`${method}: ${body.error.message}`)
    return body.result as result
  }
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`)
    try {
      await request('eth_chainId')
      break
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    rpcUrl,
    request,
    snapshot: () => request<Hex>('evm_snapshot'),
    async revert(snapshot) {
      if (!(await request<boolean>('evm_revert', [snapshot])))
        throw new Error(`evm_revert ${snapshot} failed`)
    },
    async mine(blocks = 1) {
      await request('anvil_mine', [`0x${blocks.toString(16)}`])
    },
    async minedReceipt(hash) {
      for (;;) {
        const receipt = await request<{ status: Hex; blockNumber: Hex } | null>(
          'eth_getTransactionReceipt',
          [hash],
        )
        if (receipt) return receipt
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export type RpcRecorder = {
  url: string
  /** How many times `method` was called through the proxy (batched calls count one each). */
  count(method: string): number
  reset(): void
  close(): Promise<void>
}

/**
 * A pass-through proxy to `target` that counts JSON-RPC methods. The methods in `without` are
 * answered as a node that doesn't have them (-32601), as many providers answer `debug_*`.
 */
export async function startRpcRecorder(
  target: string,
  { without = [] }: { without?: readonly string[] } = {},
): Promise<RpcRecorder> {
  const counts = new Map<string, number>()
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const parsed = JSON.parse(body) as
      | { id: unknown; method: string }
      | { id: unknown; method: string }[]
    for (const { method } of Array.isArray(parsed) ? parsed : [parsed])
      counts.set(method, (counts.get(method) ?? 0) + 1)
    if (!Array.isArray(parsed) && without.includes(parsed.method)) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: parsed.id,
          error: { code: -32601, message: `the method ${parsed.method} does not exist` },
        }),
      )
      return
    }
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    response.writeHead(upstream.status, { 'content-type': 'application/json' })
    response.end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    count: (method) => counts.get(method) ?? 0,
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The indexer's tables hold nothing (the shared fixtures empty only their own tables). */
export async function clearIndexerTables(db: Kysely<Database>): Promise<void> {
  for (const table of [
    'indexer_cursors',
    'indexer_blocks',
    'indexer_leases',
    'indexer_transfers',
    'indexer_tokens',
    'indexer_nfts',
    'spam_contracts',
  ] as const)
    await db.deleteFrom(table).execute()
}
