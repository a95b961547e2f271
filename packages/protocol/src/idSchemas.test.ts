import { describe, expect, test } from 'vitest'
import { caipNetworkIdSchema, projectIdSchema } from './idSchemas'

/** The message of the first issue: what the API answers a bad parameter with. */
const firstMessage = (result: { error?: { issues: readonly { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('projectIdSchema: a project id parameter', () => {
  test.each([
    ['shop', undefined],
    [undefined, 'is required'],
    ['', 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'],
    ['-shop', 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'],
  ])('behavior: %j gives %j', (value, message) => {
    expect(firstMessage(projectIdSchema.safeParse(value))).toBe(message)
  })
})

describe('caipNetworkIdSchema: a network id parameter', () => {
  test.each([
    ['eip155:1', undefined],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', undefined],
    ['eip155', 'must be a CAIP-2 network id such as eip155:1'],
    ['tezos:1', 'must be a CAIP-2 network id such as eip155:1'],
    [1, 'must be a CAIP-2 network id such as eip155:1'],
  ])('behavior: %j gives %j', (value, message) => {
    expect(firstMessage(caipNetworkIdSchema.safeParse(value))).toBe(message)
  })
})
