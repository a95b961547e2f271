/**
 * The validators of request bodies and queries, with the protocol's zod schemas: a handler
 * after them reads `c.req.valid('json')` or `c.req.valid('query')`, already checked. A refusal
 * is 400 `invalidRequest` naming the fields at fault (`body.amount: …`, `chainId: …`), the
 * answers the routes have always given; a body nesting deeper than {@link maxJsonDepth} is 400
 * `jsonTooDeep` on every route, before it is parsed. A route's own checks of what the validators
 * passed (`routeCheck`) run after them, still before the project's budget is spent.
 */
import type { Context, Env, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { validator } from 'hono/validator'
import {
  apiError,
  describeIssues,
  describeQueryIssues,
  type RequestSchema,
  type SchemaError,
} from './apiError'
import { maxJsonDepth, nestsDeeperThan } from './jsonDepth'

/** How a route answers a body it refuses: by default 400 `invalidRequest` with `message`. */
export type BodyRefusal = (c: Context, message: string) => Response

const invalidRequest: BodyRefusal = (c, message) => apiError(c, 400, 'invalidRequest', message)

/**
 * The request's body, parsed as JSON and checked by `schema`. Hono's `validator('json')` would
 * skip a body sent without a JSON Content-Type and answer malformed JSON in its own words; the
 * routes parse whatever the body is and answer 'The request body must be JSON', so this reads
 * the text itself and hands the result on as the validator does. Whatever the route's refusal,
 * a body too deeply nested is refused as such: its checks would overflow the stack. A route whose
 * body may be left out (`emptyIs`: a DELETE's) checks an empty body as that value.
 */
export function jsonBody<output>(
  schema: RequestSchema<output>,
  refused: BodyRefusal = invalidRequest,
  { emptyIs }: { emptyIs?: unknown } = {},
): MiddlewareHandler<Env, string, { in: { json: unknown }; out: { json: output } }> {
  return async (c, next) => {
    const text = await c.req.text()
    let json: unknown = emptyIs
    if (text !== '' || emptyIs === undefined) {
      if (nestsDeeperThan(text, maxJsonDepth))
        return apiError(
          c,
          400,
          'jsonTooDeep',
          `The request body nests arrays and objects more than ${maxJsonDepth} deep`,
        )
      try {
        json = JSON.parse(text)
      } catch {
        return refused(c, 'The request body must be JSON')
      }
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) return refused(c, describeIssues(parsed.error, 'body'))
    c.req.addValidatedData('json', parsed.data as object)
    await next()
  }
}

/**
 * The query, each parameter's first value as `c.req.query()` reads it (or as `read` does),
 * checked by `schema`. Refused by `refused` (default 400 `invalidRequest`), in `describe`'s words
 * (default `chainId: …`).
 */
export const queryOf = <output>(
  schema: RequestSchema<output>,
  {
    refused = invalidRequest,
    describe = describeQueryIssues,
    read = (c) => c.req.query(),
  }: {
    refused?: BodyRefusal
    describe?: (error: SchemaError) => string
    read?: (c: Context) => unknown
  } = {},
) =>
  validator('query', (_value, c) => {
    const parsed = schema.safeParse(read(c))
    return parsed.success ? parsed.data : refused(c, describe(parsed.error))
  })

/**
 * The body a `jsonBody` earlier in the chain checked, for a middleware that serves routes of
 * several bodies and reads only what they share (`hostOrigin`).
 */
export const checkedBody = <body>(c: Context): body => c.req.valid('json' as never) as body

/** The query a `queryOf` earlier in the chain checked, for a middleware of several schemas. */
export const checkedQuery = <query>(c: Context): query => c.req.valid('query' as never) as query

/**
 * A route's own check of a request, as middleware: what `check` throws is answered by `refused`
 * (which throws on what is not a refusal); else the request goes on. Given to the admission
 * (`frameAdmission`'s checks, or before `projectBudget`), it refuses a bad request before the
 * project's budget is spent; the handler runs the same checks again as it does its work.
 *
 * @example
 * admitted(jsonBody(onrampQuoteRequestSchema), routeCheck((c) => c.var.service.check(checkedBody(c)), failed))
 */
export const routeCheck = <env extends Env>(
  check: (c: Context<env>) => unknown,
  refused: (c: Context, error: unknown) => Response,
) =>
  createMiddleware<env>(async (c, next) => {
    try {
      await check(c)
    } catch (error) {
      return refused(c, error)
    }
    await next()
  })
