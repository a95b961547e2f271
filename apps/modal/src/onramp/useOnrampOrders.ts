/**
 * The connected address's purchases on the active network (issue 36), read through the modal's
 * query client and again every few seconds while one is pending; when one the visitor saw pending
 * completes or fails, a toast says so. Nothing when buying is off here (the API refuses: no list).
 */
import type { CaipNetworkId, OnrampOrder } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { onRampText } from '../messages/onRampText'
import { queryClientOf } from '../queries/queryClient'
import { showToast } from '../stores/toasts'
import type { OnrampApiContext } from './onrampApi'
import { onrampOrdersQuery } from './onrampQueries'

/**
 * @example
 * const orders = useOnrampOrders(context, address, 'eip155:1')
 */
export function useOnrampOrders(
  context: OnrampApiContext,
  address: string | undefined,
  network: CaipNetworkId | undefined,
): OnrampOrder[] {
  const query = useQuery(onrampOrdersQuery(context, address, network), queryClientOf(context.store))
  const orders = query.data ?? []
  // The statuses last seen, by order: a toast only for a change the visitor could follow.
  const seen = useRef<Record<string, OnrampOrder['status']>>({})
  useEffect(() => {
    for (const order of orders) {
      const before = seen.current[order.id]
      seen.current[order.id] = order.status
      if (before !== 'pending' || order.status === 'pending') continue
      showToast(
        context.store,
        order.status === 'completed'
          ? {
              message: order.purchaseAmount
                ? onRampText.completedToast(order.purchaseAmount, order.purchaseCurrency)
                : onRampText.completedToastCurrency(order.purchaseCurrency),
              variant: 'success',
              autoClose: true,
            }
          : {
              message: onRampText.failedToast(order.purchaseCurrency),
              variant: 'error',
              autoClose: true,
            },
      )
    }
  }, [orders, context.store])
  return orders
}
