import {
  alerts,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  ProjectIdNotConfiguredError,
} from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { HttpError, RequestTimeoutError } from '../api'
import {
  alertFor,
  apiFailureAlert,
  isReportableApiFailure,
  SessionExpiredError,
  unknownAlert,
} from './alerts'

const apiError = (status: number, code?: string) =>
  new HttpError(status, code ? { error: { code, message: code } } : undefined)

describe('alertFor: the catalogue from the conditions that cause each alert', () => {
  test.each([
    [
      'the API refusing the host origin',
      apiError(403, 'invalidAppConfiguration'),
      'Invalid App Configuration',
    ],
    [
      'the host being refused over the bridge',
      new InvalidAppConfigurationError(),
      'Invalid App Configuration',
    ],
    ['the API not knowing the project', apiError(404, 'invalidProjectId'), 'Invalid Project ID'],
    ['a project id nobody knows', new InvalidProjectIdError(), 'Invalid Project ID'],
    ['no project id', new ProjectIdNotConfiguredError(), 'Project ID Not Configured'],
    ['the API answering 429', apiError(429), 'Rate Limited'],
    ['the API answering rateLimited', apiError(429, 'rateLimited'), 'Rate Limited'],
    ['the API answering 500', apiError(500, 'internalError'), 'Server Error'],
    ['a gateway answering 503', apiError(503), 'Server Error'],
    [
      'a call outlasting its timeout',
      new RequestTimeoutError('/v1/wallets', 20_000),
      'Request Timeout',
    ],
    ['a 408 from a proxy', apiError(408), 'Request Timeout'],
    ['the WalletConnect session expiring', new SessionExpiredError(), 'Session Expired'],
    [
      "the email and social wallet's frame failing",
      Object.assign(new Error('frame'), { name: 'EmbeddedWalletLoadError' }),
      'Embedded Wallet Load Failed',
    ],
  ])('behavior: %s shows %s', (_, error, shortMessage) => {
    expect(alertFor(error).shortMessage).toBe(shortMessage)
  })

  test.each([
    ['a plain error', new Error('what')],
    ['a thrown string', 'what'],
    ['nothing', undefined],
    ['an unknown API code', apiError(418, 'teapot')],
  ])("behavior: %s shows 'Unknown error'", (_, error) => {
    expect(alertFor(error)).toEqual({
      shortMessage: 'Unknown error',
      longMessage: 'Something went wrong. Try again.',
    })
  })

  test('behavior: every alert of the catalogue has a cause that shows it', () => {
    const causes = [
      apiError(403, 'invalidAppConfiguration'),
      new InvalidProjectIdError(),
      new ProjectIdNotConfiguredError(),
      apiError(429),
      apiError(500),
      new RequestTimeoutError('/e', 1),
      new SessionExpiredError(),
      Object.assign(new Error(), { name: 'EmbeddedWalletLoadError' }),
    ]
    const shown = new Set(causes.map((cause) => alertFor(cause).shortMessage))
    // 'Network Not Found' is shown where a network is looked up (controllers.test.ts).
    shown.add(alerts.networkNotFound.shortMessage)
    const catalogue = Object.values(alerts).map((alert) => alert.shortMessage)
    expect([...shown].sort()).toEqual(catalogue.sort())
  })
})

describe('apiFailureAlert: which failed API calls reach the alert bar', () => {
  test.each([
    [apiError(429), 'Rate Limited'],
    [apiError(502), 'Server Error'],
    [new RequestTimeoutError('/v1/wallets', 1), 'Request Timeout'],
    [apiError(403, 'invalidAppConfiguration'), 'Invalid App Configuration'],
    [apiError(403, 'crossOriginRequest'), 'Unknown error'],
    [apiError(404), 'Unknown error'],
  ])('behavior: a failed call with %o shows %s', (error, shortMessage) => {
    expect(apiFailureAlert(error)?.shortMessage).toBe(shortMessage)
  })

  test.each([
    ['an invalid request (the view says why)', apiError(400, 'invalidRequest')],
    ['an unsupported chain (the view says so)', apiError(400, 'unsupportedChain')],
    ['no answer at all (offline: the view retries)', new TypeError('Failed to fetch')],
  ])('behavior: %s shows no alert', (_, error) => {
    expect(apiFailureAlert(error)).toBeUndefined()
  })

  test('behavior: the unknown alert is the one for anything else', () => {
    expect(apiFailureAlert(apiError(409, 'conflict'))).toBe(unknownAlert)
  })
})

describe('isReportableApiFailure', () => {
  test.each([
    [apiError(500), true],
    [apiError(400, 'invalidRequest'), true],
    [new RequestTimeoutError('/e', 1), true],
    [apiError(400, 'unsupportedChain'), false],
    [apiError(429), false],
    [apiError(403, 'invalidAppConfiguration'), false],
    [new TypeError('Failed to fetch'), false],
  ])('behavior: a failed call with %o is reported: %s', (error, reportable) => {
    expect(isReportableApiFailure(error)).toBe(reportable)
  })
})
