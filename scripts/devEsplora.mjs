// A local stand-in of an Esplora API (the REST API Blockstream and mempool.space serve) for
// Bitcoin regtest, so the modal's Bitcoin account view and Send work offline (issue 38): an HTTP
// server on loopback over an in-process ledger (devEsplora/ledger.mjs) that really validates the
// transactions posted to it, their signatures included, and applies them. No Bitcoin node can be
// installed from the registries here, so this stands in for bitcoind plus electrs.
//
//   GET  /blocks/tip/height, /blocks/tip/hash, /fee-estimates
//   GET  /address/:address, /address/:address/utxo, /address/:address/txs (…/txs/mempool,
//        …/txs/chain[/:last_seen_txid])
//   GET  /tx/:txid, /tx/:txid/hex, /tx/:txid/status
//   POST /tx                 raw transaction hex → txid; a refusal is a 400 with bitcoind's reason
//   POST /dev/fund           {"address","sats"} → the txid of a mined coinbase-like payment
//   POST /dev/mine           → the hash of a new block holding the mempool
//
// Every answer allows any origin: browsers call Esplora from the page. Alone:
// `node scripts/devEsplora.mjs` (ESPLORA_PORT, default 8796; ESPLORA_AUTOMINE=off to mine by hand).
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { EsploraError, LedgerRefusal } from './devEsplora/errors.mjs'
import { createLedger } from './devEsplora/ledger.mjs'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

/**
 * Fee rates (sat/vB) by confirmation target in blocks, at Esplora's targets: a busy but ordinary
 * mempool, so slow, normal and fast differ.
 */
export const defaultFeeEstimates = Object.freeze({
  1: 25.3,
  2: 20.1,
  3: 15.2,
  4: 12.4,
  5: 10.8,
  6: 9.6,
  10: 6.5,
  20: 4.1,
  25: 3.7,
  144: 2.0,
  504: 1.2,
  1008: 1.0,
})

/**
 * A path segment decoded; a 400 with `refusal` when it is not valid percent-encoding.
 * @param {string | undefined} segment @param {string} refusal
 */
function pathPart(segment, refusal) {
  try {
    return decodeURIComponent(segment ?? '')
  } catch {
    throw new EsploraError(400, refusal)
  }
}

/** A raw transaction of bitcoind's largest standard weight, in hex, and some room. */
const maxBodyBytes = 1024 * 1024

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0 picks a free one; default env ESPLORA_PORT, else
 * 8796). `automine` (default true) mines each accepted transaction into a block at once; false
 * keeps them in the mempool until `mine()` or POST /dev/mine. `feeEstimates` replaces the
 * /fee-estimates map; `minFeeRate` is the minimum relay fee rate in sat/vB (default 1).
 * @param {{ port?: number, automine?: boolean, feeEstimates?: Record<string, number>, minFeeRate?: number, quiet?: boolean }} [options]
 */
export async function startDevEsplora({
  port = Number(process.env.ESPLORA_PORT ?? 8796),
  automine = true,
  feeEstimates = defaultFeeEstimates,
  minFeeRate = 1,
  quiet = false,
} = {}) {
  for (const [target, rate] of Object.entries(feeEstimates))
    if (!/^[1-9]\d*$/.test(target) || !(Number.isFinite(rate) && rate > 0))
      throw new Error(`feeEstimates: ${target} → ${rate} is not a block target and a sat/vB rate`)
  if (!(Number.isFinite(minFeeRate) && minFeeRate >= 0))
    throw new Error('minFeeRate must be a sat/vB rate of zero or more')
  const ledger = createLedger({ minFeeRate })
  const log = (/** @type {string} */ line) => {
    if (!quiet) console.log(`[esplora] ${line}`)
  }

  /** @param {string} hex */
  function broadcast(hex) {
    const txid = ledger.submit(hex)
    log(`accepted ${txid}${automine ? '' : ' into the mempool'}`)
    if (automine) ledger.mine()
    return txid
  }

  /** @param {string} address @param {number} sats */
  function fund(address, sats) {
    const txid = ledger.fund(address, sats)
    log(`funded ${address} with ${sats} sats in ${txid}`)
    return txid
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {string} body
   * @returns {{ status?: number, json?: unknown, text?: string }}
   */
  function answer(method, path, body) {
    if (method === 'GET') {
      if (path === '/blocks/tip/height') return { text: String(ledger.tip().height) }
      if (path === '/blocks/tip/hash') return { text: ledger.tip().hash }
      if (path === '/fee-estimates') return { json: feeEstimates }
      const address =
        /^\/address\/([^/]+)(\/utxo|\/txs|\/txs\/mempool|\/txs\/chain(?:\/([^/]+))?)?$/.exec(path)
      if (address) {
        const found = ledger.address(pathPart(address[1], 'Invalid Bitcoin address'))
        const view = address[2] ?? ''
        if (view === '/utxo') return { json: found.utxo() }
        if (view === '/txs') return { json: found.txs() }
        if (view === '/txs/mempool') return { json: found.mempoolTxs() }
        if (view.startsWith('/txs/chain'))
          return {
            json: found.chainTxs(
              address[3] === undefined ? undefined : pathPart(address[3], 'Invalid hex string'),
            ),
          }
        return { json: found.info() }
      }
      const tx = /^\/tx\/([^/]+)(\/hex|\/status)?$/.exec(path)
      if (tx) {
        const found = ledger.transaction(pathPart(tx[1], 'Invalid hex string'))
        if (tx[2] === '/hex') return { text: found.hex() }
        if (tx[2] === '/status') return { json: found.status() }
        return { json: found.json() }
      }
    }
    if (method === 'POST') {
      if (path === '/tx') return { text: broadcast(body.trim()) }
      if (path === '/dev/mine') {
        const hash = ledger.mine()
        log(`mined block ${ledger.tip().height} ${hash}`)
        return { text: hash }
      }
      if (path === '/dev/fund') {
        /** @type {{ address?: unknown, sats?: unknown }} */
        let request
        try {
          request = JSON.parse(body)
        } catch {
          throw new EsploraError(400, 'The body must be JSON: {"address","sats"}')
        }
        const { address, sats } = request ?? {}
        if (typeof address !== 'string' || typeof sats !== 'number')
          throw new EsploraError(400, 'The body must be JSON: {"address","sats"}')
        return { text: fund(address, sats) }
      }
    }
    return { status: 404, text: 'Not found' }
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
    const path = new URL(request.url ?? '/', 'http://esplora').pathname
    try {
      const {
        status = 200,
        json,
        text,
      } = answer(request.method ?? 'GET', path, Buffer.concat(chunks).toString())
      if (json !== undefined)
        response
          .writeHead(status, { ...corsHeaders, 'content-type': 'application/json' })
          .end(JSON.stringify(json))
      else
        response.writeHead(status, { ...corsHeaders, 'content-type': 'text/plain' }).end(text ?? '')
    } catch (error) {
      // Esplora relays bitcoind's refusal of a broadcast as a 400 with the RPC error in its text.
      const [status, text] =
        error instanceof LedgerRefusal
          ? [
              400,
              `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`,
            ]
          : error instanceof EsploraError
            ? [error.status, error.message]
            : [500, 'Internal error']
      if (status === 500) console.error('[esplora]', error)
      if (error instanceof LedgerRefusal) log(`refused a transaction: ${error.message}`)
      response.writeHead(status, { ...corsHeaders, 'content-type': 'text/plain' }).end(text)
    }
  })
  const listening = await listenOnLoopback(server, port)
  const url = `http://127.0.0.1:${listening}`
  log(`Esplora API (regtest) on ${url}${automine ? '' : ', automine off'}`)

  return {
    url,
    /**
     * Pays `sats` to the regtest `address` in a coinbase-like transaction, mined; its txid.
     * @param {string} address @param {number} sats
     */
    fund,
    /** Mines a block with the mempool's transactions; its hash. */
    mine: () => ledger.mine(),
    close: () => closeHttpServer(server),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await startDevEsplora({ automine: process.env.ESPLORA_AUTOMINE !== 'off' })
