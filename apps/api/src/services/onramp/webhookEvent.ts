/**
 * What a provider's webhook says once its signature is checked (`meldWebhook.ts`,
 * `coinbaseWebhook.ts`): which order, as the API named it when it opened the checkout or as the
 * provider named it, and where it stands. A webhook refused is an `OnrampWebhookError`, which the
 * route answers 401 and logs; nothing is changed by it.
 */
import { timingSafeEqual } from 'node:crypto'
import type { OnrampOrderStatus } from '@airlock/protocol'

/** How far a webhook's timestamp may be from our clock: older ones may be replays. */
export const onrampWebhookToleranceMs = 5 * 60_000

export type OnrampWebhookEvent = {
  /** The order id the API gave the provider at checkout, when the event repeats it. */
  orderId: string | undefined
  /** The provider's id of the checkout (Meld's session id), when the event carries it. */
  providerOrderId: string | undefined
  status: OnrampOrderStatus
  /** The crypto delivered, when the event says it. */
  purchaseAmount: string | undefined
}

/** A webhook whose signature is missing, wrong or too old; `message` says which (never the secret). */
export class OnrampWebhookError extends Error {
  override name = 'OnrampWebhookError'
}

/** The request as the signature covers it: its exact bytes, its headers, the URL it was sent to. */
export type SignedWebhook = {
  rawBody: string
  header(name: string): string | undefined
  /** The full public URL the provider posted to (Meld signs it). */
  url: string
}

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
