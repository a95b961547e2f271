// @ts-check
// Accounts as the local Solana RPC shows them: the account shape in each data encoding, SPL Token
// and Token-2022 accounts and mints in `jsonParsed`, token amounts, and the balances a
// transaction's meta records before and after.
import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { errorCodes, RpcError } from './rpcErrors.mjs'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
/** What the real RPC reports as rentEpoch for every rent-exempt account (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
export const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82

/**
 * @typedef {import('litesvm').LiteSVM} LiteSVM
 * @typedef {import('@solana/kit').Address} Address
 * @typedef {import('@solana/kit').ReadonlyUint8Array} ReadonlyUint8Array
 * @typedef {import('./rpcValues.mjs').RpcConfig} RpcConfig
 * @typedef {{ accountIndex: number, mint: string, owner: string, programId: string, uiTokenAmount: TokenAmount }} TokenBalance
 * @typedef {{ amount: string, decimals: number, uiAmount: number, uiAmountString: string }} TokenAmount
 */

/**
 * Lamports and SPL token balances of a transaction's accounts, for getTransaction's meta.
 * @param {LiteSVM} svm
 * @param {string[]} addresses
 */
export function snapshotBalances(svm, addresses) {
  /** @type {TokenBalance[]} */
  const tokens = []
  const balances = addresses.map((address, accountIndex) => {
    const parsed = parseTokenAccount(svm, /** @type {Address} */ (address))
    if (parsed?.type === 'account') {
      tokens.push({
        accountIndex,
        mint: parsed.info.mint,
        owner: parsed.info.owner,
        programId: parsed.program === 'spl-token' ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
        uiTokenAmount: parsed.info.tokenAmount,
      })
    }
    return svm.getBalance(/** @type {Address} */ (address)) ?? 0n
  })
  return { lamports: balances, tokens }
}

/**
 * An account in the RPC's shape, or null when it does not exist.
 * @param {LiteSVM} svm
 * @param {Address} address
 * @param {RpcConfig} config `encoding` (base58, base64, jsonParsed) and `dataSlice`.
 * @param {'binary' | 'base64'} defaultEncoding 'binary' is the legacy plain base58 string.
 */
export function encodeAccount(svm, address, config, defaultEncoding) {
  const account = svm.getAccount(address)
  if (!account.exists) return null
  return encodeAccountData(svm, account, config, defaultEncoding)
}

/**
 * @param {LiteSVM} svm
 * @param {import('@solana/kit').EncodedAccount} account
 * @param {RpcConfig} config
 * @param {'binary' | 'base64'} defaultEncoding
 */
export function encodeAccountData(svm, account, config, defaultEncoding) {
  const encoding = config.encoding ?? defaultEncoding
  const parsed = encoding === 'jsonParsed' ? parseTokenAccount(svm, account.address) : undefined
  let bytes = account.data
  const slice = config.dataSlice
  if (typeof slice === 'object' && slice !== null && 'offset' in slice && 'length' in slice) {
    const offset = Number(slice.offset)
    bytes = bytes.subarray(offset, offset + Number(slice.length))
  }
  /** @type {unknown} */
  let data
  if (parsed)
    data = {
      program: parsed.program,
      parsed: { type: parsed.type, info: parsed.info },
      space: BigInt(account.data.length),
    }
  else if (encoding === 'binary') data = getBase58Decoder().decode(bytes)
  else if (encoding === 'base58') data = [getBase58Decoder().decode(bytes), 'base58']
  else if (encoding === 'base64' || encoding === 'jsonParsed')
    data = [getBase64Decoder().decode(bytes), 'base64']
  else
    throw new RpcError(
      errorCodes.invalidParams,
      `Invalid params: unsupported encoding ${String(encoding)}`,
    )
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  }
}

/**
 * A Token-2022 account carries its type after the base layout; a plain Token account is exactly
 * 165 bytes (a mint is 82).
 * @param {ReadonlyUint8Array} data
 */
export function isTokenAccountData(data) {
  return (
    data.length === TOKEN_ACCOUNT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 2)
  )
}

/** @param {ReadonlyUint8Array} data */
function isMintData(data) {
  return (
    data.length === MINT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] === 1)
  )
}

/**
 * An SPL Token or Token-2022 account or mint as `jsonParsed` shows it (base layout; Token-2022
 * extensions are left out). Undefined for anything else.
 * @param {LiteSVM} svm
 * @param {Address} address
 */
export function parseTokenAccount(svm, address) {
  const account = svm.getAccount(address)
  if (!account.exists) return undefined
  const owner = account.programAddress
  if (owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) return undefined
  const program = owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022'
  const data = account.data
  if (isTokenAccountData(data)) {
    const token = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE))
    const mint = svm.getAccount(token.mint)
    const decimals =
      token.mint === NATIVE_MINT
        ? 9
        : mint.exists && isMintData(mint.data)
          ? getMintDecoder().decode(mint.data.subarray(0, MINT_SIZE)).decimals
          : undefined
    if (decimals === undefined) return undefined
    const isNative = token.isNative.__option === 'Some'
    /** @type {{ [key: string]: unknown }} */
    const extra = {}
    if (token.delegate.__option === 'Some') {
      extra.delegate = token.delegate.value
      extra.delegatedAmount = tokenAmount(token.delegatedAmount, decimals)
    }
    if (token.isNative.__option === 'Some')
      extra.rentExemptReserve = tokenAmount(token.isNative.value, decimals)
    if (token.closeAuthority.__option === 'Some') extra.closeAuthority = token.closeAuthority.value
    return {
      program,
      type: /** @type {const} */ ('account'),
      info: {
        isNative,
        mint: token.mint,
        owner: token.owner,
        state:
          token.state === AccountState.Frozen
            ? 'frozen'
            : token.state === AccountState.Initialized
              ? 'initialized'
              : 'uninitialized',
        tokenAmount: tokenAmount(token.amount, decimals),
        ...extra,
      },
    }
  }
  if (isMintData(data)) {
    const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
    return {
      program,
      type: /** @type {const} */ ('mint'),
      info: {
        decimals: mint.decimals,
        freezeAuthority:
          mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
        supply: mint.supply.toString(),
      },
    }
  }
  return undefined
}

/**
 * A token amount as the RPC shows it: raw units as a string, and the decimal value as a number
 * and as a string without trailing zeros.
 * @param {bigint} amount
 * @param {number} decimals
 * @returns {TokenAmount}
 */
export function tokenAmount(amount, decimals) {
  const scale = 10n ** BigInt(decimals)
  const whole = amount / scale
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/**
 * @param {ReadonlyUint8Array} left
 * @param {ReadonlyUint8Array} right
 */
export function bytesEqual(left, right) {
  return left.length === right.length && left.every((byte, index) => byte === right[index])
}
