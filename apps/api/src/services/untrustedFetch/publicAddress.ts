/**
 * Which IP addresses the API may connect to for a URL someone else chose (an NFT's metadata or
 * image): public unicast only. Loopback, private, link-local, CGNAT, documentation, multicast and
 * reserved space are refused, and so is every IPv6 form that embeds or translates to an IPv4
 * address (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo), since the embedded address could
 * be any of the former.
 */

import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Global unicast IPv6: everything outside it is special-purpose or unassigned. */
const globalUnicastV6 = ipaddr.parseCIDR('2000::/3')

/** ipaddr.js's range names, as the refusal message says them. */
const rangeDescriptions: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local address',
  ipv4Mapped: 'an IPv4-mapped address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  benchmarking: 'a benchmarking address',
}

/**
 * Why `address` may not be connected to (`'a private address'`), or `undefined` when it is a
 * public unicast address or lies in one of `allowedNetworks`.
 *
 * @param allowedNetworks CIDRs fetched although not public, such as `['127.0.0.0/8']`: for tests
 * and a local metadata server only; production passes none.
 *
 * @example
 * addressRefusal('10.0.0.1') // 'a private address'
 * addressRefusal('::ffff:127.0.0.1') // 'an IPv4-mapped address'
 * addressRefusal('8.8.8.8') // undefined
 */
export function addressRefusal(
  address: string,
  allowedNetworks: readonly string[] = [],
): string | undefined {
  // net.isIP is strict; ipaddr.js alone would also take forms like '127.1'.
  if (isIP(address) === 0) return 'not an IP address'
  const parsed = ipaddr.parse(address)
  for (const network of allowedNetworks) {
    const cidr = ipaddr.parseCIDR(network)
    if (parsed.kind() === cidr[0].kind() && parsed.match(cidr)) return undefined
  }
  const range = parsed.range()
  if (range !== 'unicast') return rangeDescriptions[range] ?? 'a special-purpose address'
  // IPv4-compatible (::a.b.c.d) and the rest of ::/8 report as unicast to ipaddr.js.
  if (parsed.kind() === 'ipv6' && !parsed.match(globalUnicastV6)) return 'a reserved address'
  return undefined
}
