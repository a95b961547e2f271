// The capabilities of wallet_sendCalls the smart account reads: ERC-7677's paymasterService only
// for a URL the project lists (as the API stores it, `new URL(…).href`), 5700 for another unless
// optional, -32602 for one not of its form; the rest refused unless optional.
import { describe, expect, test } from 'vitest'
import {
  assertCapabilities,
  paymasterServiceOf,
  smartAccountCapabilities,
  withoutPaymasterService,
} from './sendCallsCapabilities'

const allowed = ['https://pm.shop.example/rpc?key=1', 'http://127.0.0.1:4337/']
const read = (capabilities: unknown) => {
  try {
    return paymasterServiceOf('wallet_sendCalls', capabilities, allowed)
  } catch (error) {
    return error
  }
}

describe('paymasterServiceOf', () => {
  test('behavior: a listed URL is used, as written or as the API stores it, with its context', () => {
    expect(read({ paymasterService: { url: 'http://127.0.0.1:4337' } })).toEqual({
      url: 'http://127.0.0.1:4337/',
      context: undefined,
    })
    expect(
      read({
        paymasterService: { url: 'https://PM.shop.example/rpc?key=1', context: { policy: 'a' } },
      }),
    ).toEqual({ url: 'https://pm.shop.example/rpc?key=1', context: { policy: 'a' } })
    expect(read(undefined)).toBeUndefined()
    expect(read({ atomic: { status: 'supported' } })).toBeUndefined()
  })

  test('security: another URL is 5700 named; optional, it is left out', () => {
    expect(read({ paymasterService: { url: 'https://pm.shop.example/rpc?key=2' } })).toMatchObject({
      code: 5700,
      message:
        'wallet_sendCalls: the paymaster service "https://pm.shop.example/rpc?key=2" is not one this site\'s project allows.',
    })
    expect(
      read({ paymasterService: { url: 'https://elsewhere.example', optional: true } }),
    ).toBeUndefined()
    expect(() => paymasterServiceOf('x', { paymasterService: { url: allowed[0] } }, [])).toThrow(
      /not one this site's project allows/,
    )
  })

  test('error: a service not of its form is invalid params', () => {
    for (const paymasterService of [true, {}, { url: 7 }, { url: allowed[0], context: 'a' }])
      expect(read({ paymasterService })).toMatchObject({ code: -32602 })
  })
})

describe('the other capabilities', () => {
  test('behavior: paymasterService is taken out before the rest is checked; others need optional', () => {
    expect(withoutPaymasterService({ paymasterService: { url: 'x' }, a: 1 })).toEqual({ a: 1 })
    expect(() =>
      assertCapabilities('at', withoutPaymasterService({ paymasterService: {} })),
    ).not.toThrow()
    expect(() => assertCapabilities('at', { auxiliaryFunds: { supported: true } })).toThrow(
      'at: the wallet does not support the capabilities auxiliaryFunds.',
    )
    expect(() => assertCapabilities('at', { auxiliaryFunds: { optional: true } })).not.toThrow()
  })

  test('behavior: wallet_getCapabilities says paymasterService where the project lists one', () => {
    expect(smartAccountCapabilities([])).toEqual({ atomic: { status: 'supported' } })
    expect(smartAccountCapabilities(allowed)).toEqual({
      atomic: { status: 'supported' },
      paymasterService: { supported: true },
    })
  })
})
