// @ts-check
// The local Solana RPC's methods that send, simulate and look up transactions, airdrops included.
import { getAddressDecoder, getBase58Decoder, getBase64Decoder, lamports } from '@solana/kit'
import { encodeAccountData } from './accounts.mjs'
import { describeTransactionError, errorCodes, RpcError } from './rpcErrors.mjs'
import { optionalConfig, requireAddress, requireString, withContext } from './rpcValues.mjs'
import {
  decodeMessage,
  decodeTransactionParam,
  feeForHeader,
  hasAllSignatures,
  LAMPORTS_PER_SIGNATURE,
  transactionJson,
  transactionSignature,
  usesDurableNonce,
} from './transactions.mjs'

/** @type {Record<string, import('./rpcValues.mjs').MethodHandler>} */
export const transactionMethods = {
  requestAirdrop: (chain, params) => {
    const address = requireAddress(params, 0)
    const amount = params[1]
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      throw new RpcError(
        errorCodes.invalidParams,
        'Invalid params: lamports must be a positive integer',
      )
    }
    const landingSlot = chain.slot()
    const result = chain.svm.airdrop(address, lamports(BigInt(amount)))
    if (!result || 'err' in result)
      throw new RpcError(errorCodes.internal, 'airdrop request failed')
    const signature = getBase58Decoder().decode(result.signature())
    chain.recordLanded({
      signature,
      slot: landingSlot,
      blockTime: chain.svm.getClock().unixTimestamp,
      err: null,
      wire: new Uint8Array(),
      version: 'legacy',
      accountKeys: [address],
      fee: LAMPORTS_PER_SIGNATURE,
      logs: result.logs(),
      unitsConsumed: result.computeUnitsConsumed(),
      preBalances: [],
      postBalances: [],
      preTokenBalances: [],
      postTokenBalances: [],
    })
    return signature
  },
  sendTransaction: (chain, params) => {
    const config = optionalConfig(params, 1)
    const transaction = decodeTransactionParam(params, config)
    const signature = transactionSignature(transaction)
    if (!hasAllSignatures(transaction)) {
      throw new RpcError(
        errorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    }
    const message = decodeMessage(transaction)
    const blockhashValid =
      usesDurableNonce(message) || chain.isBlockhashValid(message.lifetimeToken)
    if (config.skipPreflight !== true) {
      const preflight = blockhashValid
        ? chain.simulate(transaction, { sigVerify: true })
        : {
            err: 'BlockhashNotFound',
            logs: [],
            unitsConsumed: 0n,
            returnData: null,
            postAccounts: [],
          }
      if (preflight.err === 'SignatureFailure') {
        throw new RpcError(
          errorCodes.signatureVerificationFailure,
          'Transaction signature verification failure',
        )
      }
      if (preflight.err !== null) {
        throw new RpcError(
          errorCodes.preflightFailure,
          `Transaction simulation failed: ${describeTransactionError(preflight.err)}`,
          {
            accounts: null,
            err: preflight.err,
            innerInstructions: null,
            loadedAccountsDataSize: 0,
            logs: preflight.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: preflight.unitsConsumed,
          },
        )
      }
    }
    // Skipping preflight, a transaction with an unknown blockhash is accepted and never lands.
    if (blockhashValid) chain.execute(transaction)
    return signature
  },
  simulateTransaction: (chain, params) => {
    const config = optionalConfig(params, 1)
    const transaction = decodeTransactionParam(params, config)
    const sigVerify = config.sigVerify === true
    const replaceRecentBlockhash = config.replaceRecentBlockhash === true
    if (sigVerify && replaceRecentBlockhash) {
      throw new RpcError(
        errorCodes.invalidParams,
        'sigVerify may not be used with replaceRecentBlockhash',
      )
    }
    const signatureFailure = () =>
      new RpcError(
        errorCodes.signatureVerificationFailure,
        'Transaction signature verification failure',
      )
    if (sigVerify && !hasAllSignatures(transaction)) throw signatureFailure()
    const message = decodeMessage(transaction)
    const latest = chain.issueLatestBlockhash()
    const blockhashValid =
      replaceRecentBlockhash ||
      usesDurableNonce(message) ||
      chain.isBlockhashValid(message.lifetimeToken)
    const result = blockhashValid
      ? chain.simulate(transaction, { sigVerify })
      : {
          err: 'BlockhashNotFound',
          logs: [],
          unitsConsumed: 0n,
          returnData: null,
          postAccounts: [],
        }
    if (sigVerify && result.err === 'SignatureFailure') throw signatureFailure()
    const accountsConfig = config.accounts
    /** @type {unknown[] | null} */
    let accounts = null
    if (
      typeof accountsConfig === 'object' &&
      accountsConfig !== null &&
      'addresses' in accountsConfig
    ) {
      const addresses = Array.isArray(accountsConfig.addresses) ? accountsConfig.addresses : []
      const encoding = 'encoding' in accountsConfig ? accountsConfig.encoding : 'base64'
      accounts = addresses.map((address) => {
        const account = result.postAccounts.find((candidate) => candidate.address === address)
        return account ? encodeAccountData(chain.svm, account, { encoding }, 'base64') : null
      })
    }
    const returnData = result.returnData
    const returnBytes = returnData?.data()
    return withContext(chain, {
      err: result.err,
      logs: result.logs,
      accounts,
      unitsConsumed: result.unitsConsumed,
      returnData:
        returnData && returnBytes && returnBytes.length > 0
          ? {
              programId: getAddressDecoder().decode(returnData.programId()),
              data: [getBase64Decoder().decode(returnBytes), 'base64'],
            }
          : null,
      innerInstructions: null,
      loadedAccountsDataSize: 0,
      replacementBlockhash: replaceRecentBlockhash ? latest : null,
      fee: feeForHeader(message.header.numSignerAccounts, message),
    })
  },
  getSignatureStatuses: (chain, params) => {
    const signatures = params[0]
    if (!Array.isArray(signatures)) {
      throw new RpcError(
        errorCodes.invalidParams,
        'Invalid params: expected an array of signatures',
      )
    }
    return withContext(
      chain,
      signatures.map((signature) => {
        const landed = typeof signature === 'string' ? chain.transactions.get(signature) : undefined
        if (!landed) return null
        return {
          slot: landed.slot,
          confirmations: null,
          err: landed.err,
          status: landed.err === null ? { Ok: null } : { Err: landed.err },
          confirmationStatus: 'finalized',
        }
      }),
    )
  },
  getSignaturesForAddress: (chain, params) => {
    const address = requireAddress(params, 0)
    const config = optionalConfig(params, 1)
    const limit = typeof config.limit === 'number' ? Math.min(config.limit, 1000) : 1000
    const landed = [...chain.transactions.values()].reverse()
    let start = 0
    if (typeof config.before === 'string') {
      const index = landed.findIndex((entry) => entry.signature === config.before)
      start = index === -1 ? landed.length : index + 1
    }
    const result = []
    for (const entry of landed.slice(start)) {
      if (entry.signature === config.until) break
      if (!entry.accountKeys.includes(address)) continue
      result.push({
        signature: entry.signature,
        slot: entry.slot,
        err: entry.err,
        memo: null,
        blockTime: entry.blockTime,
        confirmationStatus: 'finalized',
      })
      if (result.length >= limit) break
    }
    return result
  },
  getTransaction: (chain, params) => {
    const signature = requireString(params, 0, 'signature')
    const config = optionalConfig(params, 1)
    const landed = chain.transactions.get(signature)
    if (!landed || landed.wire.length === 0) return null
    const maxVersion = config.maxSupportedTransactionVersion
    if (
      landed.version !== 'legacy' &&
      (typeof maxVersion !== 'number' || maxVersion < landed.version)
    ) {
      throw new RpcError(
        errorCodes.unsupportedTransactionVersion,
        `Transaction version (${landed.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${landed.version}`,
      )
    }
    const encoding = typeof config.encoding === 'string' ? config.encoding : 'json'
    return {
      slot: landed.slot,
      blockTime: landed.blockTime,
      version: landed.version,
      transaction:
        encoding === 'base64'
          ? [getBase64Decoder().decode(landed.wire), 'base64']
          : encoding === 'base58'
            ? [getBase58Decoder().decode(landed.wire), 'base58']
            : transactionJson(landed.wire),
      meta: {
        err: landed.err,
        status: landed.err === null ? { Ok: null } : { Err: landed.err },
        fee: landed.fee,
        preBalances: landed.preBalances,
        postBalances: landed.postBalances,
        preTokenBalances: landed.preTokenBalances,
        postTokenBalances: landed.postTokenBalances,
        innerInstructions: [],
        logMessages: landed.logs,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: landed.unitsConsumed,
      },
    }
  },
}
