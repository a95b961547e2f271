/**
 * The adapter's opaque page cursors: base64url of `<kind>:<block>:<index>`, the sort key of the
 * last item served. Keyset pages stay right when new items arrive between requests.
 */

import { InvalidCursorError } from '../accountData/adapter'

export type PagePosition = { block: number; index: number }

/** `t`: transactions (index = transaction index); `n`: NFTs (index = log index). */
export type PageKind = 't' | 'n'

export function encodePageCursor(kind: PageKind, position: PagePosition): string {
  return Buffer.from(`${kind}:${position.block}:${position.index}`).toString('base64url')
}

/** @throws InvalidCursorError for anything `encodePageCursor(kind, …)` did not make. */
export function decodePageCursor(kind: PageKind, cursor: string): PagePosition {
  const invalid = () => new InvalidCursorError('The cursor is not one this API issued.')
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw invalid()
  const match = /^([tn]):(\d{1,15}):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (match === null || match[1] !== kind) throw invalid()
  return { block: Number(match[2]), index: Number(match[3]) }
}
