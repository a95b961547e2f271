import { describe, expect, test } from 'vitest'
import { InvalidCursorError } from '../accountData/adapter'
import { decodePageCursor, encodePageCursor } from './pageCursor'

describe('page cursors', () => {
  test('behavior: a cursor decodes to the position it was made from', () => {
    const cursor = encodePageCursor('t', { block: 1_234_567, index: 89 })
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodePageCursor('t', cursor)).toEqual({ block: 1_234_567, index: 89 })
  })

  test('behavior: garbage, tampered and other-list cursors are InvalidCursorError', () => {
    const nftCursor = encodePageCursor('n', { block: 1, index: 2 })
    for (const cursor of ['', '!!', 'dDox', nftCursor, 'x'.repeat(200)])
      expect(() => decodePageCursor('t', cursor)).toThrow(InvalidCursorError)
  })
})
