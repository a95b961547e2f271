/**
 * Who sent a request, as the rate limits count clients: the socket's remote address, or, behind
 * `trustedProxies` reverse proxies (`AIRLOCK_TRUST_PROXY`), the address the outermost of them
 * saw, read from the right of `X-Forwarded-For`. Entries further left were written by the client
 * itself, so they are never believed: a client could otherwise pick a new key per request.
 * An IPv6 client is counted by its /64, the block one subscriber is given.
 */

import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import ipaddr from 'ipaddr.js'

/** The client of a request with no socket (`app.request` in tests): one shared key. */
export const unknownClient = 'unknown'

/**
 * @example
 * // AIRLOCK_TRUST_PROXY=1, one proxy: `X-Forwarded-For: 198.51.100.7, 203.0.113.9` is 203.0.113.9
 * const client = clientAddress(c, 1)
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  const address = observedAddress(c, trustedProxies)
  return address === undefined ? unknownClient : subscriberOf(address)
}

/**
 * The client's own IP address, by the same rules, not widened to its /64; undefined without a
 * socket. For a service that binds a session to it (Coinbase's onramp tokens).
 */
export function clientIp(c: Context, trustedProxies: number): string | undefined {
  return observedAddress(c, trustedProxies)
}

function observedAddress(c: Context, trustedProxies: number): string | undefined {
  const socketAddress = remoteAddress(c)
  if (trustedProxies === 0) return socketAddress
  // Nearest first: what the last proxy appended (the address it saw), then the one before it.
  const forwardedFor = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .reverse()
  // Fewer entries than proxies: the request skipped one; the furthest address known is all there is.
  return forwardedFor[Math.min(trustedProxies, forwardedFor.length) - 1] ?? socketAddress
}

function remoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    // No Node socket behind this request (`app.request`).
    return undefined
  }
}

/** An IPv4 address as is (IPv4-mapped IPv6 too), an IPv6 one as its /64: `2001:db8:0:1::/64`. */
export function subscriberOf(address: string): string {
  const bare = address.replace(/%.*$/, '')
  // net.isIP is strict; ipaddr.js alone would also take forms like '127.1'.
  if (isIP(bare) !== 6) return address
  const parsed = ipaddr.IPv6.parse(bare)
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString()
  // Each of the first four groups, unpadded: the key the budgets have always been counted under.
  return `${parsed.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
