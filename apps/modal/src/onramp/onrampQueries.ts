/**
 * Buy's server state through the modal's TanStack Query client: the options, and one quote query
 * per provider (`useQueries`) for the form as it stands, asked after a pause in typing.
 */
import type { OnrampProviderId, OnrampQuoteRequest } from '@airlock/protocol'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { createOnrampApi, type OnrampApiContext } from './onrampApi'

/** The pause after the visitor's last keystroke before quotes are asked for. */
export const onrampQuoteDelayMs = 300

/** What can be bought here, paid how, through which providers. */
export function onrampOptionsQuery(context: OnrampApiContext) {
  return queryOptions({
    queryKey: ['onramp', 'options'] as const,
    queryFn: ({ signal }) => createOnrampApi(context).options(signal),
  })
}

/**
 * `provider`'s quote for `request`; no request (a bad amount, or typing not paused), nothing asked.
 *
 * @example
 * useQueries({ queries: providers.map((provider) => onrampQuoteQuery(context, request, provider)) })
 */
export function onrampQuoteQuery(
  context: OnrampApiContext,
  request: Omit<OnrampQuoteRequest, 'provider'> | undefined,
  provider: OnrampProviderId,
) {
  return queryOptions({
    queryKey: ['onramp', 'quote', provider, request] as const,
    queryFn: request
      ? ({ signal }) => createOnrampApi(context).quote({ ...request, provider }, signal)
      : skipToken,
  })
}
