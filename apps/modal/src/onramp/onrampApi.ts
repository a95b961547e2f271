/**
 * The typed client of the API's onramp routes (spec §7 "onramp options", "onramp quote", the
 * checkout) for this project and host page. Answers are checked against the protocol's schemas;
 * every failure is an `OnrampApiError` whose message is what the visitor reads.
 */
import {
  type CaipNetworkId,
  type OnrampOptions,
  type OnrampOrder,
  type OnrampProviderId,
  type OnrampQuote,
  type OnrampQuoteRequest,
  onrampCheckoutRequestSchema,
  onrampCheckoutSchema,
  onrampOptionsSchema,
  onrampOrdersSchema,
  onrampQuoteRequestSchema,
  onrampQuoteSchema,
} from '@airlock/protocol'
import { type ApiFetch, HttpError, RequestTimeoutError } from '../api'
import { refusalText } from '../messages/apiRefusalText'
import { onRampText } from '../messages/onRampText'
import type { ModalStore } from '../stores/store'
import { safeCheckoutUrl } from './checkoutWindow'

/**
 * An onramp call failed: `message` is what the visitor reads (the API's words for a bad amount or
 * a provider's failure), `code` the API's error code when it gave one.
 */
export class OnrampApiError extends Error {
  override name = 'OnrampApiError' as const
  readonly code: string | undefined
  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(message, { cause: options.cause })
    this.code =
      options.code ?? (options.cause instanceof HttpError ? options.cause.code : undefined)
  }
}

/** Whether the API says buying is off here: not configured, or the project's feature off. */
export const isOnrampOff = (error: unknown): boolean =>
  error instanceof OnrampApiError &&
  (error.code === 'onrampNotConfigured' || error.code === 'onrampDisabled')

/**
 * The words for a failed call: the API's own message when it sent one (in another language, what
 * its code means), else `fallback`.
 */
function failureWords(error: unknown, fallback: string): string {
  if (error instanceof OnrampApiError) return error.message
  if (error instanceof RequestTimeoutError) return onRampText.timedOut
  if (error instanceof HttpError) {
    const said = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
    if (typeof said === 'string' && said.trim() !== '') return refusalText(error.code, said)
  }
  return fallback
}

async function call<result>(fallback: string, work: () => Promise<result>): Promise<result> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof OnrampApiError) throw error
    throw new OnrampApiError(failureWords(error, fallback), { cause: error })
  }
}

/** What the client needs: the API, and the store that says which project and host page. */
export type OnrampApiContext = { apiFetch: ApiFetch; store: ModalStore }

/**
 * @example
 * const onrampApi = createOnrampApi({ apiFetch, store })
 * const options = await onrampApi.options()
 */
export function createOnrampApi({ apiFetch, store }: OnrampApiContext) {
  /** The route of `action` for this modal's project and the site it is on. */
  function route(action: 'options' | 'quote' | 'checkout' | 'orders') {
    const { config, host } = store.getState()
    if (!config.projectId || !host)
      throw new OnrampApiError(onRampText.notAvailable, { code: 'onrampNotConfigured' })
    return {
      path: `/v1/projects/${encodeURIComponent(config.projectId)}/onramp/${action}`,
      query: { hostOrigin: host.origin },
      frame: { projectId: config.projectId, hostOrigin: host.origin },
    }
  }

  return {
    /** "onramp options" (spec §7): what can be bought, paid how, through which providers. */
    options: (signal?: AbortSignal): Promise<OnrampOptions> =>
      call(onRampText.optionsFailed, async () => {
        const { path, query, frame } = route('options')
        const answer = await apiFetch('GET', path, {
          query,
          frame,
          quiet: true,
          ...(signal ? { signal } : {}),
        })
        return onrampOptionsSchema.parse(answer)
      }),

    /** "onramp quote" (spec §7) from one provider; a failure's message is the provider's. */
    quote: (request: OnrampQuoteRequest, signal?: AbortSignal): Promise<OnrampQuote> =>
      call(onRampText.quoteFailed, async () => {
        const { path, query, frame } = route('quote')
        const answer = await apiFetch('POST', path, {
          query,
          frame,
          body: onrampQuoteRequestSchema.parse(request),
          quiet: true,
          ...(signal ? { signal } : {}),
        })
        const quote = onrampQuoteSchema.parse(answer)
        if (quote.provider !== request.provider) throw new Error('The quote is another provider’s.')
        return quote
      }),

    /** The checkout for the connected address: the provider's https page to send the visitor to. */
    checkout: (
      request: OnrampQuoteRequest & { provider: OnrampProviderId; address: string },
    ): Promise<string> =>
      call(onRampText.checkoutFailed, async () => {
        const { path, query, frame } = route('checkout')
        const answer = await apiFetch('POST', path, {
          query,
          frame,
          body: onrampCheckoutRequestSchema.parse(request),
          quiet: true,
        })
        const url = safeCheckoutUrl(onrampCheckoutSchema.parse(answer).url)
        if (url === undefined) throw new OnrampApiError(onRampText.unsafeCheckout)
        return url
      }),

    /** The purchases of `address` on `network` opened on this site, newest first (issue 36). */
    orders: (
      address: string,
      network: CaipNetworkId,
      signal?: AbortSignal,
    ): Promise<OnrampOrder[]> =>
      call(onRampText.ordersFailed, async () => {
        const { path, query, frame } = route('orders')
        const answer = await apiFetch('GET', path, {
          query: { ...query, address, network },
          frame,
          quiet: true,
          ...(signal ? { signal } : {}),
        })
        return onrampOrdersSchema.parse(answer).orders
      }),
  }
}
export type OnrampApi = ReturnType<typeof createOnrampApi>
