/**
 * What gas sponsorship pays for (issue 35): the calls a user operation makes, read from its
 * callData as the smart account runs it (`execute(address,uint256,bytes)` or
 * `executeBatch((address,uint256,bytes)[])`, eth-infinitism's BaseAccount v0.8, which the dev
 * account and Simple7702Account share), each checked against the project's list of sponsored
 * calls: its contract on the network, and its function when the project names functions there.
 * No list sponsors nothing; a callData of another form is refused, as is any call not listed.
 */
import type { CaipNetworkId } from '@airlock/protocol'
import { type Address, decodeFunctionData, type Hex, isHex, parseAbi, slice } from 'viem'
import type { SponsoredCall } from '../sponsorshipSettings'
import { SponsorshipError } from './sponsorshipError'

/** The account's own entry points, as the EntryPoint calls them with the operation's callData. */
export const accountExecuteAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])

/** One call the account makes: its target (lower case), the ether it sends, its data. */
export type AccountCall = { target: Address; value: bigint; data: Hex }

/** The calls `callData` makes through the account, or undefined when it is of no form known. */
export function accountCallsOf(callData: string): AccountCall[] | undefined {
  if (!isHex(callData, { strict: true })) return undefined
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

/** The function a call's data names (its first four bytes, lower case); none for a bare send. */
export const selectorOf = (data: Hex): Hex | undefined =>
  data.length >= 10 ? (slice(data, 0, 4).toLowerCase() as Hex) : undefined

/**
 * Passes when every call `callData` makes on `network` is one `sponsored` lists.
 * @throws SponsorshipError `sponsorshipCallNotAllowed`, naming the call refused.
 */
export function assertSponsoredCalls(
  sponsored: readonly SponsoredCall[],
  network: CaipNetworkId,
  callData: string | undefined,
): void {
  const calls = accountCallsOf(callData ?? '0x')
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
