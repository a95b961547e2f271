/**
 * Migration 0019 (onramp orders): the purchases visitors started at a provider's checkout, and
 * where each stands (issue 36; `onrampOrdersTable.ts`).
 */
import type { Kysely, Migration } from 'kysely'

export const onrampOrdersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('onramp_orders')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('projects.id').onDelete('cascade'),
      )
      .addColumn('host_origin', 'text', (column) => column.notNull())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('provider_order_id', 'text', (column) => column.notNull())
      .addColumn('address', 'text', (column) => column.notNull())
      .addColumn('network', 'text', (column) => column.notNull())
      .addColumn('purchase_currency', 'text', (column) => column.notNull())
      .addColumn('purchase_amount', 'text')
      .addColumn('payment_currency', 'text', (column) => column.notNull())
      .addColumn('payment_amount', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
      .addColumn('checked_at', 'timestamptz')
      .execute()
    // The visitor's orders on a site, newest first.
    await db.schema
      .createIndex('onramp_orders_owner')
      .on('onramp_orders')
      .columns(['project_id', 'host_origin', 'address', 'created_at'])
      .execute()
    // A webhook that names the provider's checkout rather than our order.
    await db.schema
      .createIndex('onramp_orders_provider_order')
      .on('onramp_orders')
      .columns(['provider', 'provider_order_id'])
      .execute()
  },
}
