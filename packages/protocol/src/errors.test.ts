import { describe, expect, test } from 'vitest'
import {
  BaseError,
  deserializeError,
  errorCodes,
  InvalidAppConfigurationError,
  InvalidParamsError,
  isUserRejection,
  ProviderRpcError,
  serializeError,
  UserRejectedRequestError,
  userRejectionCodes,
} from './errors'

describe('errors', () => {
  test('behavior: message holds the short message and details; shortMessage is the catalogue text', () => {
    const error = new InvalidAppConfigurationError({ details: 'http://evil.test is not allowed.' })
    expect(error.shortMessage).toBe('Invalid App Configuration')
    expect(error.message).toBe(
      'Invalid App Configuration\n\nDetails: http://evil.test is not allowed.',
    )
    expect(error.name).toBe('InvalidAppConfigurationError')
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toBeInstanceOf(BaseError)
  })

  test("behavior: a declined request is EIP-1193's userRejectedRequest or WalletConnect's 5000-5002", () => {
    expect(userRejectionCodes).toContain(errorCodes.userRejectedRequest)
    expect(isUserRejection(new UserRejectedRequestError())).toBe(true)
    for (const code of [5000, 5001, 5002]) expect(isUserRejection({ code })).toBe(true)
    for (const code of [4100, -32603, 5003, '4001']) expect(isUserRejection({ code })).toBe(false)
  })

  test('behavior: EIP-1193 codes are kept', () => {
    expect(new UserRejectedRequestError().code).toBe(4001)
    expect(new InvalidParamsError().code).toBe(-32602)
    expect(errorCodes).toMatchObject({
      userRejectedRequest: 4001,
      unauthorized: 4100,
      unsupportedMethod: 4200,
      disconnected: 4900,
      chainDisconnected: 4901,
      invalidParams: -32602,
      internal: -32603,
    })
  })

  test('behavior: an error crossing the bridge is rebuilt as the same class', () => {
    const sent = new UserRejectedRequestError({
      message: 'Connection rejected',
      details: 'by user',
    })
    const wire = JSON.parse(JSON.stringify(serializeError(sent)))
    expect(wire).toEqual({
      name: 'UserRejectedRequestError',
      code: 4001,
      message: 'Connection rejected',
      details: 'by user',
    })
    const received = deserializeError(wire)
    expect(received).toBeInstanceOf(UserRejectedRequestError)
    expect(received.shortMessage).toBe('Connection rejected')
    expect(received.details).toBe('by user')
  })

  test('behavior: a wallet error keeps its code; an unknown name becomes a ProviderRpcError', () => {
    const wire = serializeError({ code: 4902, message: 'Unrecognized chain' })
    const received = deserializeError(wire)
    expect(received.name).toBe('ProviderRpcError')
    expect(received.code).toBe(4902)
    expect(received.shortMessage).toBe('Unrecognized chain')
  })

  test('behavior: anything else thrown becomes Unknown error', () => {
    expect(serializeError('boom')).toEqual({
      name: 'InternalError',
      code: -32603,
      message: 'Unknown error',
    })
    expect(deserializeError(null).shortMessage).toBe('Unknown error')
    expect(deserializeError({ name: '__proto__', message: 7 }).shortMessage).toBe('Unknown error')
  })
})
