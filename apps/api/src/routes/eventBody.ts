/**
 * What `POST /e` accepts (spec §7): its query and body, held to the shapes and limits of
 * `@airlock/protocol`'s event catalogue. Unknown keys are refused, so a typo or a field the API
 * does not know about fails loudly instead of being stored unread. The stored URL keeps neither
 * query string nor fragment (they can carry tokens), nor credentials.
 */

import { analyticsEvents, type EventBody, errorReportEvents, eventLimits } from '@airlock/protocol'
import { z } from 'zod'
import { projectIdPattern } from '../projectIds'

/** How far ahead of the server's clock a client's clock may run. */
export const maxClockSkewMs = 24 * 60 * 60 * 1000

export const eventQuerySchema = z.object({
  projectId: z.string().regex(projectIdPattern, 'must be a project id'),
  /** SDK type. */
  st: z.string().min(1).max(64),
  /** SDK version. */
  sv: z.string().min(1).max(64),
})

const atMost = (max: number) => z.string().max(max, `must be at most ${max} characters`)
const address = atMost(eventLimits.address).min(1).exactOptional()

const trackProps = z.strictObject({
  type: z.literal('track'),
  event: z
    .enum(analyticsEvents)
    .refine((event) => event !== 'MODAL_CREATED', 'MODAL_CREATED is never sent'),
  properties: z
    .record(z.string(), z.unknown())
    .refine(
      (properties) => JSON.stringify(properties).length <= eventLimits.properties,
      `must be at most ${eventLimits.properties} characters as JSON`,
    )
    .exactOptional(),
  address,
})

const errorReportProps = z.strictObject({
  type: z.literal('error'),
  event: z.enum(errorReportEvents),
  errorType: atMost(eventLimits.errorType).min(1),
  errorMessage: atMost(eventLimits.errorMessage),
  stackTrace: atMost(eventLimits.stackTrace),
  address,
})

/**
 * The body schema against the clock `now` (ms since the epoch): a timestamp more than a day
 * ahead of it is refused.
 */
export function eventBodySchema(now: () => number) {
  return z
    .strictObject({
      eventId: z.uuid(),
      url: z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
        .max(2048)
        .transform(pageAddress),
      domain: z.string().min(1).max(253),
      timestamp: z
        .int()
        .nonnegative()
        .refine(
          (timestamp) => timestamp <= now() + maxClockSkewMs,
          'must not be more than 24 hours in the future',
        ),
      props: z.discriminatedUnion('type', [trackProps, errorReportProps]),
    })
    .refine((body) => body.domain === new URL(body.url).hostname, {
      path: ['domain'],
      message: 'must be the hostname of url',
      // Only on an otherwise valid body: `url` may not even be a URL yet.
      when: (payload) => payload.issues.length === 0,
    }) satisfies z.ZodType<EventBody>
}

/** `url` without query string, fragment or credentials. */
function pageAddress(url: string): string {
  const parsed = new URL(url)
  parsed.search = ''
  parsed.hash = ''
  parsed.username = ''
  parsed.password = ''
  return parsed.href
}
