/**
 * Whether a URL points at the machine it is used on. Production mode refuses such URLs for what
 * browsers reach (RPC endpoints, the WalletConnect relay, CSP sources): on a visitor's machine,
 * loopback is whatever local program listens there, not the operator's service.
 */

import { isIPv4 } from 'node:net'

/**
 * True for `localhost` and `*.localhost`, 127.0.0.0/8, `::1`, the unspecified addresses
 * (`0.0.0.0`, `::`, which reach this machine too) and IPv4-mapped loopback. Takes a
 * `URL.hostname`, whose IPv6 addresses keep their brackets.
 *
 * @example
 * isLoopbackHost(new URL('http://127.0.0.1:8545').hostname) // true
 * isLoopbackHost(new URL('https://eth.merkle.io').hostname) // false
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIPv4(host)) return host.startsWith('127.') || host === '0.0.0.0'
  // The URL parser writes IPv6 in its shortest form: [::1], [::], [::ffff:7f00:1].
  return /^\[(::1?|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}|::ffff:0:0)\]$/.test(host)
}

/** {@link isLoopbackHost} for a whole URL; false when `url` does not parse. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname)
  } catch {
    return false
  }
}
