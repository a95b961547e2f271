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

/**
 * Slippage (issue 36): the visitor's choice, in percent. The choices Uniswap's interface offers
 * beside a custom one; a custom one from 0.01 % to 50 % in hundredths of a percent (what
 * {@link minimumReceived} keeps exact), with a warning above 5 %: past it a swap is an easy
 * sandwich.
 */
export const swapSlippage = {
  choices: [0.1, 0.5, 1],
  min: 0.01,
  max: 50,
  warnAbove: 5,
} as const

/**
 * Price impact (issue 36): how much worse than the market a swap's price is, in percent. From 3 %
 * the view warns; from 10 % the visitor must confirm they accept it before Swap.
 */
export const swapPriceImpact = { warnFrom: 3, confirmFrom: 10 } as const

/** The words of a refused slippage. Tests assert them exactly. */
export const swapSlippageErrors = {
  notANumber: 'Enter the slippage as a number of percent, such as 0.5',
  outOfRange: `Slippage must be from ${swapSlippage.min}% to ${swapSlippage.max}%`,
  tooPrecise: 'Slippage has at most 2 decimals',
} as const

/**
 * Why a slippage (a number, or the text a visitor typed) cannot be used, or undefined: not a
 * number, outside 0.01 %–50 %, or finer than a hundredth of a percent.
 *
 * @example
 * swapSlippageError('0.5') // undefined
 * swapSlippageError(60) // 'Slippage must be from 0.01% to 50%'
 */
export function swapSlippageError(value: number | string): string | undefined {
  if (typeof value === 'string' && !/^(\d+(\.\d*)?|\.\d+)$/.test(value.trim()))
    return swapSlippageErrors.notANumber
  const percent = Number(value)
  if (!Number.isFinite(percent)) return swapSlippageErrors.notANumber
  if (percent < swapSlippage.min || percent > swapSlippage.max) return swapSlippageErrors.outOfRange
  if (Math.abs(percent * 100 - Math.round(percent * 100)) > 1e-9)
    return swapSlippageErrors.tooPrecise
  return undefined
}

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
  /**
   * The visitor's slippage tolerance in percent (default the spec's 1 %); the API checks it
   * itself ({@link swapSlippageError}) so a wrong one is answered in the form's words.
   */
  slippage: z.optional(z.number()),
})
export type SwapQuoteRequest = z.infer<typeof swapQuoteRequestSchema>

/**
 * `GET …/swap/token?chainId=&address=`: a token the list does not have, read from its contract
 * (symbol, name, decimals) so a visitor can import it behind a warning; an address that is no
 * token is 400 `swapTokenNotContract`.
 */
export const swapTokenAnswerSchema = z.object({ token: swapTokenSchema })
export type SwapTokenAnswer = z.infer<typeof swapTokenAnswerSchema>

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
  /**
   * The way the swap goes, as the provider says it: the tokens' symbols in order
   * (`['ETH', 'aUSD']`, `['aUSD', 'WETH', 'aEUR']`) or the protocols it splits over.
   */
  route: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(20))),
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
 * shown quote's `expiresAt`: past it the API builds nothing. `minimumReceived` is the shown
 * quote's (issue 36): the transaction insists on exactly it, and when the market now gives less
 * the API builds nothing (409 `swapPriceMoved`), so the minimum the visitor confirmed is the one
 * enforced on chain. `approvalInBatch: true` says the
 * swap goes in one atomic batch (EIP-5792 `wallet_sendCalls`, a smart account's user operation)
 * right after `POST …/swap/approve`'s transaction for `amount`: the API then checks the approval
 * and the swap together, in sequence, since the allowance is not in place yet. Only for an ERC-20
 * `fromToken` (the native currency needs no approval).
 */
export const swapTransactionRequestSchema = z.object({
  ...swapQuoteRequestSchema.shape,
  from: swapRequestAddressSchema,
  quoteExpiresAt: z.number(),
  minimumReceived: z.string().check(z.maxLength(100)),
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
