/**
 * Reading a simulation's logs and revert data, on logs and data built as contracts emit them:
 * ERC-1155 moves, native transfers netted, a log that only looks like a standard event, and each
 * kind of revert reason.
 */
import {
  type Address,
  encodeAbiParameters,
  encodeErrorResult,
  type Hex,
  pad,
  parseAbi,
  toEventSelector,
} from 'viem'
import { describe, expect, test } from 'vitest'
import { revertReason, type SimulatedLog, simulationEffects } from './simulationEffects'

const account: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const other: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const native: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const topic = (address: Address) => pad(address.toLowerCase() as Hex, { size: 32 })
const uint = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])

const transferLog = (from: Address, to: Address, amount: bigint, at: Address): SimulatedLog => ({
  address: at,
  topics: [toEventSelector('Transfer(address,address,uint256)'), topic(from), topic(to)],
  data: uint(amount),
})

describe('simulationEffects', () => {
  test('behavior: native transfers in and out are netted; a balance back where it was is left out', () => {
    const effects = simulationEffects(account, [
      transferLog(account, other, 5n, native),
      transferLog(other, account, 2n, native),
      transferLog(account, other, 7n, token),
      transferLog(other, account, 7n, token),
    ])
    expect(effects.changes).toEqual([{ kind: 'native', diff: -3n }])
  })

  test('behavior: ERC-1155 single and batch transfers are NFTs in and out with their amounts', () => {
    const single = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')
    const batch = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])')
    const effects = simulationEffects(account, [
      {
        address: token,
        topics: [single, topic(other), topic(account), topic(other)],
        data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [7n, 3n]),
      },
      {
        address: token,
        topics: [batch, topic(other), topic(other), topic(account)],
        data: encodeAbiParameters(
          [{ type: 'uint256[]' }, { type: 'uint256[]' }],
          [
            [1n, 2n],
            [10n, 20n],
          ],
        ),
      },
    ])
    expect(effects.nfts).toEqual([
      { direction: 'out', token, tokenId: 7n, amount: 3n },
      { direction: 'in', token, tokenId: 1n, amount: 10n },
      { direction: 'in', token, tokenId: 2n, amount: 20n },
    ])
  })

  test('behavior: another owner’s approval is not the account’s; a malformed look-alike says nothing', () => {
    const approval = toEventSelector('Approval(address,address,uint256)')
    const effects = simulationEffects(account, [
      { address: token, topics: [approval, topic(other), topic(account)], data: uint(1n) },
      { address: token, topics: [approval, topic(account), topic(other)], data: '0x' },
    ])
    expect(effects).toEqual({ changes: [], nfts: [], approvals: [] })
  })
})

describe('revertReason', () => {
  test('behavior: Error(string) is its text; a panic its cause; a known custom error its arguments', () => {
    const solidity = parseAbi(['error Error(string)', 'error Panic(uint256)'])
    expect(
      revertReason(encodeErrorResult({ abi: solidity, errorName: 'Error', args: ['Too late'] })),
    ).toBe('Too late')
    expect(
      revertReason(encodeErrorResult({ abi: solidity, errorName: 'Panic', args: [0x11n] })),
    ).toBe('The contract panicked: an arithmetic overflow or underflow.')
    const known = parseAbi(['error ERC20InsufficientAllowance(address, uint256, uint256)'])
    expect(
      revertReason(
        encodeErrorResult({
          abi: known,
          errorName: 'ERC20InsufficientAllowance',
          args: [other, 1n, 2n],
        }),
      ),
    ).toBe(`ERC20InsufficientAllowance(${other}, 1, 2)`)
  })

  test('behavior: an unknown custom error is named by its selector; no data is no reason', () => {
    expect(revertReason('0x12345678aabb')).toBe('The contract reverted with error 0x12345678.')
    expect(revertReason('0x')).toBe('The contract gave no reason.')
    expect(revertReason(undefined)).toBe('The contract gave no reason.')
  })

  test('behavior: a long Error(string) is cut to 200 characters', () => {
    const solidity = parseAbi(['error Error(string)'])
    const reason = revertReason(
      encodeErrorResult({ abi: solidity, errorName: 'Error', args: ['x'.repeat(500)] }),
    )
    expect(reason).toBe(`${'x'.repeat(200)}…`)
  })
})
