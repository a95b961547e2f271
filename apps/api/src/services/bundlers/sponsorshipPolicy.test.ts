// The sponsorship policy's reading of a user operation's callData: the calls a smart account's
// `execute` and `executeBatch` (eth-infinitism's BaseAccount v0.8, the ABI viem's
// toSimpleSmartAccount encodes with) make; and the refusal, naming the call, of any call the
// project does not list, of a function not listed where functions are, and of callData of
// another form. No list sponsors nothing.
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import type { SponsoredCall } from '../sponsorshipSettings'
import {
  accountCallsOf,
  accountExecuteAbi,
  assertSponsoredCalls,
  selectorOf,
} from './sponsorshipPolicy'

const token = `0x${'7'.repeat(40)}` as Address
const game = `0x${'9'.repeat(40)}` as Address
const person = `0x${'5'.repeat(40)}` as Address
const transfer = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [person, 1_000_000n],
})
const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [game, 1n] })
const execute = (target: Address, value: bigint, data: Hex) =>
  encodeFunctionData({
    abi: accountExecuteAbi,
    functionName: 'execute',
    args: [target, value, data],
  })
const executeBatch = (...calls: { target: Address; value: bigint; data: Hex }[]) =>
  encodeFunctionData({ abi: accountExecuteAbi, functionName: 'executeBatch', args: [calls] })

const policy: SponsoredCall[] = [
  { network: 'eip155:31337', contract: token, selectors: ['0xa9059cbb'] },
  { network: 'eip155:31337', contract: game, selectors: [] },
]
const refusal = (message: string) =>
  expect.objectContaining({ code: 'sponsorshipCallNotAllowed', message })

describe('accountCallsOf', () => {
  test('behavior: reads execute and executeBatch into their calls, targets in lower case', () => {
    const upper = getAddress(`0x${'ab'.repeat(20)}`)
    expect(accountCallsOf(execute(upper, 5n, transfer))).toEqual([
      { target: upper.toLowerCase(), value: 5n, data: transfer },
    ])
    expect(
      accountCallsOf(
        executeBatch(
          { target: token, value: 0n, data: approve },
          { target: game, value: 10n, data: '0x' },
        ),
      ),
    ).toEqual([
      { target: token, value: 0n, data: approve },
      { target: game, value: 10n, data: '0x' },
    ])
    expect(accountCallsOf(executeBatch())).toEqual([])
  })

  test('error: anything else is undefined: empty, not hex, another function, cut short', () => {
    const other = encodeFunctionData({
      abi: parseAbi(['function executeBatch(address[] dest, uint256[] value, bytes[] func)']),
      functionName: 'executeBatch',
      args: [[token], [0n], [transfer]],
    })
    for (const callData of [
      '0x',
      '',
      'zz',
      transfer,
      other,
      execute(token, 0n, transfer).slice(0, 80),
    ])
      expect(accountCallsOf(callData)).toBeUndefined()
  })

  test('behavior: a selector is the data’s first four bytes; a bare send has none', () => {
    expect(selectorOf(transfer)).toBe('0xa9059cbb')
    expect(selectorOf('0x')).toBeUndefined()
    expect(selectorOf('0xa9059c')).toBeUndefined()
  })
})

describe('assertSponsoredCalls', () => {
  const check = (callData: string | undefined, network = 'eip155:31337' as const) => {
    try {
      assertSponsoredCalls(policy, network, callData)
      return 'sponsored'
    } catch (error) {
      return error
    }
  }

  test('behavior: listed contracts, and listed functions where the project names them, are sponsored', () => {
    expect(check(execute(token, 0n, transfer))).toBe('sponsored')
    // A contract listed without functions: any call to it, ether with it or none.
    expect(check(execute(game, 10n, '0x'))).toBe('sponsored')
    expect(
      check(
        executeBatch(
          { target: token, value: 0n, data: transfer },
          { target: game, value: 0n, data: approve },
        ),
      ),
    ).toBe('sponsored')
  })

  test('security: a target not listed is refused naming it, in a batch by its place; ether to a person too', () => {
    expect(check(execute(person, 10n ** 16n, '0x'))).toEqual(
      refusal(
        `The call (to ${person}) is not sponsored: this project sponsors calls to ${token}, ${game} on eip155:31337.`,
      ),
    )
    expect(
      check(
        executeBatch(
          { target: token, value: 0n, data: transfer },
          { target: person, value: 0n, data: approve },
        ),
      ),
    ).toEqual(
      refusal(
        `Call 2 of 2 (to ${person}) is not sponsored: this project sponsors calls to ${token}, ${game} on eip155:31337.`,
      ),
    )
    // A network has its own list: the same contract elsewhere is not sponsored.
    expect(check(execute(token, 0n, transfer), 'eip155:10' as never)).toEqual(
      refusal(
        `The call (to ${token}) is not sponsored: this project sponsors calls to no contract on eip155:10.`,
      ),
    )
  })

  test('security: a function not listed, or none, is refused where the project names functions', () => {
    expect(check(execute(token, 0n, approve))).toEqual(
      refusal(
        `The call (to ${token}, function 0x095ea7b3) is not sponsored: this project sponsors only the functions 0xa9059cbb of that contract on eip155:31337.`,
      ),
    )
    expect(check(execute(token, 1n, '0x'))).toEqual(
      refusal(
        `The call (to ${token}, no function) is not sponsored: this project sponsors only the functions 0xa9059cbb of that contract on eip155:31337.`,
      ),
    )
  })

  test('security: no list sponsors nothing; callData of another form, or none, is refused', () => {
    expect(() => assertSponsoredCalls([], 'eip155:31337', execute(token, 0n, transfer))).toThrow(
      `The call (to ${token}) is not sponsored: this project sponsors calls to no contract on eip155:31337.`,
    )
    const undecodable = refusal(
      "Gas is sponsored only for calls the smart account makes with execute or executeBatch: this user operation's callData is neither.",
    )
    for (const callData of [undefined, '0x', transfer, executeBatch()])
      expect(check(callData)).toEqual(undecodable)
  })
})
