// The Polkadot stand-in's transfer history in Subscan's shape, as production reads it from
// Subscan: POST /api/v2/scan/transfers {address, row, page} → {code: 0, message: "Success",
// generated_at, data: {count, transfers}} with each transfer's from/to (SS58), amount in DOT as a
// decimal string, amount_v2 in plancks, block_num, block_timestamp (seconds), extrinsic_index,
// hash, success and fee (plancks), page counted from 0, newest first.
import { encodeAddress } from '@polkadot/util-crypto'
import { HttpRefusal } from './errors.mjs'
import { chainProperties } from './runtime.mjs'

/** Plancks as a decimal DOT string without trailing zeros: 15000000000n → "1.5". */
export function plancksToDot(/** @type {bigint} */ plancks) {
  const unit = 10n ** BigInt(chainProperties.tokenDecimals)
  const fraction = (plancks % unit).toString().padStart(chainProperties.tokenDecimals, '0')
  const trimmed = fraction.replace(/0+$/, '')
  return `${plancks / unit}${trimmed ? `.${trimmed}` : ''}`
}

/**
 * Subscan's answer to /api/v2/scan/transfers for the ledger's transfers.
 * @param {ReturnType<typeof import('./ledger.mjs').createLedger>} ledger
 * @param {unknown} request the parsed body
 */
export function subscanTransfers(ledger, request) {
  const { address, row = 10, page = 0 } = /** @type {Record<string, unknown>} */ (request ?? {})
  if (
    !Number.isInteger(row) ||
    /** @type {number} */ (row) < 1 ||
    /** @type {number} */ (row) > 100 ||
    !Number.isInteger(page) ||
    /** @type {number} */ (page) < 0
  )
    throw new HttpRefusal(400, 'row must be 1 to 100 and page 0 or more')
  let id
  try {
    id = ledger.accountIdOf(address)
  } catch (error) {
    throw new HttpRefusal(400, /** @type {Error} */ (error).message)
  }
  const all = ledger.transfersOf(id)
  const from = /** @type {number} */ (page) * /** @type {number} */ (row)
  const ss58 = (/** @type {string} */ accountId) =>
    encodeAddress(accountId, chainProperties.ss58Format)
  return {
    code: 0,
    message: 'Success',
    generated_at: Math.floor(Date.now() / 1000),
    data: {
      count: all.length,
      transfers: all.slice(from, from + /** @type {number} */ (row)).map((transfer) => ({
        from: ss58(transfer.from),
        to: ss58(transfer.to),
        from_account_display: { address: ss58(transfer.from) },
        to_account_display: { address: ss58(transfer.to) },
        amount: plancksToDot(transfer.amount),
        amount_v2: transfer.amount.toString(),
        asset_symbol: chainProperties.tokenSymbol,
        asset_unique_id: chainProperties.tokenSymbol,
        module: 'balances',
        block_num: transfer.blockNumber,
        block_timestamp: transfer.timestamp,
        extrinsic_index: transfer.extrinsicIndex,
        event_idx: 1,
        hash: transfer.hash,
        success: transfer.success,
        fee: transfer.fee.toString(),
      })),
    },
  }
}
