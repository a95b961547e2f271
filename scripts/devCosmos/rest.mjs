// The chain's REST API (the Cosmos SDK 0.50 gRPC gateway) in the JSON shapes a node answers:
// bank balances, auth accounts, txs by event query and by hash, broadcast and simulate, node info.
// Amounts and 64-bit numbers are strings; a refusal is `{code, message, details: []}` with the
// HTTP status the gateway gives its gRPC code.
import { fromBase64, toBase64, toHex } from '@cosmjs/encoding'
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci'
import { signModeToJSON } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { addressProblem } from './addresses.mjs'
import { chainId, versions } from './chain.mjs'
import { isValidDenom } from './coins.mjs'
import { msgSendTypeUrl } from './decodeTx.mjs'
import { grpcCodes, RestError } from './errors.mjs'
import { TxInCacheError, txHashOf } from './ledger.mjs'
import { secp256k1KeyOf } from './signatures.mjs'
import { TxQueryError } from './txQuery.mjs'

/** @typedef {import('./cometRpc.mjs').Ledger} Ledger */
/** @typedef {import('./ledger.mjs').TxRecord} TxRecord */
/** @typedef {import('./runTx.mjs').TxResult} TxResult */

/** @param {import('./decodeTx.mjs').DecodedTx} tx */
function txJson(tx) {
  const fee = tx.fee
  return {
    body: {
      messages: tx.msgs.map((msg) => ({
        '@type': msgSendTypeUrl,
        from_address: msg.fromAddress,
        to_address: msg.toAddress,
        amount: msg.amount.map(({ denom, amount }) => ({ denom, amount })),
      })),
      memo: tx.body.memo,
      timeout_height: tx.body.timeoutHeight.toString(),
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: tx.authInfo.signerInfos.map((info) => ({
        public_key: info.publicKey
          ? {
              '@type': info.publicKey.typeUrl,
              key: toBase64(secp256k1KeyOf(info.publicKey)),
            }
          : null,
        mode_info: { single: { mode: signModeToJSON(info.modeInfo?.single?.mode ?? 0) } },
        sequence: info.sequence.toString(),
      })),
      fee: {
        amount: fee.amount.map(({ denom, amount }) => ({ denom, amount })),
        gas_limit: fee.gasLimit.toString(),
        payer: fee.payer,
        granter: fee.granter,
      },
      tip: null,
    },
    signatures: tx.raw.signatures.map((signature) => toBase64(signature)),
  }
}

/** @param {TxResult} result */
const eventsJson = (result) =>
  result.events.map(({ type, attributes }) => ({
    type,
    attributes: attributes.map(({ key, value }) => ({ key, value, index: true })),
  }))

/** A tx_response, as GetTx and GetTxsEvent answer it. @param {TxRecord} record */
function txResponseJson(record) {
  return {
    height: String(record.height),
    txhash: record.hash,
    codespace: record.result.codespace,
    code: record.result.code,
    data: toHex(record.result.data).toUpperCase(),
    raw_log: record.result.log,
    logs: [],
    info: '',
    gas_wanted: record.result.gasWanted.toString(),
    gas_used: record.result.gasUsed.toString(),
    tx: record.tx ? { '@type': '/cosmos.tx.v1beta1.Tx', ...txJson(record.tx) } : null,
    timestamp: record.time.toISOString().replace(/\.\d+Z$/, 'Z'),
    events: eventsJson(record.result),
  }
}

/** @param {string} address */
function checkAddress(address) {
  const problem = addressProblem(address)
  if (problem) throw new RestError(grpcCodes.invalidArgument, `invalid address: ${problem}`)
}

/** A JSON body's fields; a 400 when it is not a JSON object. @param {string} body */
function jsonBody(body) {
  let parsed
  try {
    parsed = JSON.parse(body)
  } catch (error) {
    throw new RestError(grpcCodes.invalidArgument, /** @type {Error} */ (error).message)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new RestError(grpcCodes.invalidArgument, 'the body must be a JSON object')
  return /** @type {Record<string, unknown>} */ (parsed)
}

/** `tx_bytes` of a broadcast or simulate body. @param {Record<string, unknown>} body @param {string} empty */
function txBytesOf(body, empty) {
  const text = body.tx_bytes
  if (text === undefined || text === '') throw new RestError(grpcCodes.invalidArgument, empty)
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(text))
    throw new RestError(grpcCodes.invalidArgument, 'tx_bytes: illegal base64 data')
  return fromBase64(text.replaceAll('-', '+').replaceAll('_', '/'))
}

/** A non-negative integer query parameter. @param {URLSearchParams} query @param {string[]} names */
function intQuery(query, names) {
  for (const name of names) {
    const value = query.get(name)
    if (value === null || value === '') continue
    if (!/^\d+$/.test(value))
      throw new RestError(grpcCodes.invalidArgument, `${name}: invalid integer "${value}"`)
    return Number(value)
  }
  return undefined
}

/**
 * The REST answer to one request, or undefined for a path the API does not serve.
 * @param {Ledger} ledger
 * @param {(bytes: Uint8Array) => Promise<{ hash: string, result: TxResult }>} broadcast
 * @param {string} method
 * @param {URL} url
 * @param {string} body
 * @returns {Promise<unknown>}
 */
export async function restAnswer(ledger, broadcast, method, url, body) {
  const path = url.pathname.replace(/\/+$/, '')
  const part = (/** @type {string | undefined} */ segment) => decodeURIComponent(segment ?? '')
  if (method === 'GET') {
    const balances = /^\/cosmos\/bank\/v1beta1\/balances\/([^/]+)(\/by_denom)?$/.exec(path)
    if (balances) {
      const address = part(balances[1])
      checkAddress(address)
      if (balances[2]) {
        const denom = url.searchParams.get('denom') ?? ''
        if (!isValidDenom(denom))
          throw new RestError(grpcCodes.invalidArgument, `invalid denom: ${denom}`)
        return { balance: { denom, amount: ledger.balance(address, denom).toString() } }
      }
      const coins = ledger.balances(address)
      return { balances: coins, pagination: { next_key: null, total: String(coins.length) } }
    }
    const account = /^\/cosmos\/auth\/v1beta1\/accounts\/([^/]+)$/.exec(path)
    if (account) {
      const address = part(account[1])
      checkAddress(address)
      const found = ledger.account(address)
      if (!found) throw new RestError(grpcCodes.notFound, `account ${address} not found`)
      return {
        account: {
          '@type': '/cosmos.auth.v1beta1.BaseAccount',
          address,
          pub_key: found.pubKey
            ? { '@type': '/cosmos.crypto.secp256k1.PubKey', key: toBase64(found.pubKey) }
            : null,
          account_number: found.accountNumber.toString(),
          sequence: found.sequence.toString(),
        },
      }
    }
    if (path === '/cosmos/tx/v1beta1/txs') {
      const events = url.searchParams.getAll('events')
      const query = url.searchParams.get('query') || events.join(' AND ')
      if (query === '') throw new RestError(grpcCodes.invalidArgument, 'query cannot be empty')
      const orderBy = url.searchParams.get('order_by') ?? 'ORDER_BY_UNSPECIFIED'
      if (
        !['ORDER_BY_UNSPECIFIED', 'ORDER_BY_ASC', 'ORDER_BY_DESC', '0', '1', '2'].includes(orderBy)
      )
        throw new RestError(grpcCodes.invalidArgument, `order_by: invalid value "${orderBy}"`)
      const limit = intQuery(url.searchParams, ['limit', 'pagination.limit']) || 100
      const offset = intQuery(url.searchParams, ['pagination.offset'])
      const page =
        intQuery(url.searchParams, ['page']) || (offset ? Math.floor(offset / limit) + 1 : 1)
      let found
      try {
        found = ledger.searchTxs(query)
      } catch (error) {
        if (error instanceof TxQueryError)
          throw new RestError(grpcCodes.invalidArgument, error.message)
        throw error
      }
      if (orderBy === 'ORDER_BY_DESC' || orderBy === '2') found.reverse()
      const pages = Math.max(1, Math.ceil(found.length / limit))
      if (page > pages)
        throw new RestError(
          grpcCodes.invalidArgument,
          `page should be within [1, ${pages}] range, given ${page}`,
        )
      const shown = found.slice((page - 1) * limit, page * limit)
      return {
        txs: shown.map((record) => (record.tx ? txJson(record.tx) : null)),
        tx_responses: shown.map(txResponseJson),
        pagination: null,
        total: String(found.length),
      }
    }
    const byHash = /^\/cosmos\/tx\/v1beta1\/txs\/([^/]+)$/.exec(path)
    if (byHash) {
      const hash = part(byHash[1])
      if (!/^[0-9a-fA-F]{64}$/.test(hash))
        throw new RestError(grpcCodes.invalidArgument, `invalid tx hash ${hash}`)
      const record = ledger.tx(hash)
      if (!record) throw new RestError(grpcCodes.notFound, `tx not found: ${hash}`)
      return { tx: record.tx ? txJson(record.tx) : null, tx_response: txResponseJson(record) }
    }
    if (path === '/cosmos/base/tendermint/v1beta1/node_info')
      return {
        default_node_info: {
          protocol_version: { p2p: '8', block: '11', app: '0' },
          default_node_id: 'aa11bb22cc33dd44ee55ff6600778899aabbccdd',
          listen_addr: 'tcp://127.0.0.1:26656',
          network: chainId,
          version: versions.comet,
          channels: 'QCAhIiMwOGBhAA==',
          moniker: versions.moniker,
          other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
        },
        application_version: {
          name: versions.moniker,
          app_name: versions.appName,
          version: versions.app,
          git_commit: '',
          build_tags: '',
          go_version: 'go version go1.22.7 linux/amd64',
          build_deps: [],
          cosmos_sdk_version: versions.cosmosSdk,
        },
      }
  }
  if (method === 'POST') {
    if (path === '/cosmos/tx/v1beta1/txs') {
      const request = jsonBody(body)
      const bytes = txBytesOf(request, 'invalid empty tx')
      const mode = request.mode ?? 'BROADCAST_MODE_UNSPECIFIED'
      if (
        mode !== 'BROADCAST_MODE_SYNC' &&
        mode !== 'BROADCAST_MODE_ASYNC' &&
        mode !== 2 &&
        mode !== 3
      )
        throw new RestError(
          grpcCodes.invalidArgument,
          `unsupported return type ${String(mode)}; supported types: sync, async`,
        )
      const response = {
        height: '0',
        txhash: '',
        codespace: '',
        code: 0,
        data: '',
        raw_log: '',
        logs: [],
        info: '',
        gas_wanted: '0',
        gas_used: '0',
        tx: null,
        timestamp: '',
        events: [],
      }
      try {
        const { hash, result } = await broadcast(bytes)
        return {
          tx_response: {
            ...response,
            txhash: hash,
            codespace: result.codespace,
            code: result.code,
            raw_log: result.log,
          },
        }
      } catch (error) {
        if (!(error instanceof TxInCacheError)) throw error
        // The SDK reads CometBFT's cache refusal as its own code 19.
        return {
          tx_response: {
            ...response,
            txhash: txHashOf(bytes),
            codespace: 'sdk',
            code: 19,
            raw_log: error.message,
          },
        }
      }
    }
    if (path === '/cosmos/tx/v1beta1/simulate') {
      const bytes = txBytesOf(jsonBody(body), 'empty txBytes is not allowed')
      const result = await ledger.simulate(bytes)
      if (result.code !== 0)
        throw new RestError(
          grpcCodes.unknown,
          `${result.log} With gas wanted: '${result.gasWanted}' and gas used: '${result.gasUsed}' `,
        )
      return {
        gas_info: { gas_wanted: result.gasWanted.toString(), gas_used: result.gasUsed.toString() },
        result: {
          data: toBase64(result.data),
          log: '',
          events: eventsJson(result),
          msg_responses: TxMsgData.decode(result.data).msgResponses.map((response) => ({
            '@type': response.typeUrl,
          })),
        },
      }
    }
  }
  return undefined
}
