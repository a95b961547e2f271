// The sponsorship policy's reading of a user operation's callData: the calls a smart account's
// `execute` and `executeBatch` (eth-infinitism's BaseAccount v0.8, the ABI viem's
// toSimpleSmartAccount encodes with) make; and the refusal, naming the call, of any call the
// project does not list, of a function not listed where functions are, and of callData of
// another form. No list sponsors nothing. The same for the Safe's executeUserOp (a call, or a batch
// through MultiSendCallOnly), whose other delegatecalls are refused.
import {
  type SmartAccountKind,
  safeAccountContracts,
  simple7702AccountAddress,
} from '@airlock/protocol'
import {
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getAddress,
  type Hex,
  parseAbi,
  size,
} from 'viem'
import { describe, expect, test } from 'vitest'
import type { SponsoredCall } from '../sponsorshipSettings'
import {
  accountExecuteAbi,
  assertSponsoredCalls,
  accountCallsOf as callsOfAccount,
  safeExecuteAbi,
  selectorOf,
} from './sponsorshipPolicy'

const eip7702: SmartAccountKind = { kind: 'eip7702', implementation: simple7702AccountAddress }
const safe: SmartAccountKind = { kind: 'safe', version: '1.4.1' }
const accountCallsOf = (callData: string) => callsOfAccount(callData, eip7702)

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
      assertSponsoredCalls(policy, network, callData, eip7702)
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
    expect(() =>
      assertSponsoredCalls([], 'eip155:31337', execute(token, 0n, transfer), eip7702),
    ).toThrow(
      `The call (to ${token}) is not sponsored: this project sponsors calls to no contract on eip155:31337.`,
    )
    const undecodable = refusal(
      "Gas is sponsored only for calls the smart account makes with execute or executeBatch: this user operation's callData is neither.",
    )
    for (const callData of [undefined, '0x', transfer, executeBatch()])
      expect(check(callData)).toEqual(undecodable)
  })
})

describe("the Safe's executeUserOp", () => {
  const multiSendCallOnly = safeAccountContracts['1.4.1'].multiSendCallOnly
  const executeUserOp = (to: Address, value: bigint, data: Hex, operation = 0) =>
    encodeFunctionData({
      abi: safeExecuteAbi,
      functionName: 'executeUserOpWithErrorString',
      args: [to, value, data, operation],
    })
  const packed = (...calls: { to: Address; value: bigint; data: Hex; operation?: number }[]) =>
    concat(
      calls.map(({ to, value, data, operation = 0 }) =>
        encodePacked(
          ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
          [operation, to, value, BigInt(size(data)), data],
        ),
      ),
    )
  const batch = (transactions: Hex, to: Address = multiSendCallOnly) =>
    executeUserOp(
      to,
      0n,
      encodeFunctionData({ abi: safeExecuteAbi, functionName: 'multiSend', args: [transactions] }),
      1,
    )
  const check = (callData: string) => {
    try {
      assertSponsoredCalls(policy, 'eip155:31337', callData, safe)
      return 'sponsored'
    } catch (error) {
      return error
    }
  }

  test('behavior: a call (operation 0) and a batch of calls through MultiSendCallOnly are read into their calls', () => {
    expect(callsOfAccount(executeUserOp(token, 0n, transfer), safe)).toEqual([
      { target: token, value: 0n, data: transfer },
    ])
    const plain = encodeFunctionData({
      abi: safeExecuteAbi,
      functionName: 'executeUserOp',
      args: [game, 5n, '0x', 0],
    })
    expect(callsOfAccount(plain, safe)).toEqual([{ target: game, value: 5n, data: '0x' }])
    expect(
      callsOfAccount(
        batch(
          packed({ to: token, value: 0n, data: approve }, { to: game, value: 10n, data: '0x' }),
        ),
        safe,
      ),
    ).toEqual([
      { target: token, value: 0n, data: approve },
      { target: game, value: 10n, data: '0x' },
    ])
    expect(check(executeUserOp(token, 0n, transfer))).toBe('sponsored')
    expect(
      check(
        batch(
          packed({ to: token, value: 0n, data: transfer }, { to: game, value: 0n, data: approve }),
        ),
      ),
    ).toBe('sponsored')
    expect(
      check(
        batch(
          packed({ to: token, value: 0n, data: transfer }, { to: person, value: 1n, data: '0x' }),
        ),
      ),
    ).toEqual(
      refusal(
        `Call 2 of 2 (to ${person}) is not sponsored: this project sponsors calls to ${token}, ${game} on eip155:31337.`,
      ),
    )
  })

  test("security: a delegatecall to anything but MultiSendCallOnly, a delegatecall inside the batch, a cut batch, or the 7702 account's execute are refused", () => {
    const undecodable = refusal(
      "Gas is sponsored only for calls the Safe makes with executeUserOp (a call, or a batch of calls through MultiSendCallOnly): this user operation's callData is neither.",
    )
    const inner = packed({ to: token, value: 0n, data: transfer })
    for (const callData of [
      executeUserOp(token, 0n, transfer, 1),
      batch(inner, safeAccountContracts['1.4.1'].multiSend),
      batch(packed({ to: token, value: 0n, data: transfer, operation: 1 })),
      batch(inner.slice(0, -2) as Hex),
      executeUserOp(token, 0n, transfer, 2),
      execute(token, 0n, transfer),
      '0x',
    ])
      expect(check(callData)).toEqual(undecodable)
    // The Safe's form is no 7702 account's either.
    expect(callsOfAccount(executeUserOp(token, 0n, transfer), eip7702)).toBeUndefined()
  })
})
