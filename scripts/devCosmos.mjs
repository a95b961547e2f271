// A local stand-in of a Cosmos SDK chain (chain id airlock-local-1, prefix `cosmos`, fee denom
// uatom) for the modal's Cosmos account view and Send offline (issue 39): one HTTP server on
// loopback over an in-process ledger (devCosmos/ledger.mjs) that really checks the transactions
// posted to it, signatures included (SIGN_MODE_DIRECT and LEGACY_AMINO_JSON), and applies them.
// No Cosmos node installs from the registries here, so this stands in for a node's public APIs:
//
//   POST /rpc, /rpc/       CometBFT 0.38 JSON-RPC (what @cosmjs/stargate's clients call);
//   GET  /rpc/<method>?…   the same methods in CometBFT's URI form
//   GET  /cosmos/…         the REST API (gRPC gateway): balances, accounts, txs, node_info
//   POST /cosmos/tx/v1beta1/txs, /cosmos/tx/v1beta1/simulate
//   POST /dev/fund         {"address","amount"} (uatom) → {"txhash"} of a mined faucet send
//   POST /dev/mine         → {"height","hash"} of a new block holding the mempool
//
// Every answer allows any origin: browsers call a node's RPC and REST from the page. Alone:
// `node scripts/devCosmos.mjs` (COSMOS_PORT, default 8797; COSMOS_AUTOMINE=off to mine by hand).
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { chainId, minGasPriceText } from './devCosmos/chain.mjs'
import { cometRpcResult, RpcError, uriParams } from './devCosmos/cometRpc.mjs'
import { RestError } from './devCosmos/errors.mjs'
import { createLedger, FundRequestError } from './devCosmos/ledger.mjs'
import { restAnswer } from './devCosmos/rest.mjs'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

/** A transaction of the SDK's default largest size (1 MiB) in base64 and JSON, and some room. */
const maxBodyBytes = 2 * 1024 * 1024

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
}

/** /dev/fund's amount in uatom: a positive integer, as a number or a string. @param {unknown} amount */
function uatomOf(amount) {
  const text = typeof amount === 'number' && Number.isSafeInteger(amount) ? String(amount) : amount
  if (typeof text !== 'string' || !/^[1-9]\d*$/.test(text))
    throw new FundRequestError('amount must be a positive whole number of uatom')
  return BigInt(text)
}

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0 picks a free one; default env COSMOS_PORT, else
 * 8797). `automine` (default true) mines each accepted transaction into its own block at once;
 * false keeps them in the mempool until `mine()` or POST /dev/mine.
 * @param {{ port?: number, automine?: boolean, quiet?: boolean }} [options]
 */
export async function startDevCosmos({
  port = Number(process.env.COSMOS_PORT ?? 8797),
  automine = true,
  quiet = false,
} = {}) {
  const ledger = await createLedger()
  const log = (/** @type {string} */ line) => {
    if (!quiet) console.log(`[cosmos] ${line}`)
  }

  /** CheckTx, then a block at once when automining. @param {Uint8Array} bytes */
  async function broadcast(bytes) {
    const checked = await ledger.submit(bytes, { mine: automine })
    if (checked.result.code !== 0)
      log(`refused ${checked.hash}: code ${checked.result.code} ${checked.result.log}`)
    else log(`accepted ${checked.hash}${automine ? '' : ' into the mempool'}`)
    return checked
  }

  /** @param {string} address @param {bigint | number | string} uatom */
  async function fund(address, uatom) {
    const txhash = await ledger.fund(
      address,
      uatomOf(typeof uatom === 'bigint' ? String(uatom) : uatom),
    )
    log(`funded ${address} with ${uatom}uatom in ${txhash}`)
    return txhash
  }

  async function mine() {
    const block = await ledger.mine()
    log(`mined block ${block.height} with ${block.txs.length} txs`)
    return { height: block.height, hash: block.hash }
  }

  /** One JSON-RPC request object's response. @param {unknown} request */
  async function rpcResponse(request) {
    const { id = null, method, params } = /** @type {Record<string, unknown>} */ (request ?? {})
    if (typeof method !== 'string')
      return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request', data: '' } }
    try {
      const paramsObject =
        params && typeof params === 'object' && !Array.isArray(params)
          ? /** @type {Record<string, unknown>} */ (params)
          : {}
      return {
        jsonrpc: '2.0',
        id,
        result: await cometRpcResult(ledger, broadcast, method, paramsObject),
      }
    } catch (error) {
      if (!(error instanceof RpcError)) throw error
      return {
        jsonrpc: '2.0',
        id,
        error: { code: error.code, message: error.message, data: error.data },
      }
    }
  }

  /**
   * @param {string} method @param {URL} url @param {string} body
   * @returns {Promise<{ status?: number, json: unknown }>}
   */
  async function answer(method, url, body) {
    const path = url.pathname
    if (path === '/rpc' || path === '/rpc/') {
      if (method !== 'POST') return { json: await rpcResponse({ id: -1, method: 'health' }) }
      let request
      try {
        request = JSON.parse(body)
      } catch {
        return {
          json: {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32700, message: 'Parse error', data: '' },
          },
        }
      }
      if (Array.isArray(request))
        return { json: await Promise.all(request.map((one) => rpcResponse(one))) }
      return { json: await rpcResponse(request) }
    }
    const uri = /^\/rpc\/([a-z_]+)$/.exec(path)
    if (uri && method === 'GET')
      return {
        json: await rpcResponse({ id: -1, method: uri[1], params: uriParams(url.searchParams) }),
      }
    if (method === 'POST' && path === '/dev/fund') {
      let request
      try {
        request = JSON.parse(body)
      } catch {
        throw new FundRequestError('The body must be JSON: {"address","amount"}')
      }
      const { address, amount } = request ?? {}
      if (typeof address !== 'string')
        throw new FundRequestError('The body must be JSON: {"address","amount"}')
      return { json: { txhash: await fund(address, amount) } }
    }
    if (method === 'POST' && path === '/dev/mine') return { json: await mine() }
    const rest = await restAnswer(ledger, broadcast, method, url, body)
    if (rest !== undefined) return { json: rest }
    return { status: 501, json: { code: 12, message: 'Not Implemented', details: [] } }
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
    const url = new URL(request.url ?? '/', 'http://cosmos')
    /** @param {number} status @param {unknown} json */
    const send = (status, json) =>
      response
        .writeHead(status, { ...corsHeaders, 'content-type': 'application/json' })
        .end(JSON.stringify(json))
    try {
      const { status = 200, json } = await answer(
        request.method ?? 'GET',
        url,
        Buffer.concat(chunks).toString(),
      )
      send(status, json)
    } catch (error) {
      if (error instanceof RestError)
        send(error.httpStatus, { code: error.grpcCode, message: error.message, details: [] })
      else if (error instanceof FundRequestError) send(400, { error: error.message })
      else {
        console.error('[cosmos]', error)
        send(500, { code: 13, message: 'internal error', details: [] })
      }
    }
  })
  const listening = await listenOnLoopback(server, port)
  const base = `http://127.0.0.1:${listening}`
  log(
    `Cosmos chain ${chainId} on ${base} (RPC ${base}/rpc, REST ${base}), min gas price ${minGasPriceText}${automine ? '' : ', automine off'}; faucet ${ledger.faucetAddress}`,
  )

  return {
    /** The CometBFT JSON-RPC endpoint, for `StargateClient.connect`. */
    rpcUrl: `${base}/rpc`,
    /** The REST (LCD) API's base URL. */
    restUrl: base,
    chainId,
    /** Pays `uatom` from the faucet to `address` in a signed send, mined; its tx hash. */
    fund,
    /** Mines a block with the mempool's transactions; its height and hash. */
    mine,
    close: () => closeHttpServer(server),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await startDevCosmos({ automine: process.env.COSMOS_AUTOMINE !== 'off' })
