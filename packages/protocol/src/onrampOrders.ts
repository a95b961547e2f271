/**
 * Purchases you can follow (issue 36): the orders the API records when the visitor opens a
 * provider's checkout, kept up to date by the provider's signed webhook and, as a fallback, by
 * asking the provider. The modal lists an address's orders on the site it is on:
 *
 *   GET /v1/projects/:id/onramp/orders?hostOrigin=&address=&network=  → OnrampOrders
 *
 * Amounts are decimal strings as the quotes carry them.
 */
import * as z from 'zod/mini'
import { caipNetworkIdSchema } from './idSchemas'
import { onrampProviderIds } from './onramp'

/** Where an order stands: `pending` until the provider says it delivered or gave up. */
export const onrampOrderStatuses = ['pending', 'completed', 'failed'] as const
export type OnrampOrderStatus = (typeof onrampOrderStatuses)[number]

export const onrampOrderSchema = z.object({
  id: z.string(),
  provider: z.enum(onrampProviderIds),
  status: z.enum(onrampOrderStatuses),
  address: z.string(),
  network: caipNetworkIdSchema,
  /** What is bought: 'USDC', and how much once a quote or the provider said it ('97.5'). */
  purchaseCurrency: z.string(),
  purchaseAmount: z.nullable(z.string()),
  /** What is paid: '100.00' 'USD'. */
  paymentAmount: z.string(),
  paymentCurrency: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OnrampOrder = z.infer<typeof onrampOrderSchema>

/** The answer of the orders route: newest first. */
export const onrampOrdersSchema = z.object({ orders: z.array(onrampOrderSchema) })
export type OnrampOrders = z.infer<typeof onrampOrdersSchema>

/** The orders route's query: whose orders, on which network. */
export const onrampOrdersQuerySchema = z.object({
  hostOrigin: z.string(),
  address: z.string({ error: 'is required' }).check(z.minLength(1), z.maxLength(128)),
  network: caipNetworkIdSchema,
})
export type OnrampOrdersQuery = z.infer<typeof onrampOrdersQuerySchema>
