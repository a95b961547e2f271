import { encodeFunctionData, erc20Abi, erc721Abi, maxUint160 } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodeCall, grantsApproval } from './decodeCall'
import { decodeTypedData } from './decodeTypedData'
import { permit2Address, permit2ApproveAbi } from './permit2'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const spender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('decodeCall', () => {
  test('behavior: each call goes to the decoder that knows it, Permit2 before ERC-20', () => {
    const permit2 = encodeFunctionData({
      abi: permit2ApproveAbi,
      functionName: 'approve',
      args: [token, spender, maxUint160, 0],
    })
    expect(decodeCall({ to: permit2Address, data: permit2 }).kind).toBe('permit2Approve')
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, 1n],
    })
    expect(decodeCall({ to: token, data: approve }).kind).toBe('erc20Approve')
    const forAll = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [spender, true],
    })
    expect(decodeCall({ to: token, data: forAll }).kind).toBe('approvalForAll')
  })

  test('behavior: no data is a native transfer; data no decoder knows is unknown, kept whole', () => {
    expect(decodeCall({ to: token })).toEqual({ kind: 'native' })
    expect(decodeCall({ to: token, data: '0xdeadbeef01' })).toEqual({
      kind: 'unknown',
      data: '0xdeadbeef01',
    })
  })

  test('behavior: approvals, and only approvals that grant, are approvals', () => {
    expect(
      grantsApproval({
        kind: 'approvalForAll',
        collection: token,
        operator: spender,
        approved: true,
      }),
    ).toBe(true)
    expect(
      grantsApproval({
        kind: 'approvalForAll',
        collection: token,
        operator: spender,
        approved: false,
      }),
    ).toBe(false)
    expect(grantsApproval({ kind: 'erc20Transfer', token, to: spender, amount: 1n })).toBe(false)
  })
})

describe('decodeTypedData', () => {
  test('behavior: Permit2 and EIP-2612 are decoded; other typed data is not', () => {
    const permit2 = decodeTypedData({
      domain: { name: 'Permit2', verifyingContract: permit2Address },
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token, amount: '1' }, spender, nonce: 0, deadline: 1 },
    })
    expect(permit2?.kind).toBe('permit2Transfer')
    const permit = decodeTypedData({
      domain: { name: 'Token', verifyingContract: token },
      primaryType: 'Permit',
      message: { owner: spender, spender, value: '1', nonce: 0, deadline: 1 },
    })
    expect(permit?.kind).toBe('permit')
    expect(
      decodeTypedData({ domain: { name: 'Mail' }, primaryType: 'Mail', message: {} }),
    ).toBeUndefined()
  })
})
