/**
 * Buy's server state through the modal's TanStack Query client: the options, and one quote query
 * per provider (`useQueries`) for the form as it stands, asked after a pause in typing.
 */
import type { CaipNetworkId, OnrampProviderId, OnrampQuoteRequest } from '@airlock/protocol'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { createOnrampApi, type OnrampApiContext } from './onrampApi'

/** The key every orders query starts with: a checkout opened makes them all stale. */
export const onrampOrdersKey = ['onramp', 'orders'] as const

/** How often the orders are read again while one is pending (the API asks the provider). */
export const onrampOrdersRefreshMs = 5_000

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

/**
 * The purchases of `address` on `network` opened on this site (issue 36), read again every
 * {@link onrampOrdersRefreshMs} while one is pending; no address, nothing asked.
 */
export function onrampOrdersQuery(
  context: OnrampApiContext,
  address: string | undefined,
  network: CaipNetworkId | undefined,
) {
  return queryOptions({
    queryKey: [...onrampOrdersKey, address, network] as const,
    queryFn:
      address && network
        ? // No abort signal: a list shown again as the tab remounts keeps the read under way.
          () => createOnrampApi(context).orders(address, network)
        : skipToken,
    // Fresh for as long as it is not read again: a tab shown twice asks once.
    staleTime: onrampOrdersRefreshMs,
    refetchInterval: (query) =>
      query.state.data?.some((order) => order.status === 'pending') ? onrampOrdersRefreshMs : false,
    // Buying off here (404/403) is not worth asking again.
    retry: false,
  })
}
