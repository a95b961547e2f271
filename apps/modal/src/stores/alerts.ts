/**
 * Which alert (spec §8) a failure shows. Each alert of the catalogue is mapped from what causes
 * it ('Network Not Found' is shown where a network is looked up, in controllers.ts); anything
 * else shows 'Unknown error'. `apiFailureAlert` decides which failures of the
 * modal's API calls reach the alert bar at all: those that are the environment's (the project,
 * the server, the network's speed), not the ones a view already explains.
 */
import {
  type Alert,
  type AlertId,
  type ApiErrorCode,
  alerts,
  unknownError,
} from '@airlock/protocol'
import { HttpError } from '../api'

export const unknownAlert: Alert = {
  shortMessage: unknownError,
  longMessage: 'Something went wrong. Try again.',
}

/** The WalletConnect session ended because it expired (alert 'Session Expired'). */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError'
  constructor() {
    super('The WalletConnect session expired.')
  }
}

/** Errors whose class alone says which alert they are (by `name`, as they cross the bridge). */
const alertByErrorName: Record<string, AlertId> = {
  InvalidAppConfigurationError: 'invalidAppConfiguration',
  InvalidProjectIdError: 'invalidProjectId',
  ProjectIdNotConfiguredError: 'projectIdNotConfigured',
  RequestTimeoutError: 'requestTimeout',
  SessionExpiredError: 'sessionExpired',
  // The email and social wallet's frame failing to load; that wallet is not built yet.
  EmbeddedWalletLoadError: 'embeddedWalletLoadFailed',
}

/**
 * The API's error codes that are alerts of their own (the protocol's `apiErrorCodes`). 'Project
 * ID Not Configured' is not among them: a page without a project id learns it from its inlined
 * config (main.tsx), and the API's JSON routes are never called without one.
 */
const alertByApiCode: Partial<Record<ApiErrorCode, AlertId>> = {
  invalidAppConfiguration: 'invalidAppConfiguration',
  invalidProjectId: 'invalidProjectId',
  rateLimited: 'rateLimited',
}

/** API error codes a view explains in its own words (a toast, a note): no alert for them. */
const codesViewsExplain = new Set<ApiErrorCode>(['invalidRequest', 'unsupportedChain', 'notFound'])

/** The catalogue's alert for `error`, or undefined when the catalogue has none. */
export function alertIdFor(error: unknown): AlertId | undefined {
  if (error instanceof HttpError) {
    const byCode = error.code === undefined ? undefined : alertByApiCode[error.code]
    if (byCode) return byCode
    if (error.status === 429) return 'rateLimited'
    if (error.status === 408) return 'requestTimeout'
    if (error.status >= 500) return 'serverError'
    return undefined
  }
  const name = (error as { name?: unknown } | null)?.name
  return typeof name === 'string' ? alertByErrorName[name] : undefined
}

/** The alert `error` shows: its catalogue entry, else 'Unknown error'. */
export function alertFor(error: unknown): Alert {
  const id = alertIdFor(error)
  return id ? alerts[id] : unknownAlert
}

/**
 * The alert a failed API call shows, or undefined when it shows none: catalogue failures always
 * do; an HTTP failure nobody explains shows 'Unknown error'; a failure a view explains (an
 * invalid request, an unsupported chain) or one with no answer at all (offline) shows none.
 */
export function apiFailureAlert(error: Error): Alert | undefined {
  if (alertIdFor(error)) return alertFor(error)
  if (!(error instanceof HttpError)) return undefined
  if (error.code !== undefined && codesViewsExplain.has(error.code)) return undefined
  return unknownAlert
}

/** Whether a failed API call is worth an error report: our server failing, or us asking wrong. */
export function isReportableApiFailure(error: Error): boolean {
  if (error.name === 'RequestTimeoutError') return true
  if (!(error instanceof HttpError)) return false
  return error.status >= 500 || (error.status === 400 && error.code === 'invalidRequest')
}
