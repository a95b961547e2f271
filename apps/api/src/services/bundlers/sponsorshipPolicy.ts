/**
 * What gas sponsorship pays for (issue 35): the calls a user operation makes, read from its
 * callData as the network's smart account runs it, each checked against the project's list of
 * sponsored calls: its contract on the network, and its function when the project names
 * functions there. Simple7702Account (eth-infinitism's BaseAccount v0.8): `execute(address,
 * uint256,bytes)` or `executeBatch((address,uint256,bytes)[])`. The Safe's Safe4337Module:
 * `executeUserOp` or `executeUserOpWithErrorString(to, value, data, operation)`, a call
 * (operation 0), or a batch as a delegatecall (operation 1) to MultiSendCallOnly whose every
 * transaction is a call. No list sponsors nothing; a callData of another form is refused (any
 * other delegatecall above all: it runs another contract's code as the account), as is any call
 * not listed.
 */
import { type CaipNetworkId, type SmartAccountKind, safeAccountContracts } from '@airlock/protocol'
import {
  type Address,
  decodeFunctionData,
  type Hex,
  hexToBigInt,
  hexToNumber,
  isHex,
  parseAbi,
  size,
  slice,
} from 'viem'
import type { SponsoredCall } from '../sponsorshipSettings'
import { SponsorshipError } from './sponsorshipError'

/** The account's own entry points, as the EntryPoint calls them with the operation's callData. */
export const accountExecuteAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** The Safe4337Module's entry points, as the EntryPoint calls them through the Safe. */
export const safeExecuteAbi = parseAbi([
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
  'function multiSend(bytes transactions)',
])

/** One call the account makes: its target (lower case), the ether it sends, its data. */
export type AccountCall = { target: Address; value: bigint; data: Hex }

/**
 * The calls `callData` makes through an account of `kind`, or undefined when it is of no form
 * that account's known (for a Safe: any delegatecall but a MultiSendCallOnly batch of calls).
 */
export function accountCallsOf(
  callData: string,
  kind: SmartAccountKind,
): AccountCall[] | undefined {
  if (!isHex(callData, { strict: true })) return undefined
  if (kind.kind === 'safe') return safeCallsOf(callData, kind.version)
  try {
    const decoded = decodeFunctionData({ abi: accountExecuteAbi, data: callData })
    const calls =
      decoded.functionName === 'execute'
        ? [{ target: decoded.args[0], value: decoded.args[1], data: decoded.args[2] }]
        : decoded.args[0].map(({ target, value, data }) => ({ target, value, data }))
    return calls.map((call) => ({ ...call, target: call.target.toLowerCase() as Address }))
  } catch {
    return undefined
  }
}

function safeCallsOf(callData: Hex, version: keyof typeof safeAccountContracts) {
  try {
    const decoded = decodeFunctionData({ abi: safeExecuteAbi, data: callData })
    if (decoded.functionName === 'multiSend') return undefined
    const [to, value, data, operation] = decoded.args
    const call = { target: to.toLowerCase() as Address, value, data }
    if (operation === 0) return [call]
    const batch = safeAccountContracts[version].multiSendCallOnly.toLowerCase()
    if (operation !== 1 || call.target !== batch || value !== 0n) return undefined
    const inner = decodeFunctionData({ abi: safeExecuteAbi, data })
    if (inner.functionName !== 'multiSend') return undefined
    return multiSendCallsOf(inner.args[0])
  } catch {
    return undefined
  }
}

/**
 * MultiSend's packed transactions (operation uint8, to address, value uint256, data length
 * uint256, data), each a call; undefined when one is not, or the bytes do not parse.
 */
function multiSendCallsOf(transactions: Hex): AccountCall[] | undefined {
  const calls: AccountCall[] = []
  const end = size(transactions)
  for (let at = 0; at < end; ) {
    if (at + 85 > end) return undefined
    if (hexToNumber(slice(transactions, at, at + 1)) !== 0) return undefined
    const target = slice(transactions, at + 1, at + 21).toLowerCase() as Address
    const value = hexToBigInt(slice(transactions, at + 21, at + 53))
    const length = hexToBigInt(slice(transactions, at + 53, at + 85))
    if (BigInt(at + 85) + length > BigInt(end)) return undefined
    const dataEnd = at + 85 + Number(length)
    const data = length === 0n ? '0x' : slice(transactions, at + 85, dataEnd)
    calls.push({ target, value, data })
    at = dataEnd
  }
  return calls
}

/** The function a call's data names (its first four bytes, lower case); none for a bare send. */
export const selectorOf = (data: Hex): Hex | undefined =>
  data.length >= 10 ? (slice(data, 0, 4).toLowerCase() as Hex) : undefined

/**
 * Passes when every call `callData` makes, as an account of `kind`, on `network` is one
 * `sponsored` lists.
 * @throws SponsorshipError `sponsorshipCallNotAllowed`, naming the call refused.
 */
export function assertSponsoredCalls(
  sponsored: readonly SponsoredCall[],
  network: CaipNetworkId,
  callData: string | undefined,
  kind: SmartAccountKind,
): void {
  const calls = accountCallsOf(callData ?? '0x', kind)
  if ((calls === undefined || calls.length === 0) && kind.kind === 'safe')
    throw new SponsorshipError(
      'sponsorshipCallNotAllowed',
      "Gas is sponsored only for calls the Safe makes with executeUserOp (a call, or a batch of calls through MultiSendCallOnly): this user operation's callData is neither.",
    )
  if (calls === undefined || calls.length === 0)
    throw new SponsorshipError(
      'sponsorshipCallNotAllowed',
      "Gas is sponsored only for calls the smart account makes with execute or executeBatch: this user operation's callData is neither.",
    )
  const listed = sponsored.filter((entry) => entry.network === network)
  calls.forEach((call, index) => {
    const which = calls.length === 1 ? 'The call' : `Call ${index + 1} of ${calls.length}`
    const selector = selectorOf(call.data)
    const entry = listed.find((known) => known.contract === call.target)
    if (entry === undefined)
      throw new SponsorshipError(
        'sponsorshipCallNotAllowed',
        `${which} (to ${call.target}) is not sponsored: this project sponsors calls to ${listed.length ? listed.map((known) => known.contract).join(', ') : 'no contract'} on ${network}.`,
      )
    if (entry.selectors.length && !(selector && entry.selectors.includes(selector)))
      throw new SponsorshipError(
        'sponsorshipCallNotAllowed',
        `${which} (to ${call.target}, ${selector ? `function ${selector}` : 'no function'}) is not sponsored: this project sponsors only the functions ${entry.selectors.join(', ')} of that contract on ${network}.`,
      )
  })
}
