/**
 * First-party analytics and error reports (spec §7): the schemas of the query and body of
 * `POST /e` the API holds them to, and the types the modal builds them as, inferred from those
 * schemas. Unknown keys are refused, so a typo or a field the API does not know about fails
 * loudly instead of being stored unread. The event names and limits are in `analyticsEvents.ts`.
 */
import * as z from 'zod/mini'
import { analyticsEvents, errorReportEvents, eventLimits } from './analyticsEvents'
import { projectIdSchema } from './idSchemas'

/** How far ahead of the server's clock a client's clock may run. */
export const maxClockSkewMs = 24 * 60 * 60 * 1000

/** The query of `POST /e`: the project, and the SDK type and version (`st`, `sv`). */
export const eventQuerySchema = z.object({
  projectId: projectIdSchema,
  /** SDK type. */
  st: z.string().check(z.minLength(1), z.maxLength(64)),
  /** SDK version. */
  sv: z.string().check(z.minLength(1), z.maxLength(64)),
})
export type EventQuery = z.infer<typeof eventQuerySchema>

const atMost = (max: number) =>
  z.string().check(z.maxLength(max, `must be at most ${max} characters`))
const address = z.exactOptional(atMost(eventLimits.address).check(z.minLength(1)))

const trackPropsSchema = z.strictObject({
  type: z.literal('track'),
  event: z
    .enum(analyticsEvents)
    .check(z.refine((event) => event !== 'MODAL_CREATED', 'MODAL_CREATED is never sent')),
  properties: z.exactOptional(
    z
      .record(z.string(), z.unknown())
      .check(
        z.refine(
          (properties) => JSON.stringify(properties).length <= eventLimits.properties,
          `must be at most ${eventLimits.properties} characters as JSON`,
        ),
      ),
  ),
  address,
})
/** `props` of an analytics event: the event data, plus the address when connected. */
export type TrackProps = z.infer<typeof trackPropsSchema>

const errorReportPropsSchema = z.strictObject({
  type: z.literal('error'),
  event: z.enum(errorReportEvents),
  errorType: atMost(eventLimits.errorType).check(z.minLength(1)),
  errorMessage: atMost(eventLimits.errorMessage),
  stackTrace: atMost(eventLimits.stackTrace),
  address,
})
/** `props` of an error report (spec §7). */
export type ErrorReportProps = z.infer<typeof errorReportPropsSchema>

const eventPropsSchema = z.discriminatedUnion('type', [trackPropsSchema, errorReportPropsSchema])
export type EventProps = z.infer<typeof eventPropsSchema>

/**
 * The body of `POST /e` against the clock `now` (ms since the epoch): a timestamp more than a
 * day ahead of it is refused, and the stored URL keeps neither query string nor fragment (they
 * can carry tokens), nor credentials.
 *
 * @example
 * const body = eventBodySchema(Date.now).safeParse(json)
 */
export function eventBodySchema(now: () => number) {
  return z
    .strictObject({
      /** A UUID: a retried event is stored once. */
      eventId: z.uuid(),
      /** The host page, without its query string or fragment. */
      url: z.pipe(
        z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(2048)),
        z.transform(pageAddress),
      ),
      /** The host page's hostname. */
      domain: z.string().check(z.minLength(1), z.maxLength(253)),
      /** When it happened, in milliseconds since the epoch. */
      timestamp: z.int().check(
        z.nonnegative(),
        z.refine(
          (timestamp) => timestamp <= now() + maxClockSkewMs,
          'must not be more than 24 hours in the future',
        ),
      ),
      props: eventPropsSchema,
    })
    .check(
      z.refine((body) => body.domain === new URL(body.url).hostname, {
        path: ['domain'],
        message: 'must be the hostname of url',
        // Only on an otherwise valid body: `url` may not even be a URL yet.
        when: (payload) => payload.issues.length === 0,
      }),
    )
}
/** The body of `POST /e` (the query carries `projectId`, `st` and `sv`). */
export type EventBody = z.infer<ReturnType<typeof eventBodySchema>>

/** `url` without query string, fragment or credentials. */
function pageAddress(url: string): string {
  const parsed = new URL(url)
  parsed.search = ''
  parsed.hash = ''
  parsed.username = ''
  parsed.password = ''
  return parsed.href
}
