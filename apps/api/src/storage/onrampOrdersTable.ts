/**
 * The table of onramp orders (issue 36; `services/onramp/onrampOrders.ts`): one row per checkout
 * a visitor opened, for a project and the site it was opened on, updated by the provider's
 * webhook or by asking the provider. In the database, so every replica answers the same and a
 * webhook may reach any of them.
 */
import type { NullableTimestamp, Timestamp, UpdatedTimestamp } from './columnTypes'

export type OnrampOrdersTable = {
  /** Ours, random: the provider's webhooks repeat it (Meld's externalSessionId, Coinbase's partnerUserRef). */
  id: string
  project_id: string
  host_origin: string
  /** 'meld' | 'coinbase'. */
  provider: string
  /** The provider's id of the checkout: Meld's widget session id; Coinbase's partnerUserRef. */
  provider_order_id: string
  /** As the visitor's wallet gave it; compared in lower case for eip155. */
  address: string
  network: string
  purchase_currency: string
  /** Decimal text, once a quote or the provider said it. */
  purchase_amount: string | null
  payment_currency: string
  payment_amount: string
  /** 'pending' | 'completed' | 'failed': only pending changes. */
  status: string
  created_at: Timestamp
  updated_at: UpdatedTimestamp
  /** When the provider was last asked about it (the fallback to its webhook). */
  checked_at: NullableTimestamp
}
