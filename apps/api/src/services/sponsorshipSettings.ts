/**
 * A project's gas sponsorship policy besides its daily caps (issue 35): the calls its paymaster
 * sponsors (a contract on a network, and optionally the functions of it, by selector), and the
 * ERC-7677 paymaster services its sites may name in `wallet_sendCalls` (their own sponsors,
 * which the modal's smart account asks directly). Read here from the CLI's text and checked
 * against the API's networks; `projectSettings.ts` stores them with the project's other settings.
 */
import type { CaipNetworkId, NetworkConfig } from '@airlock/protocol'
import type { Address, Hex } from 'viem'
import { isLoopbackHost } from '../loopback'

/** A contract whose calls a project sponsors on one network; `selectors` empty: any function. */
export type SponsoredCall = {
  network: CaipNetworkId
  /** Lower case. */
  contract: Address
  /** Four-byte selectors, lower case, e.g. 0xa9059cbb (transfer). */
  selectors: Hex[]
}

/** At most this many sponsored contracts, and paymaster services, a project. */
export const maxSponsoredCalls = 100
export const maxPaymasterServices = 20

/** A refusal of one entry: the setting's name, the value and why (InvalidProjectSettingError's). */
export type SettingRefusal = (setting: string, value: unknown, reason: string) => Error

const callPattern =
  /^(eip155:\d{1,20}):(0x[0-9a-fA-F]{40})(?:@(0x[0-9a-fA-F]{8}(?:\+0x[0-9a-fA-F]{8})*))?$/

/** The CLI's and `projects show`'s text of a sponsored call: `eip155:1:0x…[@0xa9059cbb+0x…]`. */
export const sponsoredCallText = ({ network, contract, selectors }: SponsoredCall) =>
  `${network}:${contract}${selectors.length ? `@${selectors.join('+')}` : ''}`

/**
 * Reads sponsored calls from their text, on networks of `catalogue` (eip155 only).
 * @throws what `refuse` makes, naming the entry.
 */
export function sponsoredCallList(
  values: readonly string[],
  catalogue: readonly NetworkConfig[],
  refuse: SettingRefusal,
): SponsoredCall[] {
  if (values.length > maxSponsoredCalls)
    throw refuse('sponsored call list', values.length, `at most ${maxSponsoredCalls}`)
  const calls: SponsoredCall[] = []
  for (const value of values) {
    const match = callPattern.exec(value.trim())
    if (!match)
      throw refuse(
        'sponsored call',
        value,
        'use <eip155 network>:<contract address>, optionally @<selector>+<selector>, e.g. eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913@0xa9059cbb',
      )
    const network = match[1] as CaipNetworkId
    if (!catalogue.some((known) => known.caipNetworkId === network))
      throw refuse(
        'sponsored call',
        value,
        `the API knows ${catalogue.map((known) => known.caipNetworkId).join(', ')}`,
      )
    const contract = match[2]!.toLowerCase() as Address
    const selectors = [...new Set(match[3] ? match[3].toLowerCase().split('+') : [])] as Hex[]
    if (calls.some((known) => known.network === network && known.contract === contract))
      throw refuse('sponsored call', value, 'its contract is listed twice')
    calls.push({ network, contract, selectors })
  }
  return calls
}

/**
 * Reads paymaster service URLs (ERC-7677) a project's sites may name: http(s) with no
 * credentials; https off loopback in production mode, where stored ones are checked at start
 * (`productionChecks.ts`), as origins are.
 * @throws what `refuse` makes, naming the URL.
 */
export function paymasterServiceList(
  values: readonly string[],
  refuse: SettingRefusal,
  production = false,
): string[] {
  if (values.length > maxPaymasterServices)
    throw refuse('paymaster service list', values.length, `at most ${maxPaymasterServices}`)
  const urls: string[] = []
  for (const value of values) {
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw refuse('paymaster service', value, 'use an http(s) URL')
    if (url.username || url.password || url.hash)
      throw refuse('paymaster service', value, 'use a URL without credentials or a fragment')
    if (url.href.length > 500) throw refuse('paymaster service', value, 'at most 500 characters')
    if (urls.includes(url.href)) throw refuse('paymaster service', value, 'listed twice')
    const problem = production ? paymasterServiceProblem(url.href) : undefined
    if (problem)
      throw refuse(
        'paymaster service',
        value,
        `it ${problem}: production mode takes https off loopback`,
      )
    urls.push(url.href)
  }
  return urls
}

/** Why production mode refuses a stored paymaster service URL; undefined when it does not. */
export function paymasterServiceProblem(href: string): string | undefined {
  const url = new URL(href)
  if (url.protocol !== 'https:') return 'is not https'
  if (isLoopbackHost(url.hostname)) return 'is on loopback'
  return undefined
}
