/**
 * Swap's steps (issue 22) against the API's swap routes and the connected wallet: a quote with the
 * network fee (and, for an ERC-20, the spender's allowance); an approval when the allowance falls
 * short; and the swap itself. The API builds the transactions, the wallet sends them, the modal
 * waits for their receipts. A wallet that makes calls atomically (a smart account) gets the
 * approval and the swap as one batch, approved once (swapBatch.ts, issue 35 point 5); any other
 * approves first, then swaps. Every failure is a `SwapError` whose message is for the visitor.
 * The Swap view runs them as TanStack Query queries and mutations (`swapQueries.ts`).
 */
import type { NetworkConfig, RequestArguments, SwapQuote, SwapToken } from '@airlock/protocol'
import { formatNetworkFee } from '@airlock/protocol'
import { erc20Abi, isAddressEqual, parseEventLogs } from 'viem'
import { numberToHex } from 'viem/utils'
import { chainClient } from '../chainClient'
import { swapText } from '../messages/swapText'
import { refreshAccountData, refreshAfterIndexing } from '../queries/refresh'
import { activeNetworkOf } from '../stores/store'
import { showToast } from '../stores/toasts'
import { createSwapApi, type SwapApiContext } from './swapApi'
import { batchesAtomically, sendSwapBatch } from './swapBatch'
import { SwapError, swapErrorOf } from './swapError'
import { isNativeSwapToken, isQuoteExpired, swapChainIdOf } from './swapForm'
import { swapAmountText, swapExactText } from './swapFormat'

type Hex = `0x${string}`

/** What the steps need: the API and store, and the connected wallet. */
export type SwapContext = SwapApiContext & {
  /** The connected wallet (`connection.forward`): undefined when none is connected. */
  walletRequest(request: RequestArguments): Promise<unknown> | undefined
  /** Where receipts are waited for; default the network's RPC. Tests give their own. */
  receiptClient?: ((network: NetworkConfig) => Promise<ReceiptClient>) | undefined
  /** The clock, ms since the epoch (a quote's expiry). Default `Date.now`. */
  now?: (() => number) | undefined
}

/** What the flow reads of a receipt: whether it went through, and its logs (what was received). */
export type SwapReceipt = {
  status: 'success' | 'reverted'
  logs: readonly { address: string; topics: readonly Hex[]; data: Hex }[]
}

/**
 * The amount of `token` (an ERC-20) the receipt's Transfer logs gave `owner`; undefined for the
 * native currency, which no log shows, or when none did.
 *
 * @example
 * receivedOf(receipt, aUsd, owner) // 2961223456n
 */
export function receivedOf(
  receipt: Pick<SwapReceipt, 'logs'>,
  token: string,
  owner: string,
): bigint | undefined {
  if (isNativeSwapToken(token)) return undefined
  const transfers = parseEventLogs({
    abi: erc20Abi,
    eventName: 'Transfer',
    logs: receipt.logs.map((log) => ({ ...log, topics: [...log.topics] })) as never,
    strict: true,
  })
  const mine = transfers.filter(
    (log) => isAddressEqual(log.address, token as Hex) && isAddressEqual(log.args.to, owner as Hex),
  )
  return mine.length === 0 ? undefined : mine.reduce((sum, log) => sum + log.args.value, 0n)
}

/** The one read of a chain the flow makes: a sent transaction's receipt. */
export type ReceiptClient = {
  waitForTransactionReceipt(parameters: {
    hash: Hex
    timeout: number
    pollingInterval: number
  }): Promise<SwapReceipt>
}

/**
 * A transaction the API built, as `eth_sendTransaction` takes it from `from`: the API's wei and
 * gas are decimal, the wallet's hex.
 */
export function walletTransaction(
  from: string,
  transaction: { to: string; data: string; value: string; gas?: string | undefined },
): { from: Hex; to: Hex; data: Hex; value: Hex; gas?: Hex } {
  return {
    from: from as Hex,
    to: transaction.to as Hex,
    data: transaction.data as Hex,
    value: numberToHex(BigInt(transaction.value)),
    ...(transaction.gas !== undefined ? { gas: numberToHex(BigInt(transaction.gas)) } : {}),
  }
}

/** A quote as the view shows it: the network fee and, for an ERC-20, the allowance with it. */
export type SwapOffer = {
  quote: SwapQuote
  /** The quote's gas at the API's gas price; undefined when either is not known. */
  fee: { wei: bigint; text: string } | undefined
  /** What the spender may take of `fromToken`; undefined for the native currency (none needed). */
  allowance: bigint | undefined
  /**
   * Whether the wallet sends an approval and the swap as one atomic batch (EIP-5792 atomic
   * capability): then Swap needs no Approve step first. Asked for an ERC-20 only.
   */
  batched?: boolean | undefined
}

export type SwapRequest = {
  chainId: number
  fromToken: SwapToken
  toToken: SwapToken
  /** The `fromToken` amount in smallest units. */
  amount: bigint
  /** The visitor's slippage tolerance in percent (the protocol's `swapSlippage`). */
  slippage: number
}

/** The connected EVM account and the active network, which must be `chainId`. */
function accountOn(context: SwapContext, chainId: number) {
  const state = context.store.getState()
  const network = activeNetworkOf(state)
  if (!network || swapChainIdOf(state) !== chainId)
    throw new SwapError(swapText.unsupportedNamespace)
  if (!state.address) throw new SwapError(swapText.notConnected, { code: 'noWallet' })
  return { network, owner: state.address }
}

/**
 * Quotes `request`, with the gas price for its fee and, when `fromToken` is an ERC-20, the
 * allowance the swap needs: asked together. A gas price that fails only leaves the fee unknown.
 */
export async function quoteSwap(context: SwapContext, request: SwapRequest): Promise<SwapOffer> {
  const { chainId, fromToken, toToken, amount, slippage } = request
  const { network, owner } = accountOn(context, chainId)
  const swapApi = createSwapApi(context)
  const [quote, gasPrice, allowance, batched] = await Promise.all([
    swapApi.quote({
      chainId,
      fromToken: fromToken.address,
      toToken: toToken.address,
      amount: String(amount),
      slippage,
    }),
    swapApi.gasPrice(chainId).catch(() => undefined),
    isNativeSwapToken(fromToken.address)
      ? undefined
      : swapApi.allowance({ chainId, token: fromToken.address, owner }),
    isNativeSwapToken(fromToken.address)
      ? false
      : batchesAtomically(context.walletRequest, owner, network),
  ])
  const fee =
    quote.estimatedGas !== undefined && gasPrice
      ? BigInt(quote.estimatedGas) * BigInt(gasPrice.gasPrice)
      : undefined
  return {
    quote,
    fee:
      fee === undefined
        ? undefined
        : { wei: fee, text: formatNetworkFee(fee, network.nativeCurrency) },
    allowance: allowance === undefined ? undefined : BigInt(allowance.allowance),
    ...(batched ? { batched } : {}),
  }
}

/** Whether the offer's ERC-20 needs an approval first: its allowance is below the amount. */
export const needsApproval = (offer: Pick<SwapOffer, 'allowance' | 'quote'>): boolean =>
  offer.allowance !== undefined && offer.allowance < BigInt(offer.quote.fromAmount)

/** Whether Approve is a step of its own before Swap: the approval is needed, and not batched. */
export const approvesFirst = (offer: Pick<SwapOffer, 'allowance' | 'quote' | 'batched'>): boolean =>
  needsApproval(offer) && offer.batched !== true

/** Where an approval or a swap is: in the wallet, or waiting for the chain to include it. */
export type SwapStep = 'wallet' | 'chain'

/** Sends `transaction` from the account through the wallet and waits for its receipt. */
async function sendAndConfirm(
  context: SwapContext,
  network: NetworkConfig,
  from: string,
  transaction: Parameters<typeof walletTransaction>[1],
  onStep: ((step: SwapStep) => void) | undefined,
): Promise<SwapReceipt> {
  onStep?.('wallet')
  const pending = context.walletRequest({
    method: 'eth_sendTransaction',
    params: [walletTransaction(from, transaction)],
  })
  if (!pending) throw new SwapError(swapText.noWallet, { code: 'noWallet' })
  const hash = await pending
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new SwapError(swapText.noHash)
  onStep?.('chain')
  const client = await (context.receiptClient ?? chainClient)(network)
  // Looked for every second, as Send does: blocks come every 2 s on many L2s.
  const receipt = await client.waitForTransactionReceipt({
    hash: hash as Hex,
    timeout: 60_000,
    pollingInterval: 1_000,
  })
  if (receipt.status !== 'success') throw new SwapError(swapText.reverted, { code: 'reverted' })
  return receipt
}

/** A failed approval or swap: told in a toast too, as Send does, and thrown as a SwapError. */
function failed(context: SwapContext, error: unknown): never {
  const failure = swapErrorOf(error)
  showToast(context.store, { message: failure.message, variant: 'error', autoClose: true })
  throw failure
}

/**
 * Lets the swap's spender take `amount` of `token`: the API's approve transaction, sent by the
 * wallet, then its receipt. Resolves with the allowance now standing (the amount).
 */
export async function approveSwap(
  context: SwapContext,
  request: { chainId: number; token: SwapToken; amount: bigint },
  onStep?: (step: SwapStep) => void,
): Promise<bigint> {
  try {
    const { network, owner } = accountOn(context, request.chainId)
    const transaction = await createSwapApi(context).approve({
      chainId: request.chainId,
      token: request.token.address,
      amount: String(request.amount),
    })
    await sendAndConfirm(context, network, owner, transaction, onStep)
    return request.amount
  } catch (error) {
    failed(context, error)
  }
}

/**
 * How a swap ended: swapped, or a new quote in place of the confirmed one, nothing sent: it
 * expired, or the market moved beyond the slippage (`priceMoved`).
 */
export type SwapOutcome =
  | { status: 'swapped' }
  | { status: 'requoted'; reason: 'expired' | 'priceMoved'; offer: SwapOffer }

/**
 * Swaps what `offer` quoted: the API builds the transaction on its minimum received (refused once
 * the quote expired, or when the market now gives less), the wallet sends it, the chain includes
 * it; then the account's data is refreshed and a toast says what was swapped. A quote that expired
 * (here, or by the API's clock) or that the market left is replaced by a new one, and nothing is
 * sent.
 */
export async function swapTokens(
  context: SwapContext,
  request: Omit<SwapRequest, 'amount' | 'slippage'> & { offer: SwapOffer },
  onStep?: (step: SwapStep) => void,
): Promise<SwapOutcome> {
  const { chainId, fromToken, toToken, offer } = request
  const amount = BigInt(offer.quote.fromAmount)
  const slippage = offer.quote.slippage
  const requote = async (reason: 'expired' | 'priceMoved'): Promise<SwapOutcome> => ({
    status: 'requoted',
    reason,
    offer: await quoteSwap(context, { chainId, fromToken, toToken, amount, slippage }),
  })
  let received: bigint | undefined
  try {
    const { network, owner } = accountOn(context, chainId)
    if (isQuoteExpired(offer.quote, (context.now ?? Date.now)())) return await requote('expired')
    const swapApi = createSwapApi(context)
    // The approval goes in the swap's batch: the API checks the swap after it.
    const batched = needsApproval(offer) && offer.batched === true
    let transactions: Parameters<typeof walletTransaction>[1][]
    try {
      transactions = await Promise.all([
        ...(batched
          ? [swapApi.approve({ chainId, token: fromToken.address, amount: String(amount) })]
          : []),
        swapApi.transaction({
          chainId,
          fromToken: fromToken.address,
          toToken: toToken.address,
          amount: String(amount),
          from: owner,
          quoteExpiresAt: offer.quote.expiresAt,
          // The minimum the visitor saw is the one the chain enforces.
          minimumReceived: offer.quote.minimumReceived,
          ...(batched ? { approvalInBatch: true } : {}),
        }),
      ])
    } catch (error) {
      // The API's clock says the quote ran out before ours did.
      if (error instanceof SwapError && error.code === 'swapQuoteExpired')
        return await requote('expired')
      // The market left the quote: nothing to send; the visitor decides on the new one.
      if (error instanceof SwapError && error.code === 'swapPriceMoved')
        return await requote('priceMoved')
      throw error
    }
    let receipt: Pick<SwapReceipt, 'logs'>
    if (batched) {
      onStep?.('wallet')
      // One approval in the wallet for both; all or nothing on chain.
      receipt = await sendSwapBatch(context.walletRequest, {
        network,
        from: owner,
        calls: transactions,
        onSent: () => onStep?.('chain'),
      })
    } else receipt = await sendAndConfirm(context, network, owner, transactions[0]!, onStep)
    received = receivedOf(receipt, toToken.address, owner)
  } catch (error) {
    failed(context, error)
  }
  // What the chain says arrived; the native currency shows in no log, so its quote stands in.
  const toAmount = received ?? BigInt(offer.quote.toAmount)
  showToast(context.store, {
    message: swapText.swapped(
      `${swapExactText(amount, fromToken.decimals)} ${fromToken.symbol}`,
      `${swapAmountText(toAmount, toToken.decimals)} ${toToken.symbol}`,
    ),
    variant: 'success',
    autoClose: true,
  })
  refreshAccountData(context.store)
  refreshAfterIndexing(context.store)
  return { status: 'swapped' }
}
