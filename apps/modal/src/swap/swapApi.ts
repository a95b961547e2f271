/**
 * The typed client of the API's swap routes (`routes/swap.ts` in the API) for this project and
 * host page: tokens (and one to import, read from its contract), quote, gas price, allowance, and
 * the approve and swap transactions the API
 * builds. Every answer is checked against the protocol's schemas; every failure is a SwapError.
 */
import {
  type SwapAllowanceRequest,
  type SwapApproveRequest,
  type SwapQuoteRequest,
  type SwapTransactionRequest,
  swapAllowanceSchema,
  swapApproveTransactionSchema,
  swapGasPriceSchema,
  swapQuoteSchema,
  swapTokenAnswerSchema,
  swapTokensSchema,
  swapTransactionSchema,
} from '@airlock/protocol'
import type { ApiFetch, Method } from '../api'
import { swapText } from '../messages/swapText'
import type { ModalStore } from '../stores/store'
import { SwapError, swapErrorOf } from './swapError'

type Schema<value> = {
  safeParse(input: unknown): { success: true; data: value } | { success: false; error: unknown }
}

/** What the client needs: the API, and the store that says which project and host page. */
export type SwapApiContext = { apiFetch: ApiFetch; store: ModalStore }

/**
 * @example
 * const swapApi = createSwapApi({ apiFetch, store })
 * const { tokens } = await swapApi.tokens(1)
 */
export function createSwapApi({ apiFetch, store }: SwapApiContext) {
  /** A swap route for this project and host page, its answer checked by `schema`. */
  async function call<value>(
    method: Method,
    route: string,
    schema: Schema<value>,
    request: { query?: Record<string, string>; body?: unknown },
  ): Promise<value> {
    const { config, host } = store.getState()
    if (!config.projectId || !host) throw new SwapError(swapText.noHost)
    let answer: unknown
    try {
      answer = await apiFetch(
        method,
        `/v1/projects/${encodeURIComponent(config.projectId)}/swap/${route}`,
        {
          query: { ...request.query, hostOrigin: host.origin },
          ...(request.body !== undefined ? { body: request.body } : {}),
          frame: { projectId: config.projectId, hostOrigin: host.origin },
          quiet: true,
        },
      )
    } catch (error) {
      throw swapErrorOf(error)
    }
    const parsed = schema.safeParse(answer)
    if (!parsed.success)
      throw new SwapError(swapText.badAnswer, { cause: parsed.error, code: 'badAnswer' })
    return parsed.data
  }

  return {
    /** The tokens a swap on `chainId` can take or give; elsewhere `unsupportedSwapNetwork`. */
    tokens: (chainId: number) =>
      call('GET', 'tokens', swapTokensSchema, { query: { chainId: String(chainId) } }),
    /** A token the list lacks, read from the contract at `address`; no token is `swapTokenNotContract`. */
    token: (chainId: number, address: string) =>
      call('GET', 'token', swapTokenAnswerSchema, {
        query: { chainId: String(chainId), address },
      }),
    quote: (body: SwapQuoteRequest) => call('POST', 'quote', swapQuoteSchema, { body }),
    gasPrice: (chainId: number) =>
      call('GET', 'gas-price', swapGasPriceSchema, { query: { chainId: String(chainId) } }),
    allowance: (body: SwapAllowanceRequest) =>
      call('POST', 'allowance', swapAllowanceSchema, { body }),
    approve: (body: SwapApproveRequest) =>
      call('POST', 'approve', swapApproveTransactionSchema, { body }),
    transaction: (body: SwapTransactionRequest) =>
      call('POST', 'transaction', swapTransactionSchema, { body }),
  }
}
export type SwapApi = ReturnType<typeof createSwapApi>
