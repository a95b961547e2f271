// The dev chain's paymaster web service: the ERC-7677 JSON-RPC API (pm_getPaymasterStubData,
// pm_getPaymasterData) a wallet asks before it sends a sponsored user operation, standing in at
// the HTTP layer for a third-party service (Pimlico, Alchemy, Coinbase). Those check a policy and
// sign paymasterData; here every user operation for EntryPoint v0.8 on the dev chain (31337) gets
// DevPaymaster (accountAbstraction.mjs), which sponsors everything without a signature, so the
// answer is always the same. The sponsorship itself is real: DevPaymaster's EntryPoint deposit
// pays for the gas on the chain. Listens on 127.0.0.1 only; open CORS, as the hosted services
// have, so a wallet in a browser can call it.
import { createServer } from 'node:http'
import { isAddress, isAddressEqual } from 'viem'
import { devPaymasterAddress, entryPointAddress } from './accountAbstraction.mjs'

/** The one chain it sponsors on: anvil's 31337, as ERC-7677 sends it. */
const devChainId = '0x7a69'

/** JSON-RPC 2.0's error codes this service answers with. */
const errorCodes = /** @type {const} */ ({
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
})

/** Requests larger than this are refused unread: a user operation is a few KiB. */
const maxBodyBytes = 1024 * 1024

/**
 * DevPaymaster's fields for every user operation. Its validation returns at once, well within
 * 0x10000 gas; it returns no context, so the EntryPoint runs no postOp and needs no gas for it.
 */
const sponsorship = {
  paymaster: devPaymasterAddress,
  paymasterData: '0x',
  paymasterVerificationGasLimit: '0x10000',
  paymasterPostOpGasLimit: '0x0',
}

/**
 * What each method answers. The stub is the final data already, but it does not say `isFinal`,
 * as the hosted services' stubs do not, so a wallet goes through both calls here as it would
 * there.
 * @type {Record<string, { answer: typeof sponsorship, logs: boolean }>}
 */
const methods = {
  pm_getPaymasterStubData: { answer: sponsorship, logs: false },
  pm_getPaymasterData: { answer: sponsorship, logs: true },
}

/**
 * @typedef {{ code: number, message: string }} RpcError
 * @typedef {string | number | null} RpcId
 * @typedef {{ jsonrpc: '2.0', id: RpcId, result: unknown } | { jsonrpc: '2.0', id: RpcId, error: RpcError }} RpcResponse
 * @typedef {(value: unknown) => string | undefined} FieldCheck  What is wrong with the value, or undefined.
 */

/**
 * Starts the paymaster service on 127.0.0.1:`port` (0, the default, picks a free port).
 * `quiet` leaves out the line it prints per sponsored user operation and per refusal.
 *
 * @param {{ port?: number, quiet?: boolean }} [options]
 * @returns {Promise<{ url: string, port: number, stop(): Promise<void> }>}
 * @example
 * const paymaster = await startPaymasterService({ port: 0 })
 * const bundlerClient = createBundlerClient({
 *   client, transport: http(bundlerUrl),
 *   paymaster: createPaymasterClient({ transport: http(paymaster.url) }),
 * })
 */
export async function startPaymasterService({ port = 0, quiet = false } = {}) {
  /** @param {string} line */
  const log = (line) => {
    if (!quiet) process.stdout.write(`[paymaster] ${line}\n`)
  }
  const server = createServer((request, response) => {
    handleHttp(request, response, log).catch((error) => {
      // Never thrown out of the handler: a bug here answers 500 instead of taking the stack down.
      log(`internal error: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent)
        send(response, 500, {
          jsonrpc: '2.0',
          id: null,
          error: { code: errorCodes.internalError, message: 'Internal error' },
        })
      else response.destroy()
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE'
          ? new Error(`startPaymasterService: port ${port} is in use on 127.0.0.1; pick another.`)
          : error,
      ),
    )
    server.listen(port, '127.0.0.1', () => resolve(undefined))
  })
  const address = server.address()
  if (typeof address !== 'object' || address === null)
    throw new Error('startPaymasterService: the server has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {(line: string) => void} log
 */
async function handleHttp(request, response, log) {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
  if (path === '/health' && (request.method === 'GET' || request.method === 'HEAD'))
    return send(response, 200, { status: 'ok' })
  if (path !== '/') return send(response, 404, { error: `no ${path} here; POST / or GET /health` })
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      ...corsHeaders,
      'access-control-allow-methods': 'POST, GET, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    })
    return response.end()
  }
  if (request.method !== 'POST') {
    response.setHeader('allow', 'POST, OPTIONS')
    return send(response, 405, { error: 'POST a JSON-RPC 2.0 request to /' })
  }

  const body = await readBody(request)
  // The client hung up mid-request: nobody to answer.
  if (body === 'aborted') return
  if (body === 'too large')
    return send(
      response,
      413,
      rpcError(
        null,
        errorCodes.invalidRequest,
        `Invalid Request: larger than ${maxBodyBytes} bytes`,
      ),
    )
  /** @type {unknown} */
  let payload
  try {
    payload = JSON.parse(body.text)
  } catch {
    return send(response, 200, rpcError(null, errorCodes.parseError, 'Parse error: not JSON'))
  }
  if (Array.isArray(payload)) {
    if (payload.length === 0)
      return send(
        response,
        200,
        rpcError(null, errorCodes.invalidRequest, 'Invalid Request: empty batch'),
      )
    const answers = payload.map((item) => answer(item, log)).filter((item) => item !== undefined)
    if (answers.length === 0) return send(response, 204)
    return send(response, 200, answers)
  }
  const single = answer(payload, log)
  return single === undefined ? send(response, 204) : send(response, 200, single)
}

/**
 * The response to one JSON-RPC request, or undefined for a valid notification (no `id`), which
 * JSON-RPC 2.0 answers with nothing.
 *
 * @param {unknown} payload
 * @param {(line: string) => void} log
 * @returns {RpcResponse | undefined}
 */
function answer(payload, log) {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return rpcError(
      null,
      errorCodes.invalidRequest,
      'Invalid Request: not a JSON-RPC request object',
    )
  const { jsonrpc, id, method, params } = /** @type {Record<string, unknown>} */ (payload)
  const isNotification = !('id' in payload)
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number')
    return rpcError(
      null,
      errorCodes.invalidRequest,
      'Invalid Request: id must be a string or number',
    )
  const replyId = /** @type {RpcId} */ (id ?? null)
  if (jsonrpc !== '2.0')
    return rpcError(replyId, errorCodes.invalidRequest, 'Invalid Request: jsonrpc must be "2.0"')
  if (typeof method !== 'string')
    return rpcError(replyId, errorCodes.invalidRequest, 'Invalid Request: method must be a string')

  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
  /** @type {RpcResponse} */
  let response
  if (handler === undefined)
    response = rpcError(
      replyId,
      errorCodes.methodNotFound,
      `Method not found: ${method}. This paymaster service answers ${Object.keys(methods).join(' and ')}.`,
    )
  else {
    const problem = paramsProblem(params)
    if (problem !== undefined) {
      log(`refused ${method}: ${problem}`)
      response = rpcError(replyId, errorCodes.invalidParams, `Invalid params: ${problem}`)
    } else {
      if (handler.logs) {
        const [userOperation] = /** @type {[{ sender: string, nonce: string }]} */ (params)
        log(
          `sponsoring the user operation of ${userOperation.sender}, nonce ${userOperation.nonce}`,
        )
      }
      response = { jsonrpc: '2.0', id: replyId, result: { ...handler.answer } }
    }
  }
  return isNotification ? undefined : response
}

/**
 * What is wrong with ERC-7677's `[userOperation, entryPoint, chainId, context]`, or undefined.
 * @param {unknown} params
 * @returns {string | undefined}
 */
function paramsProblem(params) {
  if (!Array.isArray(params) || params.length < 3 || params.length > 4)
    return 'expected [userOperation, entryPoint, chainId, context]'
  const [userOperation, entryPoint, chainId, context] = params
  if (typeof entryPoint !== 'string' || !isAddress(entryPoint, { strict: false }))
    return 'entryPoint must be an address'
  if (!isAddressEqual(entryPoint, entryPointAddress))
    return `EntryPoint ${entryPoint} is not supported; this paymaster sponsors for EntryPoint v0.8 (${entryPointAddress}) only`
  if (typeof chainId !== 'string' || !isQuantity(chainId))
    return 'chainId must be a hex quantity, such as "0x7a69"'
  if (BigInt(chainId) !== BigInt(devChainId))
    return `chain ${chainId} is not supported; this paymaster sponsors on the dev chain (${devChainId}, 31337) only`
  if (
    context !== undefined &&
    context !== null &&
    (typeof context !== 'object' || Array.isArray(context))
  )
    return 'context must be an object or null'
  return userOperationProblem(userOperation)
}

/** @type {FieldCheck} */
const address = (value) =>
  typeof value === 'string' && isAddress(value, { strict: false }) ? undefined : 'an address'
/** @type {(bits: number) => FieldCheck} */
const quantity = (bits) => (value) =>
  typeof value === 'string' && isQuantity(value) && BigInt(value) < 2n ** BigInt(bits)
    ? undefined
    : `a hex quantity below 2^${bits}`
/** @type {FieldCheck} */
const bytes = (value) =>
  typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value) ? undefined : 'hex bytes'
/** @type {FieldCheck} */
const object = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'an object'
/**
 * A factory, or EIP-7702's `0x7702` marker in its place (an EOA delegating to an account).
 * @type {FieldCheck}
 */
const factory = (value) =>
  value === null || (typeof value === 'string' && /^0x7702(00)*$/.test(value))
    ? undefined
    : address(value)

/**
 * An EntryPoint v0.7 / v0.8 user operation as ERC-4337's JSON-RPC sends it (unpacked). Gas and
 * fee fields are packed into 128 bits on chain. Other fields are let through, so that a newer
 * client's additions do not break it.
 * @type {Record<string, { check: FieldCheck, required: boolean }>}
 */
const userOperationFields = {
  sender: { check: address, required: true },
  nonce: { check: quantity(256), required: true },
  callData: { check: bytes, required: true },
  factory: { check: factory, required: false },
  factoryData: { check: bytes, required: false },
  callGasLimit: { check: quantity(128), required: false },
  verificationGasLimit: { check: quantity(128), required: false },
  preVerificationGas: { check: quantity(256), required: false },
  maxFeePerGas: { check: quantity(128), required: false },
  maxPriorityFeePerGas: { check: quantity(128), required: false },
  paymaster: { check: address, required: false },
  paymasterVerificationGasLimit: { check: quantity(128), required: false },
  paymasterPostOpGasLimit: { check: quantity(128), required: false },
  paymasterData: { check: bytes, required: false },
  signature: { check: bytes, required: false },
  eip7702Auth: { check: object, required: false },
}

/**
 * @param {unknown} userOperation
 * @returns {string | undefined}
 */
function userOperationProblem(userOperation) {
  if (object(userOperation) !== undefined) return 'userOperation must be an object'
  const fields = /** @type {Record<string, unknown>} */ (userOperation)
  for (const v06Field of ['initCode', 'paymasterAndData'])
    if (v06Field in fields)
      return `userOperation has ${v06Field}, an EntryPoint v0.6 field; send a v0.8 user operation (factory and factoryData, paymaster and paymasterData)`
  for (const [name, { check, required }] of Object.entries(userOperationFields)) {
    const value = fields[name]
    if (value === undefined) {
      if (required) return `userOperation.${name} is missing`
      continue
    }
    const expected = check(value)
    if (expected !== undefined) return `userOperation.${name} must be ${expected}`
  }
  return undefined
}

/** @param {string} value */
function isQuantity(value) {
  return /^0x[0-9a-fA-F]{1,64}$/.test(value)
}

/**
 * @param {RpcId} id
 * @param {number} code
 * @param {string} message
 * @returns {RpcResponse}
 */
function rpcError(id, code, message) {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

const corsHeaders = { 'access-control-allow-origin': '*' }

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} [body]
 */
function send(response, status, body) {
  if (body === undefined) {
    response.writeHead(status, corsHeaders)
    response.end()
    return
  }
  const text = JSON.stringify(body)
  response.writeHead(status, {
    ...corsHeaders,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  response.end(text)
}

/**
 * The request body as text; 'too large' past maxBodyBytes (the rest is drained unkept);
 * 'aborted' when the client hung up first.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<{ text: string } | 'too large' | 'aborted'>}
 */
function readBody(request) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    request.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length
      if (size <= maxBodyBytes) chunks.push(chunk)
    })
    request.on('end', () =>
      resolve(size > maxBodyBytes ? 'too large' : { text: Buffer.concat(chunks).toString('utf8') }),
    )
    // After 'end' this changes nothing: a promise settles once.
    request.on('close', () => resolve('aborted'))
    request.on('error', () => resolve('aborted'))
  })
}
