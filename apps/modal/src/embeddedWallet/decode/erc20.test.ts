import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodeErc20Call, increaseAllowanceAbi } from './erc20'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('decodeErc20Call', () => {
  test('behavior: a transfer is read as the receiver and the amount', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [spender, 5n],
    })
    expect(decodeErc20Call(token, data)).toEqual({
      kind: 'erc20Transfer',
      token,
      to: spender,
      amount: 5n,
    })
  })

  test('behavior: an approve is read as the spender and the allowance, unlimited kept whole', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [spender, maxUint256],
    })
    expect(decodeErc20Call(token, data)).toEqual({
      kind: 'erc20Approve',
      token,
      spender,
      amount: maxUint256,
    })
  })

  test('behavior: an increaseAllowance is read as the spender and what it adds', () => {
    const data = encodeFunctionData({
      abi: increaseAllowanceAbi,
      functionName: 'increaseAllowance',
      args: [spender, 7n],
    })
    expect(decodeErc20Call(token, data)).toEqual({
      kind: 'erc20IncreaseAllowance',
      token,
      spender,
      amount: 7n,
    })
  })

  test('error: other data, a read of the ABI or a truncated call is not an ERC-20 call', () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [spender, 5n],
    })
    expect(decodeErc20Call(token, '0xdeadbeef')).toBeUndefined()
    expect(
      decodeErc20Call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' })),
    ).toBeUndefined()
    expect(decodeErc20Call(token, transfer.slice(0, 40) as `0x${string}`)).toBeUndefined()
  })
})
