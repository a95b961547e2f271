import { describe, expect, test } from 'vitest'
import { addRecentWallet } from './recentWallets'

describe('Recent wallets (spec §3)', () => {
  test('behavior: recent keeps the last two, newest first, without duplicates', () => {
    let recent = addRecentWallet([], { id: 'a', name: 'A' })
    recent = addRecentWallet(recent, { id: 'b', name: 'B' })
    recent = addRecentWallet(recent, { id: 'a', name: 'A' })
    expect(recent.map((item) => item.id)).toEqual(['a', 'b'])
    recent = addRecentWallet(recent, { id: 'c', name: 'C' })
    expect(recent.map((item) => item.id)).toEqual(['c', 'a'])
  })
})
