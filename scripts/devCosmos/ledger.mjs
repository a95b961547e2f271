// The dev Cosmos chain's ledger, in memory and without HTTP: blocks from height 1, the committed
// state, the mempool and its check state, and every transaction's result for the tx index. A
// transaction is accepted into the mempool when CheckTx passes on the check state (the committed
// state with the mempool applied), and applied to the committed state when a block is mined. A
// faucet account, funded at genesis with a key made here, pays /dev/fund with real signed sends.

import { encodeSecp256k1Pubkey } from '@cosmjs/amino'
import { Random, Secp256k1, sha256 } from '@cosmjs/crypto'
import { toHex } from '@cosmjs/encoding'
import {
  DirectSecp256k1Wallet,
  encodePubkey,
  makeAuthInfoBytes,
  makeSignDoc,
} from '@cosmjs/proto-signing'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { addressOfSecp256k1, addressProblem } from './addresses.mjs'
import { chainId, feeDenom, requiredFee } from './chain.mjs'
import { decodeTx, msgSendTypeUrl } from './decodeTx.mjs'
import { runTx } from './runTx.mjs'
import { balanceOf, balancesOf, copyState, emptyState, ensureAccount } from './state.mjs'
import { txQuery } from './txQuery.mjs'

/** @typedef {import('./runTx.mjs').TxResult} TxResult */
/** @typedef {import('./decodeTx.mjs').DecodedTx} DecodedTx */
/**
 * @typedef {{ hash: string, height: number, index: number, bytes: Uint8Array, result: TxResult,
 *   time: Date, tx: DecodedTx | undefined }} TxRecord
 */
/**
 * @typedef {{ height: number, time: Date, hash: string, lastBlockHash: string, appHash: string,
 *   dataHash: string, txs: Uint8Array[] }} Block
 */

/** A refusal of /dev/fund's request: not a transaction, so no SDK code. */
export class FundRequestError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    this.name = 'FundRequestError'
  }
}

/** The CometBFT mempool's answer to a transaction it already holds or has seen. */
export class TxInCacheError extends Error {
  constructor() {
    super('tx already exists in cache')
    this.name = 'TxInCacheError'
  }
}

/** The faucet's genesis balance: a billion ATOM. */
const faucetGenesisUatom = 1_000_000_000_000_000n
const faucetGasLimit = 200_000n

/** Upper-case hex sha256: a tx hash, as CometBFT and the SDK show it. @param {Uint8Array} bytes */
export const txHashOf = (bytes) => toHex(sha256(bytes)).toUpperCase()

/** @param {string} text */
const hashText = (text) => toHex(sha256(new TextEncoder().encode(text))).toUpperCase()

/** The attributes the tx index holds for a transaction: its events', tx.hash and tx.height. @param {TxRecord} record */
function indexedAttributes(record) {
  /** @type {Map<string, string[]>} */
  const indexed = new Map([
    ['tx.hash', [record.hash]],
    ['tx.height', [String(record.height)]],
  ])
  for (const { type, attributes } of record.result.events)
    for (const { key, value } of attributes) {
      const values = indexed.get(`${type}.${key}`) ?? []
      values.push(value)
      indexed.set(`${type}.${key}`, values)
    }
  return indexed
}

export async function createLedger() {
  const faucetKey = Random.getBytes(32)
  const faucetPubKey = Secp256k1.compressPubkey((await Secp256k1.makeKeypair(faucetKey)).pubkey)
  const faucetAddress = addressOfSecp256k1(faucetPubKey)
  const faucetWallet = await DirectSecp256k1Wallet.fromKey(faucetKey)

  let committed = emptyState()
  ensureAccount(committed, faucetAddress)
  committed.balances.set(faucetAddress, new Map([[feeDenom, faucetGenesisUatom]]))
  let checkState = copyState(committed)
  /** @type {{ hash: string, bytes: Uint8Array }[]} */
  let mempool = []
  /** @type {Block[]} */
  const blocks = []
  /** @type {Map<string, TxRecord>} */
  const txs = new Map()
  // Transactions run one at a time: signature checks are async, and two must not share a state.
  let queue = Promise.resolve()
  /**
   * @template T
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  const serial = (work) => {
    const run = queue.then(work)
    queue = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }

  function appHashOf(/** @type {import('./state.mjs').ChainState} */ state) {
    const balances = [...state.balances].map(([address, coins]) => [
      address,
      [...coins].map(String),
    ])
    return hashText(JSON.stringify(balances))
  }

  /** Mines a block holding the mempool, applying each transaction in order. */
  async function mineBlock() {
    const previous = blocks.at(-1)
    const height = (previous?.height ?? 0) + 1
    // Block times strictly increase, as CometBFT's do.
    const time = new Date(Math.max(Date.now(), (previous?.time.getTime() ?? 0) + 1))
    const included = mempool
    mempool = []
    for (const [index, { hash, bytes }] of included.entries()) {
      const { result, state } = await runTx(committed, bytes, 'deliver')
      if (state) committed = state
      let tx
      try {
        tx = decodeTx(bytes)
      } catch {
        tx = undefined
      }
      txs.set(hash, { hash, height, index, bytes, result, time, tx })
    }
    checkState = copyState(committed)
    const lastBlockHash = previous?.hash ?? ''
    const dataHash = hashText(included.map((tx) => tx.hash).join(''))
    const appHash = appHashOf(committed)
    const hash = hashText(`${height}/${time.toISOString()}/${lastBlockHash}/${dataHash}/${appHash}`)
    const block = {
      height,
      time,
      hash,
      lastBlockHash,
      appHash,
      dataHash,
      txs: included.map((tx) => tx.bytes),
    }
    blocks.push(block)
    return block
  }

  /** CheckTx, then into the mempool when it passes; its hash and CheckTx's result. @param {Uint8Array} bytes */
  async function checkAndQueue(bytes) {
    const hash = txHashOf(bytes)
    if (txs.has(hash) || mempool.some((tx) => tx.hash === hash)) throw new TxInCacheError()
    const { result, state } = await runTx(checkState, bytes, 'check')
    if (state) {
      checkState = state
      mempool.push({ hash, bytes })
    }
    return { hash, result }
  }

  /** A send from the faucet, signed SIGN_MODE_DIRECT with the faucet's key. @param {string} to @param {bigint} uatom */
  async function faucetSend(to, uatom) {
    const account = checkState.accounts.get(faucetAddress)
    if (!account) throw new Error('the faucet has no account')
    const bodyBytes = TxBody.encode(
      TxBody.fromPartial({
        messages: [
          {
            typeUrl: msgSendTypeUrl,
            value: MsgSend.encode({
              fromAddress: faucetAddress,
              toAddress: to,
              amount: [{ denom: feeDenom, amount: uatom.toString() }],
            }).finish(),
          },
        ],
        memo: 'dev faucet',
      }),
    ).finish()
    const authInfoBytes = makeAuthInfoBytes(
      [{ pubkey: encodePubkey(encodeSecp256k1Pubkey(faucetPubKey)), sequence: account.sequence }],
      [{ denom: feeDenom, amount: requiredFee(faucetGasLimit).toString() }],
      Number(faucetGasLimit),
      undefined,
      undefined,
    )
    const { signature, signed } = await faucetWallet.signDirect(
      faucetAddress,
      makeSignDoc(bodyBytes, authInfoBytes, chainId, account.accountNumber),
    )
    return TxRaw.encode({
      bodyBytes: signed.bodyBytes,
      authInfoBytes: signed.authInfoBytes,
      signatures: [Buffer.from(signature.signature, 'base64')],
    }).finish()
  }

  await serial(mineBlock)

  return {
    faucetAddress,
    /** The newest block. */
    tip: () => /** @type {Block} */ (blocks.at(-1)),
    /** The block at `height`, or undefined. @param {number} height */
    block: (height) => blocks[height - 1],
    earliest: () => /** @type {Block} */ (blocks[0]),
    /**
     * CheckTx and into the mempool: its hash and CheckTx's result (code 0 when accepted). With
     * `mine`, an accepted transaction is mined into a block of its own in the same step.
     * @param {Uint8Array} bytes @param {{ mine?: boolean }} [options]
     */
    submit: (bytes, { mine = false } = {}) =>
      serial(async () => {
        const checked = await checkAndQueue(bytes)
        if (mine && checked.result.code === 0) await mineBlock()
        return checked
      }),
    /** Mines a block with the mempool's transactions. */
    mine: () => serial(mineBlock),
    /** Runs a transaction in simulate mode against the check state, changing nothing. @param {Uint8Array} bytes */
    simulate: (bytes) => serial(async () => (await runTx(checkState, bytes, 'simulate')).result),
    /**
     * Pays `uatom` from the faucet to `address` in a signed send, mined into a block with
     * whatever else waits in the mempool; its tx hash.
     * @param {string} address @param {bigint} uatom
     */
    fund: (address, uatom) =>
      serial(async () => {
        const problem = addressProblem(address)
        if (problem) throw new FundRequestError(`invalid address ${address}: ${problem}`)
        if (uatom <= 0n) throw new FundRequestError('the amount must be a positive number of uatom')
        if (uatom > balanceOf(checkState, faucetAddress, feeDenom) - 1_000_000n)
          throw new FundRequestError('the faucet cannot pay that much')
        const { hash, result } = await checkAndQueue(await faucetSend(address, uatom))
        if (result.code !== 0) throw new Error(`the faucet's send was refused: ${result.log}`)
        await mineBlock()
        return hash
      }),
    /** The committed account at `address`, or undefined. @param {string} address */
    account: (address) => committed.accounts.get(address),
    /** @param {string} address */
    balances: (address) => balancesOf(committed, address),
    /** @param {string} address @param {string} denom */
    balance: (address, denom) => balanceOf(committed, address, denom),
    /** The indexed transaction with this upper- or lower-case hex hash. @param {string} hash */
    tx: (hash) => txs.get(hash.toUpperCase()),
    /**
     * Indexed transactions matching a CometBFT event query, oldest first (TxQueryError when the
     * query cannot be read).
     * @param {string} query
     */
    searchTxs: (query) => {
      const matches = txQuery(query)
      return [...txs.values()]
        .filter((record) => matches(indexedAttributes(record)))
        .sort((a, b) => a.height - b.height || a.index - b.index)
    },
  }
}
