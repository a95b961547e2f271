/**
 * The API's error answers: every route answers a failure with `{ error: { code, message } }`,
 * `code` one of {@link apiErrorCodes}. The API builds them; the modal parses them with
 * {@link apiErrorBodySchema} and decides from the code which alert, if any, a failure shows.
 */
import * as z from 'zod/mini'

/** Every code the API sends, one per cause. */
export const apiErrorCodes = [
  /** 400: a query, path parameter or body that does not fit; the message names the field. */
  'invalidRequest',
  /** 404: no project has this id (alert 'Invalid Project ID'). */
  'invalidProjectId',
  /** 403: the page's origin is not on the project's allowed origins (alert 'Invalid App Configuration'). */
  'invalidAppConfiguration',
  /** 403: `POST /e` from an origin other than the modal's. */
  'crossOriginRequest',
  /** 403: `POST /e` without an Origin header in production. */
  'originRequired',
  /** 413 */
  'payloadTooLarge',
  /** 404 */
  'notFound',
  /** 500 */
  'internalError',
  /** 400: the network has no account data of this kind. */
  'unsupportedChain',
  /** 503: the account-data provider failed. */
  'accountDataUnavailable',
  /** 502: an NFT image could not be fetched. */
  'imageUnavailable',
  /** 429 (alert 'Rate Limited'). */
  'rateLimited',
  /** 401: the operator's stats without the right token. */
  'unauthorized',
  /** 404: the operator's stats are off. */
  'statsDisabled',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]

export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.enum(apiErrorCodes), message: z.string() }),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
