/**
 * Swap's server state through the modal's TanStack Query client: the chain's tokens, and the
 * quote for the form as it stands, asked again a little before it expires so the one shown
 * always stands; a token pasted to import, read from its contract. Approve and swap are mutations
 * (`approveSwapMutation`, `swapTokensMutation`).
 */
import type { SwapQuote } from '@airlock/protocol'
import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query'
import { maxUint256 } from 'viem'
import { createSwapApi, type SwapApiContext } from './swapApi'
import {
  approveSwap,
  quoteSwap,
  type SwapContext,
  type SwapOffer,
  type SwapRequest,
  type SwapStep,
  swapTokens,
} from './swapFlow'

/** How long before its expiry a quote is asked again. */
export const swapQuoteRefreshMarginMs = 5_000

/**
 * How long until the quote is asked again: a margin before it expires, at least a second.
 *
 * @example
 * swapQuoteRefetchMs({ expiresAt: 40_000 }, 10_000) // 25_000
 */
export function swapQuoteRefetchMs(quote: Pick<SwapQuote, 'expiresAt'>, now: number): number {
  return Math.max(1_000, quote.expiresAt - now - swapQuoteRefreshMarginMs)
}

/** The tokens a swap on `chainId` can take or give. */
export function swapTokensQuery(context: SwapApiContext, chainId: number) {
  return queryOptions({
    queryKey: ['swap', 'tokens', chainId] as const,
    queryFn: async () => (await createSwapApi(context).tokens(chainId)).tokens,
  })
}

/** A quote's question: the account too, since an ERC-20's allowance is the owner's. */
export type SwapQuestion = SwapRequest & { owner: string }

/** Where the quote for `question` is kept (amounts as text: keys are JSON). */
export const swapQuoteKey = (question: SwapQuestion | undefined) =>
  [
    'swap',
    'quote',
    question && {
      owner: question.owner,
      chainId: question.chainId,
      fromToken: question.fromToken.address,
      toToken: question.toToken.address,
      amount: String(question.amount),
      slippage: question.slippage,
    },
  ] as const

/**
 * The offer for `question`, asked again before it expires; no question (the form is not ready,
 * or typing has not paused), nothing asked.
 *
 * @example
 * useQuery({ ...swapQuoteQuery(context, question), placeholderData: keepPreviousData })
 */
export function swapQuoteQuery(context: SwapContext, question: SwapQuestion | undefined) {
  return queryOptions({
    queryKey: swapQuoteKey(question),
    queryFn: question ? (): Promise<SwapOffer> => quoteSwap(context, question) : skipToken,
    refetchInterval: (query) => {
      const quote = query.state.data?.quote
      return quote ? swapQuoteRefetchMs(quote, Date.now()) : false
    },
  })
}

/**
 * Approving the offer's ERC-20 for its amount, or an unlimited amount when the visitor asked;
 * resolves with the allowance now standing.
 */
export function approveSwapMutation(context: SwapContext, onStep: (step: SwapStep) => void) {
  return mutationOptions({
    mutationKey: ['swap', 'approve'],
    mutationFn: ({
      question,
      offer,
      unlimited = false,
    }: {
      question: SwapQuestion
      offer: SwapOffer
      unlimited?: boolean
    }) =>
      approveSwap(
        context,
        {
          chainId: question.chainId,
          token: question.fromToken,
          amount: unlimited ? maxUint256 : BigInt(offer.quote.fromAmount),
        },
        onStep,
      ),
  })
}

/** A token to import: read from its contract once the visitor pasted its address. */
export function swapImportQuery(
  context: SwapApiContext,
  chainId: number,
  address: string | undefined,
) {
  return queryOptions({
    queryKey: ['swap', 'token', chainId, address?.toLowerCase()] as const,
    queryFn: address
      ? async () => (await createSwapApi(context).token(chainId, address)).token
      : skipToken,
    retry: false,
  })
}

/** Swapping what the offer quoted (or, when it expired, a new offer in its place). */
export function swapTokensMutation(context: SwapContext, onStep: (step: SwapStep) => void) {
  return mutationOptions({
    mutationKey: ['swap', 'swap'],
    mutationFn: ({ question, offer }: { question: SwapQuestion; offer: SwapOffer }) =>
      swapTokens(
        context,
        {
          chainId: question.chainId,
          fromToken: question.fromToken,
          toToken: question.toToken,
          offer,
        },
        onStep,
      ),
  })
}
