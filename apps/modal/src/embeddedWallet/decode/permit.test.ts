import { maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodePermit } from './permit'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const spender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const domain = { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: token } as const

describe('decodePermit', () => {
  test('behavior: an EIP-2612 Permit is the domain’s token, the spender, the value and the deadline', () => {
    const message = { owner, spender, value: '1000000', nonce: 0, deadline: 1_767_225_600 }
    expect(decodePermit({ domain, primaryType: 'Permit', message })).toEqual({
      kind: 'permit',
      token,
      owner,
      spender,
      amount: 1_000_000n,
      deadline: 1_767_225_600n,
    })
  })

  test('behavior: DAI’s permit with allowed true is an unlimited allowance; expiry 0 is never', () => {
    const message = { holder: owner, spender, nonce: 0, expiry: 0, allowed: true }
    expect(decodePermit({ domain, primaryType: 'Permit', message })).toMatchObject({
      owner,
      amount: maxUint256,
      deadline: maxUint256,
    })
  })

  test('error: a Permit without a verifying contract, or of another shape, is not decoded', () => {
    const message = { owner, spender, value: '1', nonce: 0, deadline: 1 }
    expect(decodePermit({ domain: {}, primaryType: 'Permit', message })).toBeUndefined()
    expect(decodePermit({ domain, primaryType: 'Mail', message })).toBeUndefined()
    expect(decodePermit({ domain, primaryType: 'Permit', message: { spender } })).toBeUndefined()
  })
})
