import { encodeFunctionData, erc20Abi, maxUint160 } from 'viem'
import { describe, expect, test } from 'vitest'
import {
  decodePermit2Call,
  decodePermit2TypedData,
  permit2Address,
  permit2ApproveAbi,
} from './permit2'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token2 = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const spender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const domain = { name: 'Permit2', chainId: 31337, verifyingContract: permit2Address }

describe('decodePermit2Call', () => {
  test('behavior: approve on Permit2 is the token, spender, amount and expiration', () => {
    const data = encodeFunctionData({
      abi: permit2ApproveAbi,
      functionName: 'approve',
      args: [token, spender, maxUint160, 1_800_000_000],
    })
    expect(decodePermit2Call(permit2Address.toLowerCase() as `0x${string}`, data)).toEqual({
      kind: 'permit2Approve',
      token,
      spender,
      amount: maxUint160,
      expiration: 1_800_000_000n,
    })
  })

  test('error: the same call to another contract, or another call to Permit2, is not Permit2’s approve', () => {
    const data = encodeFunctionData({
      abi: permit2ApproveAbi,
      functionName: 'approve',
      args: [token, spender, 1n, 0],
    })
    expect(decodePermit2Call(token, data)).toBeUndefined()
    const erc20 = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, 1n],
    })
    expect(decodePermit2Call(permit2Address, erc20)).toBeUndefined()
  })
})

describe('decodePermit2TypedData', () => {
  test('behavior: a PermitSingle is one allowance with its expiry and the signature’s deadline', () => {
    const message = {
      details: { token, amount: maxUint160.toString(), expiration: 1_800_000_000, nonce: 0 },
      spender,
      sigDeadline: '1700000000',
    }
    expect(decodePermit2TypedData({ domain, primaryType: 'PermitSingle', message })).toEqual({
      kind: 'permit2Allowance',
      spender,
      allowances: [{ token, amount: maxUint160, expiration: 1_800_000_000n }],
      deadline: 1_700_000_000n,
    })
  })

  test('behavior: a PermitBatch is each token’s allowance', () => {
    const message = {
      details: [
        { token, amount: '5', expiration: 1, nonce: 0 },
        { token: token2, amount: '0x10', expiration: 2, nonce: 0 },
      ],
      spender,
      sigDeadline: 3,
    }
    expect(decodePermit2TypedData({ domain, primaryType: 'PermitBatch', message })).toMatchObject({
      kind: 'permit2Allowance',
      allowances: [
        { token, amount: 5n, expiration: 1n },
        { token: token2, amount: 16n, expiration: 2n },
      ],
    })
  })

  test('behavior: signature transfers, single, batch and with a witness, are what the spender may take once', () => {
    const single = { permitted: { token, amount: '100' }, spender, nonce: 1, deadline: 9 }
    expect(
      decodePermit2TypedData({ domain, primaryType: 'PermitTransferFrom', message: single }),
    ).toEqual({
      kind: 'permit2Transfer',
      spender,
      transfers: [{ token, amount: 100n }],
      deadline: 9n,
      witness: false,
    })
    const batch = {
      permitted: [
        { token, amount: '1' },
        { token: token2, amount: '2' },
      ],
      spender,
      nonce: 1,
      deadline: 9,
      witness: { orderId: 1 },
    }
    expect(
      decodePermit2TypedData({
        domain,
        primaryType: 'PermitBatchWitnessTransferFrom',
        message: batch,
      }),
    ).toMatchObject({
      kind: 'permit2Transfer',
      transfers: [{ amount: 1n }, { amount: 2n }],
      witness: true,
    })
  })

  test('error: another domain’s PermitSingle, or values not of Permit2’s shapes, are not decoded', () => {
    const message = {
      details: { token, amount: '1', expiration: 1, nonce: 0 },
      spender,
      sigDeadline: 1,
    }
    expect(
      decodePermit2TypedData({ domain: { name: 'Other' }, primaryType: 'PermitSingle', message }),
    ).toBeUndefined()
    expect(
      decodePermit2TypedData({
        domain,
        primaryType: 'PermitSingle',
        message: { ...message, details: { token: 'nope', amount: '1', expiration: 1 } },
      }),
    ).toBeUndefined()
    expect(
      decodePermit2TypedData({
        domain,
        primaryType: 'PermitBatch',
        message: { ...message, details: [] },
      }),
    ).toBeUndefined()
  })
})
