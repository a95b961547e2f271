import { describe, expect, test } from 'vitest'
import { eventBodySchema, eventQuerySchema, maxClockSkewMs } from './analytics'
import { eventLimits } from './analyticsEvents'

const now = 1_760_000_000_000
const bodySchema = eventBodySchema(() => now)
const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: '0b0e5a3c-8d0f-4b7e-9c55-0f5b3a2f1e11',
  url: 'https://shop.example/cart',
  domain: 'shop.example',
  timestamp: now,
  props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
  ...overrides,
})

/** `path: message` of the first issue, as the API reports it. */
function firstIssue(result: {
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] }
}) {
  const issue = result.error?.issues[0]
  return issue && `${issue.path.join('.')}: ${issue.message}`
}

describe('POST /e: the query and body the API accepts', () => {
  test('behavior: a page view keeps its page without query string, fragment or credentials', () => {
    const parsed = bodySchema.parse(event({ url: 'https://ada:pw@shop.example/cart?token=1#top' }))
    expect(parsed.url).toBe('https://shop.example/cart')
  })

  test('behavior: an error report passes', () => {
    const props = {
      type: 'error',
      event: 'API_ERROR',
      errorType: 'HttpError',
      errorMessage: 'HTTP status code: 500',
      stackTrace: '',
    }
    expect(bodySchema.parse(event({ props })).props).toEqual(props)
  })

  test.each([
    ['a non-http url', event({ url: 'javascript:alert(1)' }), 'url: must be an http(s) URL'],
    [
      'a domain other than the hostname',
      event({ domain: 'other.example' }),
      'domain: must be the hostname of url',
    ],
    [
      'a timestamp too far ahead',
      event({ timestamp: now + maxClockSkewMs + 1 }),
      'timestamp: must not be more than 24 hours in the future',
    ],
    [
      'MODAL_CREATED',
      event({ props: { type: 'track', event: 'MODAL_CREATED' } }),
      'props.event: MODAL_CREATED is never sent',
    ],
    [
      'properties over the limit',
      event({
        props: {
          type: 'track',
          event: 'MODAL_OPEN',
          properties: { a: 'x'.repeat(eventLimits.properties) },
        },
      }),
      `props.properties: must be at most ${eventLimits.properties} characters as JSON`,
    ],
  ])('behavior: %s is refused naming the field', (_, body, issue) => {
    expect(firstIssue(bodySchema.safeParse(body))).toBe(issue)
  })

  test('behavior: an unknown key is refused', () => {
    expect(bodySchema.safeParse(event({ extra: 1 })).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    )
  })

  test('behavior: the query needs a well-formed project id', () => {
    expect(eventQuerySchema.parse({ projectId: 'shop', st: 'airlock', sv: '0.1.0' })).toEqual({
      projectId: 'shop',
      st: 'airlock',
      sv: '0.1.0',
    })
    expect(
      firstIssue(eventQuerySchema.safeParse({ projectId: 'Shop!', st: 'airlock', sv: '1' })),
    ).toBe('projectId: must be a project id: 2 to 63 lowercase letters, digits or hyphens')
  })
})
