/**
 * Amounts and times of decoded calls and signatures in the approval screen's words: an amount in
 * the token's units when they are known (raw units of its address otherwise), an allowance large
 * enough to be unlimited said so, a Unix time in UTC to the minute.
 */
import { formatUnits } from 'viem'
import type { TokenIdentity } from '../../embeddedWallet/decode/tokenIdentity'
import { isUnlimited } from '../../embeddedWallet/decode/unlimited'
import { approveText as text } from '../../messages/approveText'

/**
 * @example
 * amountText(1_500_000n, { source: 'trusted', units: { symbol: 'USDC', decimals: 6 } }, usdc) // '1.5 USDC'
 * amountText(maxUint256, identity, usdc, { allowance: true }) // 'an unlimited amount'
 */
export function amountText(
  amount: bigint,
  identity: TokenIdentity,
  token: string,
  { allowance = false } = {},
): string {
  if (allowance && isUnlimited(amount)) return text.unlimited
  return identity.source === 'none'
    ? text.rawUnits(String(amount), token)
    : `${formatUnits(amount, identity.units.decimals)} ${identity.units.symbol}`
}

/** The latest time a JavaScript Date holds (8.64e15 ms); a deadline beyond it is never reached. */
const latestDateMs = 8.64e15

/**
 * @example
 * timeText(1_767_225_600n) // '2026-01-01 00:00 UTC'
 */
export function timeText(seconds: bigint): string {
  if (seconds * 1000n > BigInt(latestDateMs)) return text.never
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
