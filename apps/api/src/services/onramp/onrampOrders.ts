/**
 * The orders of buying crypto (issue 36): one row per checkout a visitor opened, for the project
 * and the site it was opened on, pending until the provider says it delivered or gave up. The
 * provider's signed webhook moves it (`applyEvent`); when none came, listing the orders asks the
 * provider's order status API, at most once per `recheckAfterMs` per order (the fallback). Only a
 * pending order changes: a webhook replayed or arriving late can't undo a completed or failed one.
 */
import { randomBytes } from 'node:crypto'
import {
  type CaipNetworkId,
  namespaceOf,
  type OnrampOrder,
  type OnrampOrderStatus,
  type OnrampProviderId,
  onrampOrderStatuses,
} from '@airlock/protocol'
import type { Selectable } from 'kysely'
import type { OnrampOrdersTable } from '../../storage/onrampOrdersTable'
import type { Storage } from '../../storage/storage'
import type { OnrampAdapter, OnrampOrderUpdate } from './adapter'
import type { OnrampWebhookEvent } from './webhookEvent'

/** How long after its last check a pending order's provider is asked again. */
export const onrampOrderRecheckMs = 15_000
/** The most orders one listing asks providers about: a listing stays quick. */
const maxChecksPerListing = 3
/** The orders one listing returns, newest first. */
const maxListed = 20

/** Whose orders: a project, the site its modal is on, an address on a network. */
export type OnrampOrderOwner = {
  projectId: string
  hostOrigin: string
  address: string
  network: CaipNetworkId
}

export type NewOnrampOrder = OnrampOrderOwner & {
  id: string
  provider: OnrampProviderId
  providerOrderId: string
  purchaseCurrency: string
  purchaseAmount: string | undefined
  paymentCurrency: string
  paymentAmount: string
}

/** What a webhook did: moved an order, found it already where the event says, or found none. */
export type OnrampEventOutcome = 'updated' | 'unchanged' | 'unknown'

export type OnrampOrders = {
  /** A fresh order id, unguessable: the provider repeats it to us. */
  newId(): string
  /** Records a checkout just opened, pending. */
  record(order: NewOnrampOrder): Promise<OnrampOrder>
  /** The owner's newest orders; pending ones not checked lately are asked of their provider. */
  list(owner: OnrampOrderOwner): Promise<OnrampOrder[]>
  /** A provider's verified webhook event applied to the order it names. */
  applyEvent(provider: OnrampProviderId, event: OnrampWebhookEvent): Promise<OnrampEventOutcome>
}

export declare namespace createOnrampOrders {
  type Options = {
    storage: Storage
    adapters: readonly OnrampAdapter[]
    now?: (() => number) | undefined
    /** Where a provider's failed status answer is noted; the order stays as it was. */
    logger?: { warn(object: object, message: string): void } | undefined
    recheckAfterMs?: number | undefined
  }
}

/**
 * @example
 * const orders = createOnrampOrders({ storage, adapters })
 * await orders.list({ projectId: 'demo', hostOrigin, address, network: 'eip155:1' })
 */
export function createOnrampOrders({
  storage,
  adapters,
  now = Date.now,
  logger,
  recheckAfterMs = onrampOrderRecheckMs,
}: createOnrampOrders.Options): OnrampOrders {
  const { db } = storage
  const iso = () => new Date(now()).toISOString()

  /** Moves a pending order to `update`; a settled one stays as it is. */
  async function settle(
    row: Selectable<OnrampOrdersTable>,
    update: OnrampOrderUpdate,
  ): Promise<OnrampEventOutcome> {
    const amount = update.purchaseAmount ?? row.purchase_amount
    if (row.status !== 'pending' || (update.status === 'pending' && amount === row.purchase_amount))
      return 'unchanged'
    const result = await db
      .updateTable('onramp_orders')
      .set({ status: update.status, purchase_amount: amount, updated_at: iso() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    return result.numUpdatedRows > 0n ? 'updated' : 'unchanged'
  }

  /** Asks the order's provider where it stands; a failure leaves it as it is. */
  async function recheck(row: Selectable<OnrampOrdersTable>): Promise<void> {
    await db
      .updateTable('onramp_orders')
      .set({ checked_at: iso() })
      .where('id', '=', row.id)
      .execute()
    const adapter = adapters.find((entry) => entry.provider.id === row.provider)
    if (adapter === undefined) return
    try {
      const update = await adapter.orderStatus(row.provider_order_id)
      if (update) await settle(row, update)
    } catch (error) {
      logger?.warn(
        { err: error, order: row.id, provider: row.provider },
        'onramp order check failed',
      )
    }
  }

  async function rows(owner: OnrampOrderOwner) {
    return db
      .selectFrom('onramp_orders')
      .selectAll()
      .where('project_id', '=', owner.projectId)
      .where('host_origin', '=', owner.hostOrigin)
      .where('address', '=', ownerAddress(owner.address, owner.network))
      .where('network', '=', owner.network)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(maxListed)
      .execute()
  }

  return {
    newId: () => `ord_${randomBytes(16).toString('base64url')}`,

    async record(order) {
      const at = iso()
      const row = {
        id: order.id,
        project_id: order.projectId,
        host_origin: order.hostOrigin,
        provider: order.provider,
        provider_order_id: order.providerOrderId,
        address: ownerAddress(order.address, order.network),
        network: order.network,
        purchase_currency: order.purchaseCurrency,
        purchase_amount: order.purchaseAmount ?? null,
        payment_currency: order.paymentCurrency,
        payment_amount: order.paymentAmount,
        status: 'pending',
        created_at: at,
        updated_at: at,
        checked_at: null,
      }
      await db.insertInto('onramp_orders').values(row).execute()
      return orderOf(row)
    },

    async list(owner) {
      const listed = await rows(owner)
      const cutoff = now() - recheckAfterMs
      const due = listed
        .filter(
          (row) =>
            row.status === 'pending' &&
            new Date(row.checked_at ?? row.created_at).getTime() <= cutoff,
        )
        .slice(0, maxChecksPerListing)
      if (due.length === 0) return listed.map(orderOf)
      await Promise.all(due.map(recheck))
      return (await rows(owner)).map(orderOf)
    },

    async applyEvent(provider, event) {
      const byOrder =
        event.orderId === undefined
          ? undefined
          : await db
              .selectFrom('onramp_orders')
              .selectAll()
              .where('id', '=', event.orderId)
              .where('provider', '=', provider)
              .executeTakeFirst()
      const row =
        byOrder ??
        (event.providerOrderId === undefined
          ? undefined
          : await db
              .selectFrom('onramp_orders')
              .selectAll()
              .where('provider', '=', provider)
              .where('provider_order_id', '=', event.providerOrderId)
              .executeTakeFirst())
      if (row === undefined) return 'unknown'
      return settle(row, event)
    },
  }
}

/** An address as orders keep it: an EVM one in lower case, so any checksum finds it. */
function ownerAddress(address: string, network: CaipNetworkId): string {
  return namespaceOf(network) === 'eip155' ? address.toLowerCase() : address
}

function statusOf(text: string): OnrampOrderStatus {
  return (onrampOrderStatuses as readonly string[]).includes(text)
    ? (text as OnrampOrderStatus)
    : 'pending'
}

function orderOf(row: Selectable<OnrampOrdersTable>): OnrampOrder {
  return {
    id: row.id,
    provider: row.provider as OnrampProviderId,
    status: statusOf(row.status),
    address: row.address,
    network: row.network as CaipNetworkId,
    purchaseCurrency: row.purchase_currency,
    purchaseAmount: row.purchase_amount,
    paymentAmount: row.payment_amount,
    paymentCurrency: row.payment_currency,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}
