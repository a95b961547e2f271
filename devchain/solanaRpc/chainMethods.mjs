// @ts-check
// The local Solana RPC's methods about the chain itself: health and version, slots and epochs,
// blockhashes, rent and fees.
import { getBase64Encoder } from '@solana/kit'
import { errorCodes, RpcError } from './rpcErrors.mjs'
import { requireString, SOLANA_CORE_VERSION, withContext } from './rpcValues.mjs'
import { decodeCompiledMessage, feeForHeader } from './transactions.mjs'

/** The genesis hash of this chain (wallets tell clusters apart by it); any fixed 32 bytes. */
const GENESIS_HASH = 'AirLockLocaLnet1111111111111111111111111111'

/** @typedef {import('litesvm').LiteSVM} LiteSVM */

/** @type {Record<string, import('./rpcValues.mjs').MethodHandler>} */
export const chainMethods = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 3_294_202_862 }),
  getGenesisHash: () => GENESIS_HASH,
  getSlot: (chain) => chain.slot(),
  getBlockHeight: (chain) => chain.slot(),
  getTransactionCount: (chain) => BigInt(chain.transactions.size),
  getEpochInfo: (chain) => ({
    ...epochOfSlot(chain.svm, chain.slot()),
    absoluteSlot: chain.slot(),
    blockHeight: chain.slot(),
    transactionCount: BigInt(chain.transactions.size),
  }),
  getRecentPrioritizationFees: () => [],
  getLatestBlockhash: (chain) => withContext(chain, chain.issueLatestBlockhash()),
  isBlockhashValid: (chain, params) =>
    withContext(chain, chain.isBlockhashValid(requireString(params, 0, 'blockhash'))),
  getMinimumBalanceForRentExemption: (chain, params) => {
    const size = params[0]
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) {
      throw new RpcError(errorCodes.invalidParams, 'Invalid params: data length must be a number')
    }
    return chain.svm.minimumBalanceForRentExemption(BigInt(size))
  },
  getFeeForMessage: (chain, params) => {
    const encoded = requireString(params, 0, 'message')
    /** @type {ReturnType<typeof decodeCompiledMessage>} */
    let message
    try {
      message = decodeCompiledMessage(new Uint8Array(getBase64Encoder().encode(encoded)))
    } catch {
      throw new RpcError(errorCodes.invalidParams, 'invalid message: failed to deserialize')
    }
    return withContext(chain, feeForHeader(message.header.numSignerAccounts, message))
  },
}

/**
 * @param {LiteSVM} svm
 * @param {bigint} slot
 */
function epochOfSlot(svm, slot) {
  const schedule = svm.getEpochSchedule()
  const minimum = 32n
  if (schedule.warmup && slot < schedule.firstNormalSlot) {
    // Warmup epochs double in length from 32 slots: epoch e spans [32·(2^e − 1), 32·(2^(e+1) − 1)).
    let epoch = 0n
    let length = minimum
    let start = 0n
    while (slot >= start + length) {
      start += length
      length *= 2n
      epoch += 1n
    }
    return { epoch, slotIndex: slot - start, slotsInEpoch: length }
  }
  const normal = slot - schedule.firstNormalSlot
  return {
    epoch: schedule.firstNormalEpoch + normal / schedule.slotsPerEpoch,
    slotIndex: normal % schedule.slotsPerEpoch,
    slotsInEpoch: schedule.slotsPerEpoch,
  }
}
