/**
 * Meld's webhook (docs.meld.io "Webhooks authentication", "Crypto webhooks"): checked, then read.
 * Each request carries `Meld-Signature`, base64url with padding of HMAC-SHA256 under the webhook
 * profile's secret over `<Meld-Signature-Timestamp>.<the URL it was sent to>.<the raw body>`, and
 * `Meld-Signature-Timestamp` (an ISO date-time in Meld's example; unix seconds accepted too).
 * The body: `{ eventType: 'TRANSACTION_CRYPTO_PENDING' | …_TRANSFERRING | …_COMPLETE | …_FAILED,
 * payload: { externalSessionId, sessionId, paymentTransactionId, paymentTransactionStatus } }`;
 * `externalSessionId` is the order id the API gave the widget session.
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
  payload: z.looseObject({
    externalSessionId: z.string().nullish(),
    sessionId: z.string().nullish(),
    paymentTransactionStatus: z.string().nullish(),
  }),
})

/** Meld's signature of a body sent to `url` at `timestamp`. */
export function meldSignature(secret: string, timestamp: string, url: string, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${url}.${body}`).digest('base64url')
}

/** The timestamp header as milliseconds: ISO 8601, or unix seconds. */
function timestampMs(text: string): number {
  return /^\d{1,12}$/.test(text) ? Number(text) * 1000 : Date.parse(text)
}

/**
 * The event of a Meld webhook whose signature is Meld's, or undefined for an event that is not
 * about a purchase's status (Meld sends others to the same profile).
 *
 * @throws OnrampWebhookError when the signature is missing, wrong or too old.
 */
export function readMeldWebhook(
  request: SignedWebhook,
  secret: string,
  now: number,
): OnrampWebhookEvent | undefined {
  const signature = request.header('meld-signature')
  const timestamp = request.header('meld-signature-timestamp')
  if (!signature || !timestamp)
    throw new OnrampWebhookError('The webhook has no Meld-Signature and Meld-Signature-Timestamp.')
  const sentAt = timestampMs(timestamp)
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > onrampWebhookToleranceMs)
    throw new OnrampWebhookError('The webhook’s Meld-Signature-Timestamp is not within 5 minutes.')
  const expected = meldSignature(secret, timestamp, request.url, request.rawBody)
  // Meld pads its base64url; a signature sent without the padding is the same one.
  if (!sameText(signature.replace(/=+$/, ''), expected.replace(/=+$/, '')))
    throw new OnrampWebhookError('The webhook’s Meld-Signature is not Meld’s.')
  let body: unknown
  try {
    body = JSON.parse(request.rawBody)
  } catch {
    return undefined
  }
  const parsed = eventSchema.safeParse(body)
  if (!parsed.success) return undefined
  const status = meldEventStatus(parsed.data.eventType)
  if (status === undefined) return undefined
  const { payload } = parsed.data
  return {
    orderId: payload.externalSessionId ?? undefined,
    providerOrderId: payload.sessionId ?? undefined,
    status,
    purchaseAmount: undefined,
  }
}

/** A crypto transaction's event as an order's status; other events are not ours. */
function meldEventStatus(eventType: string): OnrampWebhookEvent['status'] | undefined {
  switch (eventType) {
    case 'TRANSACTION_CRYPTO_PENDING':
    case 'TRANSACTION_CRYPTO_TRANSFERRING':
      return 'pending'
    case 'TRANSACTION_CRYPTO_COMPLETE':
      return 'completed'
    case 'TRANSACTION_CRYPTO_FAILED':
      return 'failed'
    default:
      return undefined
  }
}

/**
 * A Meld transaction's status (its "Get transaction" answer) as an order's: settled is
 * delivered; declined, cancelled, failed, errored, voided or refunded, failed; else pending.
 */
export function meldTransactionStatus(status: string): OnrampWebhookEvent['status'] {
  if (status === 'SETTLED' || status === 'ONRAMP_SETTLED') return 'completed'
  if (['DECLINED', 'CANCELLED', 'FAILED', 'ERROR', 'VOIDED', 'REFUNDED'].includes(status))
    return 'failed'
  return 'pending'
}
