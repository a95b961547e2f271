import { describe, expect, test } from 'vitest'
import { tokenIdentityOf } from './tokenIdentity'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const listed = [{ address: token.toLowerCase(), symbol: 'USDC', decimals: 6 }]

describe('tokenIdentityOf', () => {
  test('behavior: the token list’s units are trusted; a contract that agrees adds nothing', () => {
    expect(tokenIdentityOf(token, listed, { symbol: 'USDC', decimals: 6 })).toEqual({
      source: 'trusted',
      units: { symbol: 'USDC', decimals: 6 },
    })
  })

  test('behavior: a contract that claims another symbol or decimals is kept beside, as its claim', () => {
    expect(tokenIdentityOf(token, listed, { symbol: 'USDT', decimals: 18 })).toEqual({
      source: 'trusted',
      units: { symbol: 'USDC', decimals: 6 },
      claim: { symbol: 'USDT', decimals: 18 },
    })
  })

  test('behavior: a token nothing trusted knows has only its claim, or nothing', () => {
    expect(tokenIdentityOf(token, [], { symbol: 'USDC', decimals: 6 })).toEqual({
      source: 'contract',
      units: { symbol: 'USDC', decimals: 6 },
    })
    expect(tokenIdentityOf(token, [], undefined)).toEqual({ source: 'none' })
  })
})
