/**
 * The visitor's purchases in Activity (issue 36): each order they opened at a provider's checkout
 * on this site, 'Bought 97.5 USDC', pending, completed or failed, newest first, above the
 * transactions. Shown only where Buy is offered. Rows carry `data-onramp-order` and
 * `data-status`.
 */
import type { OnrampOrder } from '@airlock/protocol'
import { useMemo } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { onRampText } from '../../messages/onRampText'
import type { OnrampApiContext } from '../../onramp/onrampApi'
import { useOnrampOrders } from '../../onramp/useOnrampOrders'
import { isWalletFeatureAvailable } from '../../stores/walletFeatures'
import styles from './AccountTabs.module.css'
import { AssetIcon } from './AssetIcon'
import { formatActivityDate } from './format'

/** The purchases of the connected address; nothing where Buy is not offered. */
export function PurchasesList() {
  const offered = useModalState((state) => isWalletFeatureAvailable(state, 'onramp'))
  return offered ? <Purchases /> : null
}

function Purchases() {
  const { store, api } = useModal()
  const context: OnrampApiContext = useMemo(() => ({ store, apiFetch: api.apiFetch }), [store, api])
  const address = useModalState((state) => state.address)
  const network = useModalState((state) => state.activeNetwork)
  const orders = useOnrampOrders(context, address, network)
  if (orders.length === 0) return null
  const now = Date.now()
  return (
    <ul className={styles.list} aria-label={onRampText.purchases}>
      {orders.map((order) => (
        <PurchaseRow key={order.id} order={order} now={now} />
      ))}
    </ul>
  )
}

function PurchaseRow({ order, now }: { order: OnrampOrder; now: number }) {
  return (
    <li className={styles.row} data-onramp-order={order.id} data-status={order.status}>
      <AssetIcon src={undefined} fallback="+" shape="round" />
      <span className={styles.main}>
        <span className={styles.titleLine}>
          <span className={styles.primary}>
            {order.purchaseAmount
              ? onRampText.bought(order.purchaseAmount, order.purchaseCurrency)
              : onRampText.boughtCurrency(order.purchaseCurrency)}
          </span>
          {order.status === 'failed' && (
            <span className={styles.failedTag}>{onRampText.orderStatus.failed}</span>
          )}
          {order.status === 'pending' && (
            <span className={styles.pendingTag}>{onRampText.orderStatus.pending}</span>
          )}
        </span>
      </span>
      <span className={styles.side}>
        <span className={`${styles.primary} ${styles.numeric}`}>
          {onRampText.paid(order.paymentAmount, order.paymentCurrency)}
        </span>
        <span className={styles.secondary}>
          <time dateTime={order.createdAt}>{formatActivityDate(order.createdAt, now)}</time>
        </span>
      </span>
    </li>
  )
}
