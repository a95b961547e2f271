/**
 * A swap provider's failure, as the swap adapters throw it and the routes answer it: `reason`
 * picks the answer (a timeout, the provider down or answering nonsense, or refusing this request),
 * `message` says it in words a visitor can read. Messages never carry the provider's key or URL.
 */
export type SwapProviderFailure =
  /** It did not answer within the adapter's timeout. */
  | 'timeout'
  /** It could not be reached, answered a 5xx, or refused this API (its key, its rate limit). */
  | 'unavailable'
  /** It answered, but not in the shape it documents. */
  | 'badAnswer'
  /** It refused this request: no liquidity, an unknown token, a swap that would fail. */
  | 'refused'
  /** A token the request names has no contract on the chain: no allowance to read or give. */
  | 'notAContract'
  /** The market now gives less than the minimum the visitor confirmed: nothing was built. */
  | 'priceMoved'

export class SwapProviderError extends Error {
  override name = 'SwapProviderError' as const
  constructor(
    readonly reason: SwapProviderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
