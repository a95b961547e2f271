/**
 * Swaps (issue 22; spec §7 "swap tokens", "gas price", "swap allowance", §9 "Wallets and swaps"):
 * what the modal's Swap view and the API's swap routes say to each other, and the amount rule the
 * form and the API both apply. Amounts on the wire are in the token's smallest units, as decimal
 * strings (a uint256 does not fit a JSON number). The spec's constants (slippage 1 %, provider
 * '1inch', the supported chain ids) are in `constants.ts`; the routes are not part of this file.
 */
import { isAddress } from 'viem'
import * as z from 'zod/mini'
import { parseAmount } from './amounts'
import { swapSlippageTolerance } from './constants'
import { tokenAmountErrors } from './validation'

/** The address 1inch (and this API) gives a chain's native currency in token lists and quotes. */
export const swapNativeTokenAddress = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/**
 * How long a quote stands: the swap transaction is refused after it, so a visitor never confirms
 * a price the market left. Not in the spec; the modal re-quotes when it runs out.
 */
export const swapQuoteLifetimeMs = 30_000

/** The largest amount a uint256 holds. */
const maxUint256 = 2n ** 256n - 1n

/**
 * The words of a refused amount (Send's where it has them: `tokenAmountErrors`). Tests assert
 * them exactly.
 */
export const swapAmountErrors = {
  required: 'Enter an amount',
  notANumber: 'Enter a number',
  zero: 'Enter an amount greater than 0',
  tooLarge: 'Amount too large',
  ...tokenAmountErrors,
  /** An amount in smallest units (the API's requests) is a whole number. */
  notWholeUnits: "Too many decimals: the amount is in the token's smallest units, a whole number",
} as const

/**
 * Why the amount a visitor typed cannot be swapped, or undefined when it can: empty, not a plain
 * decimal number, more decimals than the token has, zero, beyond a uint256, or more than the
 * balance (when one is given).
 *
 * @example
 * swapAmountError('1.5', 6, { value: 2_000_000n, symbol: 'USDC' }) // undefined
 * swapAmountError('1.1234567', 6) // 'Too many decimals: the token has 6'
 * swapAmountError('3', 6, { value: 2_000_000n, symbol: 'USDC' }) // 'Insufficient USDC balance'
 */
export function swapAmountError(
  text: string,
  decimals: number,
  balance?: { value: bigint; symbol: string } | undefined,
): string | undefined {
  const { units: value, problem } = parseAmount(text, decimals)
  if (problem === 'tooManyDecimals') return swapAmountErrors.tooManyDecimals(decimals)
  if (problem !== undefined)
    return problem === 'empty' ? swapAmountErrors.required : swapAmountErrors.notANumber
  if (value === 0n) return swapAmountErrors.zero
  if (value > maxUint256) return swapAmountErrors.tooLarge
  if (balance !== undefined && value > balance.value)
    return swapAmountErrors.insufficientBalance(balance.symbol)
  return undefined
}

/**
 * Why an amount in smallest units (as the API's requests carry it) cannot be swapped, or
 * undefined: the words of {@link swapAmountError}, a fraction being too many decimals.
 *
 * @example
 * swapUnitsError('1000000') // undefined
 * swapUnitsError('0') // 'Enter an amount greater than 0'
 */
export function swapUnitsError(text: string): string | undefined {
  const error = swapAmountError(text, 0)
  return error?.startsWith('Too many decimals') ? swapAmountErrors.notWholeUnits : error
}

/**
 * The least a swap of `toAmount` may give at `slippagePercent` (default the spec's 1 %), rounded
 * down: what the swap transaction insists on, or it reverts.
 *
 * @example
 * minimumReceived(1_000_000n) // 990_000n
 */
export function minimumReceived(
  toAmount: bigint,
  slippagePercent: number = swapSlippageTolerance,
): bigint {
  // In hundredths of a percent, so a slippage such as 0.5 stays exact.
  const keptBasisPoints = 10_000n - BigInt(Math.round(slippagePercent * 100))
  return (toAmount * keptBasisPoints) / 10_000n
}

const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address'))
/**
 * An address a request names: an EVM address, and a mixed-case one must carry its EIP-55
 * checksum (viem's `isAddress`, strict). A mistyped character is refused here, in words, instead
 * of failing at the provider.
 */
const swapRequestAddressSchema = z
  .string()
  .check(
    z.refine(
      (value) => isAddress(value, { strict: true }),
      'must be an EVM address: 0x and 40 hex digits, all lower case or with its EIP-55 checksum',
    ),
  )
const hexData = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex'))
/** A uint256 in decimal: what every amount, allowance and wei value is on the wire. */
const decimalUnits = z.string().check(z.regex(/^\d{1,78}$/, 'must be a whole number in decimal'))
/** An eip155 chain id. */
const chainId = z.number().check(z.int(), z.positive())

/** One token a swap can take or give (`GET …/swap/tokens`); native is {@link swapNativeTokenAddress}. */
export const swapTokenSchema = z.object({
  address: evmAddress,
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().check(z.int(), z.nonnegative()),
  logoURI: z.optional(z.string()),
})
export type SwapToken = z.infer<typeof swapTokenSchema>

/** `GET /v1/projects/:id/swap/tokens?chainId=&hostOrigin=`: the tokens of the chain. */
export const swapTokensSchema = z.object({ tokens: z.array(swapTokenSchema) })
export type SwapTokens = z.infer<typeof swapTokensSchema>

/**
 * `POST …/swap/quote`. `amount` is the `fromToken` amount in smallest units; it is a string the
 * API checks itself ({@link swapUnitsError}) so a wrong one is answered in the form's words.
 */
export const swapQuoteRequestSchema = z.object({
  chainId,
  fromToken: swapRequestAddressSchema,
  toToken: swapRequestAddressSchema,
  amount: z.string().check(z.maxLength(100)),
})
export type SwapQuoteRequest = z.infer<typeof swapQuoteRequestSchema>

/** A quote: what `amount` of `fromToken` gives now, and the least it gives at the slippage. */
export const swapQuoteSchema = z.object({
  chainId,
  fromToken: evmAddress,
  toToken: evmAddress,
  fromAmount: decimalUnits,
  toAmount: decimalUnits,
  /** `toAmount` less the slippage tolerance ({@link minimumReceived}). */
  minimumReceived: decimalUnits,
  /** The slippage tolerance the minimum is at, in percent. */
  slippage: z.number(),
  /** How much worse than the pool's price, in percent; absent when the provider does not say. */
  priceImpact: z.optional(z.number()),
  /** Gas units the swap should take, when the provider estimates it. */
  estimatedGas: z.optional(decimalUnits),
  /** When the quote stops standing, ms since the epoch ({@link swapQuoteLifetimeMs}). */
  expiresAt: z.number(),
})
export type SwapQuote = z.infer<typeof swapQuoteSchema>

/** `POST …/swap/allowance`: how much of `token` the swap's spender may take from `owner`. */
export const swapAllowanceRequestSchema = z.object({
  chainId,
  token: swapRequestAddressSchema,
  owner: swapRequestAddressSchema,
})
export type SwapAllowanceRequest = z.infer<typeof swapAllowanceRequestSchema>

/** The allowance; the native currency needs none and answers the largest uint256. */
export const swapAllowanceSchema = z.object({
  token: evmAddress,
  owner: evmAddress,
  spender: evmAddress,
  allowance: decimalUnits,
})
export type SwapAllowance = z.infer<typeof swapAllowanceSchema>

/** `POST …/swap/approve`: the transaction that lets the spender take `amount` of `token`. */
export const swapApproveRequestSchema = z.object({
  chainId,
  token: swapRequestAddressSchema,
  amount: z.string().check(z.maxLength(100)),
})
export type SwapApproveRequest = z.infer<typeof swapApproveRequestSchema>

/** A transaction for the connected wallet to send, unchanged. `value` is wei in decimal. */
export const swapApproveTransactionSchema = z.object({
  to: evmAddress,
  data: hexData,
  value: decimalUnits,
})
export type SwapApproveTransaction = z.infer<typeof swapApproveTransactionSchema>

/**
 * `POST …/swap/transaction`: the swap a quote showed, for `from` to send. `quoteExpiresAt` is the
 * shown quote's `expiresAt`: past it the API builds nothing. `approvalInBatch: true` says the
 * swap goes in one atomic batch (EIP-5792 `wallet_sendCalls`, a smart account's user operation)
 * right after `POST …/swap/approve`'s transaction for `amount`: the API then checks the approval
 * and the swap together, in sequence, since the allowance is not in place yet. Only for an ERC-20
 * `fromToken` (the native currency needs no approval).
 */
export const swapTransactionRequestSchema = z.object({
  ...swapQuoteRequestSchema.shape,
  from: swapRequestAddressSchema,
  quoteExpiresAt: z.number(),
  approvalInBatch: z.optional(z.boolean()),
})
export type SwapTransactionRequest = z.infer<typeof swapTransactionRequestSchema>

/** The swap transaction, its minimum at the slippage tolerance; `gas` when estimated. */
export const swapTransactionSchema = z.object({
  ...swapApproveTransactionSchema.shape,
  gas: z.optional(decimalUnits),
})
export type SwapTransaction = z.infer<typeof swapTransactionSchema>

/**
 * `GET …/swap/gas-price?chainId=&hostOrigin=`, wei in decimal: `gasPrice` is what a unit of gas
 * is expected to cost (the network fee is it times the gas); EIP-1559 chains also give the caps.
 */
export const swapGasPriceSchema = z.object({
  chainId,
  gasPrice: decimalUnits,
  maxFeePerGas: z.optional(decimalUnits),
  maxPriorityFeePerGas: z.optional(decimalUnits),
})
export type SwapGasPrice = z.infer<typeof swapGasPriceSchema>
