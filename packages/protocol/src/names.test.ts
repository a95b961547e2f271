import { describe, expect, test } from 'vitest'
import {
  coinTypeOfChainId,
  nameLengthError,
  nameMessage,
  nameMessageDataSchema,
  nameRegisterRequestSchema,
} from './names'
import { InvalidChainIdError } from './validation'

describe('coinTypeOfChainId', () => {
  test('behavior: mainnet keeps 60; other chains get ENSIP-11 coin types', () => {
    expect(coinTypeOfChainId(1)).toBe(60)
    expect(coinTypeOfChainId(10)).toBe(0x8000000a)
    expect(coinTypeOfChainId(8453)).toBe(2147492101)
    expect(coinTypeOfChainId(0)).toBe(0x80000000)
    expect(coinTypeOfChainId(2 ** 31 - 1)).toBe(0xffffffff)
  })

  test("behavior: a chain id of 2^31 or more is 'Invalid chainId'", () => {
    expect(() => coinTypeOfChainId(2 ** 31)).toThrow(InvalidChainIdError)
    expect(() => coinTypeOfChainId(2 ** 31)).toThrow(/^Invalid chainId/)
    expect(() => coinTypeOfChainId(1.5)).toThrow(InvalidChainIdError)
  })
})

describe('nameMessage', () => {
  test('behavior: one line of JSON, keys in a fixed order, absent records left out', () => {
    expect(
      nameMessage({
        timestamp: 1764150000,
        attributes: { description: 'hi', avatar: 'https://example.com/a.png' },
        name: 'alice.airlock.eth',
      }),
    ).toBe(
      '{"name":"alice.airlock.eth","attributes":{"avatar":"https://example.com/a.png","description":"hi"},"timestamp":1764150000}',
    )
    expect(nameMessage({ name: 'alice.airlock.eth', attributes: {}, timestamp: 1 })).toBe(
      '{"name":"alice.airlock.eth","attributes":{},"timestamp":1}',
    )
  })

  test('behavior: what it builds parses back to the same data', () => {
    const data = { name: 'alice.airlock.eth', attributes: { avatar: 'ipfs://x' }, timestamp: 5 }
    expect(nameMessageDataSchema.parse(JSON.parse(nameMessage(data)))).toEqual(data)
  })
})

test('behavior: a register request needs a hex signature', () => {
  const request = { coinType: 60, address: '0x1', signature: '0xab', message: '{}' }
  expect(nameRegisterRequestSchema.safeParse(request).success).toBe(true)
  expect(nameRegisterRequestSchema.safeParse({ ...request, signature: 'ab' }).success).toBe(false)
  expect(nameRegisterRequestSchema.safeParse({ ...request, coinType: -1 }).success).toBe(false)
})

describe('nameLengthError', () => {
  test('error: over 253 characters, or a label over 63, is too long; up to them is not', () => {
    expect(nameLengthError('alice.airlock.eth')).toBeUndefined()
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.eth`
    expect(nameLengthError(longest)).toBeUndefined()
    expect(nameLengthError('a'.repeat(255))).toBe('A name has at most 253 characters.')
    expect(nameLengthError(`${'a'.repeat(64)}.eth`)).toBe(
      `"${'a'.repeat(64)}.eth" has a label of more than 63 characters.`,
    )
    // Characters, not UTF-16 units: 63 emoji are one label at the limit.
    expect(nameLengthError(`${'🙂'.repeat(63)}.eth`)).toBeUndefined()
  })
})
