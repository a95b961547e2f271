import { describe, expect, test } from 'vitest'
import {
  coinTypeOfChainId,
  nameAttributesSchema,
  nameLengthError,
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

describe('nameAttributesSchema', () => {
  test('behavior: links are an http(s) URL and bare handles', () => {
    const links = {
      url: 'https://alice.example/',
      'com.twitter': 'alice_1',
      'com.github': 'al-ice',
    }
    expect(nameAttributesSchema.parse(links)).toEqual(links)
  })

  test.each([
    [{ url: 'javascript:alert(1)' }, 'must be an http(s) URL'],
    [{ url: 'alice.example' }, 'must be an http(s) URL'],
    [{ 'com.twitter': '@alice' }, 'must be an X (Twitter) handle'],
    [{ 'com.twitter': 'a'.repeat(16) }, 'must be an X (Twitter) handle'],
    [{ 'com.github': 'al--ice' }, 'must be a GitHub user name'],
    [{ 'com.github': 'https://github.com/alice' }, 'must be a GitHub user name'],
  ])('error: %j is refused in words (%s)', (attributes, words) => {
    const parsed = nameAttributesSchema.safeParse(attributes)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toContain(words)
  })
})
