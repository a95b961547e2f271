/**
 * The query strings of the API's GET routes the modal calls, as zod schemas the API validates
 * them with. Each refusal names its parameter (`page: must be a whole number from 1 to 10000`),
 * which the API answers as 400 `invalidRequest`. Values arrive as strings; list parameters as
 * arrays (they may repeat, or be comma-separated).
 *
 *   GET /v1/wallets?projectId=&page=&entries=&search=&namespaces=&include=&exclude=&recommended=
 *   GET /v1/accounts/:address/{balances,nfts,transactions}?projectId=&chainId=&cache=&cursor=&limit=
 */
import * as z from 'zod/mini'
import { accountDataPageSize } from './accountData'
import { caipNetworkIdMessage, knownNamespaces } from './caip'
import { projectIdSchema } from './idSchemas'
import { walletPageSize } from './wallets'

/** Limits of `GET /v1/wallets`'s query. */
export const walletQueryLimits = {
  maxPage: 10_000,
  maxListValues: 100,
  maxSearchChars: 64,
} as const

/** Longest cursor an account-data page takes. */
export const maxCursorChars = 512

/** `1`…`max` as a decimal string, read as a number. */
const wholeNumber = (max: number, digits: number) => {
  const message = `must be a whole number from 1 to ${max}`
  return z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.regex(new RegExp(`^\\d{1,${digits}}$`), message)),
        z.transform(Number),
      ),
      z.int().check(z.gte(1, message), z.lte(max, message)),
    ),
  )
}

/** `a,b,c` (or the parameter repeated): trimmed, empties dropped, duplicates once. */
const valueList = (what: string) =>
  z.pipe(
    z.pipe(
      z.array(z.string()),
      z.transform((values: string[]) => [
        ...new Set(
          values
            .flatMap((value) => value.split(','))
            .map((value) => value.trim())
            .filter((value) => value !== ''),
        ),
      ]),
    ),
    z
      .array(z.string().check(z.maxLength(128, `each ${what} must be at most 128 characters`)))
      .check(
        z.maxLength(
          walletQueryLimits.maxListValues,
          `must list at most ${walletQueryLimits.maxListValues} ${what}s`,
        ),
      ),
  )

const trueOrFalse = z.optional(z.enum(['true', 'false'], { error: 'must be true or false' }))

export const walletListQuerySchema = z.object({
  projectId: projectIdSchema,
  page: wholeNumber(walletQueryLimits.maxPage, 6),
  entries: wholeNumber(walletPageSize, 6),
  search: z.optional(
    z
      .string()
      .check(
        z.maxLength(
          walletQueryLimits.maxSearchChars,
          `must be at most ${walletQueryLimits.maxSearchChars} characters`,
        ),
      ),
  ),
  namespaces: z.optional(
    z.pipe(
      valueList('namespace'),
      z.array(
        z.enum(knownNamespaces, {
          error: (issue) =>
            `unknown namespace ${JSON.stringify(issue.input)}; use ${knownNamespaces.join(', ')}`,
        }),
      ),
    ),
  ),
  include: z.optional(valueList('value')),
  exclude: z.optional(valueList('value')),
  recommended: trueOrFalse,
})

export const accountDataQuerySchema = z.object({
  projectId: projectIdSchema,
  /** A CAIP-2 id of any namespace: one without account data answers 400 `unsupportedChain`. */
  chainId: z
    .string({ error: 'is required' })
    .check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, caipNetworkIdMessage)),
  /** Spec §7 `cache`: `false` reads fresh data (after the visitor sent a transaction). */
  cache: trueOrFalse,
})

/** The query of an account's NFTs or transactions: one page of the list. */
export const accountDataPageQuerySchema = z.extend(accountDataQuerySchema, {
  limit: wholeNumber(accountDataPageSize.max, 3),
  cursor: z.optional(
    z
      .string()
      .check(
        z.maxLength(maxCursorChars, `must be at most ${maxCursorChars} characters`),
        z.regex(/^[\x21-\x7e]*$/, 'must be printable ASCII'),
      ),
  ),
})
