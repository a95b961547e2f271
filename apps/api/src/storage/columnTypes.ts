/**
 * The column types the tables share, declared once: timestamps as both dialects give them back
 * (written as ISO text, read back as `Date` from Postgres or the text from SQLite), and whole
 * numbers kept in `bigint` columns.
 */
import type { ColumnType } from 'kysely'

/** A timestamp written once, with its row. */
export type Timestamp = ColumnType<Date | string, string, never>

/** A timestamp set again as the row changes (`updated_at`, `last_used_at`). */
export type UpdatedTimestamp = ColumnType<Date | string, string, string>

/** A timestamp null until what it dates happens (`used_at`, `revoked_at`, `locked_until`). */
export type NullableTimestamp = ColumnType<Date | string | null, string | null, string | null>

/**
 * A whole number below 2^53 in a `bigint` column (block number, unix time): Postgres returns
 * those as strings, so read them through `Number()`.
 */
export type Int53 = ColumnType<number | string, number, number>
