/**
 * The Swap form's rules (issue 22): which chain, which balance, and why the form cannot be
 * quoted yet, in the protocol's words (`swapAmountError`), before anything is asked; and what a
 * quote needs before it can be swapped.
 */
import {
  type SwapQuote,
  type SwapToken,
  swapAmountError,
  swapNativeTokenAddress,
  type TokenBalance,
  tryParseCaipNetworkId,
} from '@airlock/protocol'
import { parseUnits } from 'viem/utils'
import { swapText } from '../messages/swapText'
import type { ModalState } from '../stores/store'

/** The eip155 chain id of the active network, or undefined when it is not an EVM one. */
export function swapChainIdOf(state: Pick<ModalState, 'activeNetwork'>): number | undefined {
  const network = tryParseCaipNetworkId(state.activeNetwork)
  if (network?.namespace !== 'eip155') return undefined
  const chainId = Number(network.reference)
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
}

/** Whether `address` is the native currency's stand-in address. */
export const isNativeSwapToken = (address: string): boolean =>
  address.toLowerCase() === swapNativeTokenAddress.toLowerCase()

/** The account's balance entry of `token`: by address, the native currency having none. */
export function swapBalanceOf(
  token: Pick<SwapToken, 'address'>,
  balances: readonly TokenBalance[],
): TokenBalance | undefined {
  const native = isNativeSwapToken(token.address)
  return balances.find((balance) =>
    native ? !balance.address : balance.address?.toLowerCase() === token.address.toLowerCase(),
  )
}

/**
 * How much of `token` the account holds, in smallest units, or undefined when that is not known
 * (`balances` undefined: not loaded). A token absent from a loaded list is held at 0.
 */
export function swapBalance(
  token: SwapToken,
  balances: readonly TokenBalance[] | undefined,
): { value: bigint; symbol: string } | undefined {
  if (!balances) return undefined
  const balance = swapBalanceOf(token, balances)
  if (!balance) return { value: 0n, symbol: token.symbol }
  try {
    return {
      value: parseUnits(balance.quantity.numeric, Number(balance.quantity.decimals)),
      symbol: token.symbol,
    }
  } catch {
    return undefined
  }
}

/** The form as the visitor filled it in. */
export type SwapForm = {
  fromToken: SwapToken | undefined
  toToken: SwapToken | undefined
  /** The `fromToken` amount, as typed. */
  amount: string
}

/**
 * Why the form cannot be quoted, or undefined when it can: both tokens chosen and different,
 * then the amount in the protocol's words (empty, not a number, zero, too many decimals, more
 * than the balance when it is known).
 *
 * @example
 * swapFormError({ fromToken: usdc, toToken: ether, amount: '1.1234567' }, balances)
 * // 'Too many decimals: the token has 6'
 */
export function swapFormError(
  form: SwapForm,
  balances: readonly TokenBalance[] | undefined,
): string | undefined {
  const { fromToken, toToken } = form
  if (!fromToken || !toToken) return swapText.chooseTokens
  if (fromToken.address.toLowerCase() === toToken.address.toLowerCase()) return swapText.sameTokens
  return swapAmountError(form.amount, fromToken.decimals, swapBalance(fromToken, balances))
}

/** The form's amount in `token`'s smallest units (the form checked it). */
export const swapUnitsOf = (amount: string, token: Pick<SwapToken, 'decimals'>): bigint =>
  parseUnits(amount.trim(), token.decimals)

/** Whether the quote no longer stands at `now` (the API refuses to build its swap then). */
export const isQuoteExpired = (quote: Pick<SwapQuote, 'expiresAt'>, now: number): boolean =>
  now >= quote.expiresAt
