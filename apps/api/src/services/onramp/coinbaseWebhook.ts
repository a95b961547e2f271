/**
 * Coinbase's onramp webhook (CDP "Webhooks: verify signatures", "Onramp & Offramp webhooks"):
 * checked, then read. `X-Hook0-Signature: t=<unix seconds>,h=<header names, space-separated>,
 * v1=<hex>`, where v1 is HMAC-SHA256 under the subscription's secret over
 * `<t>.<h>.<those headers' values joined by '.'>.<the raw body>`. The body:
 * `{ eventType: 'onramp.transaction.created' | …updated | …success | …failed, transactionId,
 * status: 'ONRAMP_TRANSACTION_STATUS_…', partnerUserRef, purchaseAmount? }`; `partnerUserRef` is
 * the order id the API put in the checkout URL.
 */
import { createHmac } from 'node:crypto'
import { z } from 'zod'
import {
  OnrampWebhookError,
  type OnrampWebhookEvent,
  onrampWebhookToleranceMs,
  type SignedWebhook,
  sameText,
} from './webhookEvent'

const eventSchema = z.looseObject({
  eventType: z.string(),
  status: z.string().nullish(),
  partnerUserRef: z.string().nullish(),
  purchaseAmount: z.looseObject({ value: z.string(), currency: z.string() }).nullish(),
  purchaseCurrency: z.string().nullish(),
})

/** Coinbase's signature header for a body with these signed headers at `timestamp` (seconds). */
export function coinbaseSignatureHeader(
  secret: string,
  timestamp: number,
  headers: Record<string, string>,
  body: string,
): string {
  const names = Object.keys(headers).join(' ')
  const values = Object.values(headers).join('.')
  const v1 = createHmac('sha256', secret)
    .update(`${timestamp}.${names}.${values}.${body}`)
    .digest('hex')
  return `t=${timestamp},h=${names},v1=${v1}`
}

/**
 * The event of a Coinbase webhook whose signature is Coinbase's, or undefined for one that is
 * not about an onramp transaction.
 *
 * @throws OnrampWebhookError when the signature is missing, wrong or too old.
 */
export function readCoinbaseWebhook(
  request: SignedWebhook,
  secret: string,
  now: number,
): OnrampWebhookEvent | undefined {
  const header = request.header('x-hook0-signature')
  if (!header) throw new OnrampWebhookError('The webhook has no X-Hook0-Signature.')
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1))
  }
  const t = parts.get('t') ?? ''
  const names = parts.get('h') ?? ''
  const v1 = parts.get('v1') ?? ''
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1))
    throw new OnrampWebhookError('The webhook’s X-Hook0-Signature is not t=…,h=…,v1=….')
  if (Math.abs(now - Number(t) * 1000) > onrampWebhookToleranceMs)
    throw new OnrampWebhookError('The webhook’s X-Hook0-Signature time is not within 5 minutes.')
  const values = names
    .split(' ')
    .filter((name) => name !== '')
    .map((name) => request.header(name) ?? '')
    .join('.')
  const expected = createHmac('sha256', secret)
    .update(`${t}.${names}.${values}.${request.rawBody}`)
    .digest('hex')
  if (!sameText(v1, expected))
    throw new OnrampWebhookError('The webhook’s X-Hook0-Signature is not Coinbase’s.')
  let body: unknown
  try {
    body = JSON.parse(request.rawBody)
  } catch {
    return undefined
  }
  const parsed = eventSchema.safeParse(body)
  if (!parsed.success || !parsed.data.eventType.startsWith('onramp.transaction.')) return undefined
  const event = parsed.data
  const amount = event.purchaseAmount
  return {
    orderId: event.partnerUserRef ?? undefined,
    providerOrderId: event.partnerUserRef ?? undefined,
    status: coinbaseTransactionStatus(event.status ?? ''),
    // Coinbase's examples give the purchase amount in the crypto bought.
    purchaseAmount:
      amount && event.purchaseCurrency && amount.currency === event.purchaseCurrency
        ? amount.value
        : undefined,
  }
}

/** A Coinbase onramp transaction's status as an order's. */
export function coinbaseTransactionStatus(status: string): OnrampWebhookEvent['status'] {
  if (status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS') return 'completed'
  if (status === 'ONRAMP_TRANSACTION_STATUS_FAILED') return 'failed'
  return 'pending'
}
