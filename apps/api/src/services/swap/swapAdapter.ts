/**
 * What a swap provider does for one chain (issue 22), whichever it is: 1inch's API on the spec's
 * networks (`oneInch.ts`), a Uniswap v2 router on a chain we run (`localSwap.ts`). Amounts are
 * bigints in smallest units here; the routes turn them into the protocol's decimal strings.
 * Every method throws `SwapProviderError` when the provider fails or refuses, and nothing else
 * a route should answer.
 */
import type {
  SwapApproveTransaction,
  SwapGasPrice,
  SwapToken,
  SwapTransaction,
} from '@airlock/protocol'
import type { Address } from 'viem'

/** What a quote gives before the API adds the slippage's minimum and its expiry. */
export type SwapPrice = {
  toAmount: bigint
  /** In percent, when the provider knows the pool's price. */
  priceImpact?: number | undefined
  /** Gas units, when the provider estimates them. */
  estimatedGas?: bigint | undefined
  /** The way the swap goes (the protocol's `SwapQuote.route`), when the provider says it. */
  route?: string[] | undefined
}

export type SwapAdapter = {
  /** Names the provider in messages and logs: '1inch', or the local chain's name. */
  readonly provider: string
  tokens(): Promise<SwapToken[]>
  /**
   * A token the list may not have, read from its contract; `notAContract` when the address is no
   * ERC-20 (no code, or no symbol, name and decimals).
   */
  token(address: Address): Promise<SwapToken>
  quote(request: { fromToken: Address; toToken: Address; amount: bigint }): Promise<SwapPrice>
  /** How much of `token` the swap's spender may take from `owner` (native: the largest uint256). */
  allowance(request: {
    token: Address
    owner: Address
  }): Promise<{ spender: Address; allowance: bigint }>
  approveTransaction(request: { token: Address; amount: bigint }): Promise<SwapApproveTransaction>
  /**
   * The swap for `from` to send, insisting on `minimumReceived` (the confirmed quote's); when the
   * market now gives less, `priceMoved` and nothing built. With
   * `approvalInBatch`, it is sent in one atomic batch after `approveTransaction` for `amount`:
   * checked (and its gas estimated) after that approval, not alone.
   */
  swapTransaction(request: {
    fromToken: Address
    toToken: Address
    amount: bigint
    minimumReceived: bigint
    from: Address
    approvalInBatch?: boolean | undefined
  }): Promise<SwapTransaction>
  gasPrice(): Promise<Omit<SwapGasPrice, 'chainId'>>
}
