// The chain's CometBFT 0.38 JSON-RPC, in the shapes a CometBFT 0.38 node answers (cosmjs's
// connectComet picks its client by `status`'s node_info.version): status, abci_info, abci_query
// (the auth, bank and tx-service gRPC paths, protobuf in and out), broadcast_tx_sync (and _async),
// tx, tx_search, block, blockchain, health. Errors are JSON-RPC errors as CometBFT words them.
import { sha256 } from '@cosmjs/crypto'
import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding'
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { addressProblem } from './addresses.mjs'
import { chainId, versions } from './chain.mjs'
import { isValidDenom } from './coins.mjs'
import { SdkError, sdkErrors } from './errors.mjs'
import { TxInCacheError } from './ledger.mjs'
import { TxQueryError } from './txQuery.mjs'

/** @typedef {Awaited<ReturnType<typeof import('./ledger.mjs').createLedger>>} Ledger */
/** @typedef {import('./ledger.mjs').TxRecord} TxRecord */
/** @typedef {import('./ledger.mjs').Block} Block */
/** @typedef {import('./runTx.mjs').TxResult} TxResult */

/** A JSON-RPC error as CometBFT answers one: code, message and the reason in `data`. */
export class RpcError extends Error {
  /** @param {number} code @param {string} message @param {string} data */
  constructor(code, message, data) {
    super(message)
    this.name = 'RpcError'
    this.code = code
    this.data = data
  }
}
const invalidParams = (/** @type {string} */ data) => new RpcError(-32602, 'Invalid params', data)
const internalError = (/** @type {string} */ data) => new RpcError(-32603, 'Internal error', data)

/** The validator's made-up but fixed identity. */
const validatorAddress = 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678'
const validatorPubKey = toBase64(new Uint8Array(32).fill(7))
const nodeId = 'aa11bb22cc33dd44ee55ff6600778899aabbccdd'

/** RFC 3339 with nanoseconds, as CometBFT prints times. @param {Date} time */
export const cometTime = (time) => time.toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z')

/** A tx result's JSON: CometBFT's ExecTxResult (and CheckTx's) shape. @param {TxResult} result */
export function txResultJson(result) {
  return {
    code: result.code,
    data: result.data.length > 0 ? toBase64(result.data) : null,
    log: result.log,
    info: '',
    gas_wanted: result.gasWanted.toString(),
    gas_used: result.gasUsed.toString(),
    events: result.events.map(({ type, attributes }) => ({
      type,
      attributes: attributes.map(({ key, value }) => ({ key, value, index: true })),
    })),
    codespace: result.codespace,
  }
}

/** @param {TxRecord} record */
const txJson = (record) => ({
  hash: record.hash,
  height: String(record.height),
  index: record.index,
  tx_result: txResultJson(record.result),
  tx: toBase64(record.bytes),
})

/** @param {Block | undefined} block */
const blockId = (block) => ({
  hash: block?.hash ?? '',
  parts: { total: block ? 1 : 0, hash: block ? block.dataHash : '' },
})

/** @param {Ledger} ledger @param {Block} block */
function blockJson(ledger, block) {
  const previous = ledger.block(block.height - 1)
  return {
    block_id: blockId(block),
    block: {
      header: {
        version: { block: '11', app: '0' },
        chain_id: chainId,
        height: String(block.height),
        time: cometTime(block.time),
        last_block_id: blockId(previous),
        last_commit_hash: previous ? previous.hash : '',
        data_hash: block.dataHash,
        validators_hash: validatorAddress.padEnd(64, '0'),
        next_validators_hash: validatorAddress.padEnd(64, '0'),
        consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
        app_hash: previous ? previous.appHash : '',
        last_results_hash: '',
        evidence_hash: '',
        proposer_address: validatorAddress,
      },
      data: { txs: block.txs.map((tx) => toBase64(tx)) },
      evidence: { evidence: [] },
      last_commit: {
        height: String(Math.max(block.height - 1, 0)),
        round: 0,
        block_id: blockId(previous),
        signatures: [],
      },
    },
  }
}

/** @param {Ledger} ledger */
function statusJson(ledger) {
  const tip = ledger.tip()
  const earliest = ledger.earliest()
  return {
    node_info: {
      protocol_version: { p2p: '8', block: '11', app: '0' },
      id: nodeId,
      listen_addr: 'tcp://127.0.0.1:26656',
      network: chainId,
      version: versions.comet,
      channels: '40202122233038606100',
      moniker: versions.moniker,
      other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
    },
    sync_info: {
      latest_block_hash: tip.hash,
      latest_app_hash: tip.appHash,
      latest_block_height: String(tip.height),
      latest_block_time: cometTime(tip.time),
      earliest_block_hash: earliest.hash,
      earliest_app_hash: earliest.appHash,
      earliest_block_height: String(earliest.height),
      earliest_block_time: cometTime(earliest.time),
      catching_up: false,
    },
    validator_info: {
      address: validatorAddress,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: validatorPubKey },
      voting_power: '10',
    },
  }
}

/**
 * The bytes a simulation runs: `tx_bytes`, or the deprecated decoded `tx` encoded again.
 * @param {SimulateRequest} request
 */
export function simulatedTxBytes(request) {
  if (request.txBytes.length > 0) return request.txBytes
  if (!request.tx) throw new SdkError(sdkErrors.invalidRequest, 'empty txBytes is not allowed')
  return TxRaw.encode({
    bodyBytes: TxBody.encode(request.tx.body ?? TxBody.fromPartial({})).finish(),
    authInfoBytes: AuthInfo.encode(request.tx.authInfo ?? AuthInfo.fromPartial({})).finish(),
    signatures: request.tx.signatures,
  }).finish()
}

/**
 * A gRPC query's answer over abci_query; a gRPC-status refusal becomes the SDK's ABCI error
 * (NotFound → key not found, InvalidArgument → invalid request), as baseapp maps it.
 * @param {Ledger} ledger @param {string} path @param {Uint8Array} data
 * @returns {Promise<Uint8Array>}
 */
async function grpcQuery(ledger, path, data) {
  /** @param {string} address */
  const checkAddress = (address) => {
    const problem = addressProblem(address)
    if (problem)
      throw new SdkError(
        sdkErrors.invalidRequest,
        `rpc error: code = InvalidArgument desc = invalid address: ${problem}`,
      )
  }
  if (path === '/cosmos.auth.v1beta1.Query/Account') {
    const { address } = QueryAccountRequest.decode(data)
    checkAddress(address)
    const account = ledger.account(address)
    if (!account)
      throw new SdkError(
        sdkErrors.keyNotFound,
        `rpc error: code = NotFound desc = account ${address} not found`,
      )
    const baseAccount = BaseAccount.encode({
      address,
      pubKey: account.pubKey
        ? {
            typeUrl: '/cosmos.crypto.secp256k1.PubKey',
            value: PubKey.encode({ key: account.pubKey }).finish(),
          }
        : undefined,
      accountNumber: account.accountNumber,
      sequence: account.sequence,
    }).finish()
    return QueryAccountResponse.encode({
      account: { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: baseAccount },
    }).finish()
  }
  if (path === '/cosmos.bank.v1beta1.Query/Balance') {
    const { address, denom } = QueryBalanceRequest.decode(data)
    checkAddress(address)
    if (!isValidDenom(denom))
      throw new SdkError(
        sdkErrors.invalidRequest,
        `rpc error: code = InvalidArgument desc = invalid denom: ${denom}`,
      )
    return QueryBalanceResponse.encode({
      balance: { denom, amount: ledger.balance(address, denom).toString() },
    }).finish()
  }
  if (path === '/cosmos.bank.v1beta1.Query/AllBalances') {
    const { address } = QueryAllBalancesRequest.decode(data)
    checkAddress(address)
    const balances = ledger.balances(address)
    return QueryAllBalancesResponse.encode({
      balances,
      pagination: { nextKey: new Uint8Array(), total: BigInt(balances.length) },
    }).finish()
  }
  if (path === '/cosmos.tx.v1beta1.Service/Simulate') {
    const result = await ledger.simulate(simulatedTxBytes(SimulateRequest.decode(data)))
    if (result.code !== 0)
      throw new SdkError(
        sdkErrors.unknownRequest,
        `rpc error: code = Unknown desc = ${result.log} With gas wanted: '${result.gasWanted}' and gas used: '${result.gasUsed}' `,
      )
    return SimulateResponse.encode({
      gasInfo: { gasWanted: result.gasWanted, gasUsed: result.gasUsed },
      result: {
        data: new Uint8Array(),
        log: '',
        events: result.events.map(({ type, attributes }) => ({
          type,
          attributes: attributes.map(({ key, value }) => ({ key, value, index: true })),
        })),
        msgResponses: TxMsgData.decode(result.data).msgResponses,
      },
    }).finish()
  }
  throw new SdkError(sdkErrors.unknownRequest, `unknown query path ${path}`)
}

/** An int64 parameter, as CometBFT takes it: a decimal string or a number. @param {unknown} value @param {string} name */
function intParam(value, name) {
  if (value === undefined || value === null || value === '') return undefined
  const text = String(value)
  if (!/^\d+$/.test(text)) throw invalidParams(`error converting ${name}: invalid integer ${text}`)
  return Number(text)
}

/** A bytes parameter: base64 in a JSON-RPC body. @param {unknown} value @param {string} name */
function bytesParam(value, name) {
  if (typeof value !== 'string') throw invalidParams(`${name} must be base64 bytes`)
  try {
    return fromBase64(value)
  } catch {
    throw invalidParams(`${name} must be base64 bytes`)
  }
}

/**
 * One JSON-RPC method's result. `broadcast` puts a transaction through CheckTx (and mines it when
 * the chain automines); the rest only read the ledger.
 * @param {Ledger} ledger
 * @param {(bytes: Uint8Array) => Promise<{ hash: string, result: TxResult }>} broadcast
 * @param {string} method
 * @param {Record<string, unknown>} params
 */
export async function cometRpcResult(ledger, broadcast, method, params) {
  switch (method) {
    case 'status':
      return statusJson(ledger)
    case 'health':
      return {}
    case 'abci_info': {
      const tip = ledger.tip()
      return {
        response: {
          data: versions.appName,
          version: versions.app,
          app_version: '0',
          last_block_height: String(tip.height),
          last_block_app_hash: toBase64(fromHex(tip.appHash)),
        },
      }
    }
    case 'abci_query': {
      const path = typeof params.path === 'string' ? params.path : ''
      const data = typeof params.data === 'string' ? params.data : ''
      if (!/^(?:[0-9a-fA-F]{2})*$/.test(data)) throw invalidParams('data must be hex bytes')
      const height = String(ledger.tip().height)
      try {
        const value = await grpcQuery(ledger, path, fromHex(data))
        return {
          response: {
            code: 0,
            log: '',
            info: '',
            index: '0',
            key: null,
            value: toBase64(value),
            proofOps: null,
            height,
            codespace: '',
          },
        }
      } catch (error) {
        const refusal =
          error instanceof SdkError
            ? error
            : new SdkError(sdkErrors.invalidRequest, /** @type {Error} */ (error).message)
        return {
          response: {
            code: refusal.code,
            log: refusal.message,
            info: '',
            index: '0',
            key: null,
            value: null,
            proofOps: null,
            height,
            codespace: refusal.codespace,
          },
        }
      }
    }
    case 'broadcast_tx_sync':
    case 'broadcast_tx_async': {
      try {
        const { hash, result } = await broadcast(bytesParam(params.tx, 'tx'))
        return { code: result.code, data: '', log: result.log, codespace: result.codespace, hash }
      } catch (error) {
        if (error instanceof TxInCacheError) throw internalError(error.message)
        throw error
      }
    }
    case 'tx': {
      const hash = toHex(bytesParam(params.hash, 'hash')).toUpperCase()
      const record = ledger.tx(hash)
      if (!record) throw internalError(`tx (${hash}) not found`)
      return txJson(record)
    }
    case 'tx_search': {
      const query = typeof params.query === 'string' ? params.query : ''
      const page = intParam(params.page, 'page') ?? 1
      const perPage = Math.min(intParam(params.per_page, 'per_page') ?? 30, 100)
      const orderBy = params.order_by ?? 'asc'
      if (orderBy !== 'asc' && orderBy !== 'desc' && orderBy !== '')
        throw invalidParams('expected order_by to be either `asc` or `desc` or empty')
      let found
      try {
        found = ledger.searchTxs(query)
      } catch (error) {
        if (error instanceof TxQueryError) throw internalError(error.message)
        throw error
      }
      if (orderBy === 'desc') found.reverse()
      const pages = Math.max(1, Math.ceil(found.length / Math.max(perPage, 1)))
      if (page < 1 || page > pages)
        throw internalError(`page should be within [1, ${pages}] range, given ${page}`)
      return {
        txs: found.slice((page - 1) * perPage, page * perPage).map(txJson),
        total_count: String(found.length),
      }
    }
    case 'block':
    case 'block_results': {
      const tip = ledger.tip().height
      const height = intParam(params.height, 'height') ?? tip
      const block = ledger.block(height)
      if (!block || height < 1)
        throw internalError(
          `height ${height} must be less than or equal to the current blockchain height ${tip}`,
        )
      if (method === 'block') return blockJson(ledger, block)
      const hashes = block.txs.map((tx) => toHex(sha256(tx)).toUpperCase())
      return {
        height: String(block.height),
        txs_results: hashes.map((hash) => {
          const record = ledger.tx(hash)
          return record ? txResultJson(record.result) : null
        }),
        finalize_block_events: [],
        validator_updates: null,
        consensus_param_updates: null,
        app_hash: block.appHash,
      }
    }
    case 'blockchain': {
      const tip = ledger.tip().height
      const maxHeight = Math.min(intParam(params.maxHeight, 'maxHeight') ?? tip, tip)
      const minHeight = Math.max(intParam(params.minHeight, 'minHeight') ?? 1, maxHeight - 19, 1)
      if (minHeight > maxHeight)
        throw internalError(`min height ${minHeight} can't be greater than max height ${maxHeight}`)
      const metas = []
      for (let height = maxHeight; height >= minHeight; height -= 1) {
        const block = /** @type {Block} */ (ledger.block(height))
        const { block_id, block: full } = blockJson(ledger, block)
        metas.push({
          block_id,
          block_size: String(block.txs.reduce((size, tx) => size + tx.length, 200)),
          header: full.header,
          num_txs: String(block.txs.length),
        })
      }
      return { last_height: String(tip), block_metas: metas }
    }
    default:
      throw new RpcError(-32601, 'Method not found', '')
  }
}

/**
 * A GET request's query string as a method's params, read as CometBFT's URI handlers read it:
 * `"text"` is a string, `0x…` bytes (hex for abci_query's `data`, base64 elsewhere, as the JSON
 * form takes them), a bare number or true/false as themselves.
 * @param {URLSearchParams} query
 */
export function uriParams(query) {
  /** @type {Record<string, unknown>} */
  const params = {}
  for (const [key, raw] of query) {
    if (/^".*"$/s.test(raw)) params[key] = raw.slice(1, -1)
    else if (/^0x(?:[0-9a-fA-F]{2})*$/.test(raw))
      params[key] = key === 'data' ? raw.slice(2) : toBase64(fromHex(raw.slice(2)))
    else if (raw === 'true' || raw === 'false') params[key] = raw === 'true'
    else params[key] = raw
  }
  return params
}
