/**
 * Opaque page cursors for adapters: a small JSON state, tagged with the list it belongs to,
 * as base64url. A cursor from another list, or edited, fails to decode.
 */

import type { z } from 'zod'
import { InvalidCursorError } from './adapter'

/**
 * @example
 * encodeCursor('alchemy:nfts', { pageKey: 'abc' }) // 'eyJr…'
 */
export function encodeCursor(kind: string, state: unknown): string {
  return Buffer.from(JSON.stringify({ k: kind, s: state })).toString('base64url')
}

/**
 * The state {@link encodeCursor} wrapped, checked against `schema`.
 *
 * @throws {InvalidCursorError} when `cursor` is not one of ours for `kind`.
 */
export function decodeCursor<schema extends z.ZodType>(
  kind: string,
  cursor: string,
  schema: schema,
): z.output<schema> {
  let wrapped: unknown
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url')
    wrapped = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidCursorError('The cursor is not one this list issued.')
  }
  if (typeof wrapped !== 'object' || wrapped === null || !('k' in wrapped) || wrapped.k !== kind)
    throw new InvalidCursorError('The cursor is not one this list issued.')
  const parsed = schema.safeParse('s' in wrapped ? wrapped.s : undefined)
  if (!parsed.success) throw new InvalidCursorError('The cursor is not one this list issued.')
  return parsed.data
}
