import { describe, expect, test } from 'vitest'
import {
  accountDataPageQuerySchema,
  accountDataQuerySchema,
  walletListQuerySchema,
} from './apiQueries'

/** `parameter: message` of each issue, as the API answers them. */
function issuesOf(result: {
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] }
}) {
  return result.error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)
}

describe('GET /v1/wallets query', () => {
  test('behavior: numbers and lists are read; list values trimmed, split and listed once', () => {
    expect(
      walletListQuerySchema.parse({
        projectId: 'shop',
        page: '2',
        entries: '40',
        namespaces: ['eip155, solana', 'eip155'],
        exclude: [' a ,, b'],
        recommended: 'true',
      }),
    ).toEqual({
      projectId: 'shop',
      page: 2,
      entries: 40,
      namespaces: ['eip155', 'solana'],
      exclude: ['a', 'b'],
      recommended: 'true',
    })
  })

  test.each([
    [{}, 'projectId: is required'],
    [{ projectId: 'shop', page: '0' }, 'page: must be a whole number from 1 to 10000'],
    [{ projectId: 'shop', entries: '41' }, 'entries: must be a whole number from 1 to 40'],
    [
      { projectId: 'shop', namespaces: ['tron'] },
      'namespaces: unknown namespace "tron"; use eip155, solana, polkadot, bip122, cosmos',
    ],
    [
      { projectId: 'shop', include: ['x'.repeat(129)] },
      'include: each value must be at most 128 characters',
    ],
    [{ projectId: 'shop', recommended: 'yes' }, 'recommended: must be true or false'],
  ])('behavior: %j is refused: %s', (query, issue) => {
    expect(issuesOf(walletListQuerySchema.safeParse(query))).toEqual([issue])
  })
})

describe('GET /v1/accounts/:address/… query', () => {
  test('behavior: every missing parameter is named', () => {
    expect(issuesOf(accountDataQuerySchema.safeParse({}))).toEqual([
      'projectId: is required',
      'chainId: is required',
    ])
  })

  test.each([
    [{ chainId: 'eip155:' }, 'chainId: must be a CAIP-2 network id such as eip155:1'],
    [{ cache: 'no' }, 'cache: must be true or false'],
    [{ limit: '101' }, 'limit: must be a whole number from 1 to 100'],
    [{ cursor: 'a b' }, 'cursor: must be printable ASCII'],
  ])('behavior: %j is refused: %s', (query, issue) => {
    const result = accountDataPageQuerySchema.safeParse({
      projectId: 'shop',
      chainId: 'eip155:1',
      ...query,
    })
    expect(issuesOf(result)).toEqual([issue])
  })

  test('behavior: a page query reads its limit as a number', () => {
    expect(
      accountDataPageQuerySchema.parse({ projectId: 'shop', chainId: 'eip155:1', limit: '20' }),
    ).toEqual({ projectId: 'shop', chainId: 'eip155:1', limit: 20 })
  })
})
