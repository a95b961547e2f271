import { describe, expect, test } from 'vitest'
import { addressRefusal } from './publicAddress'

describe('addressRefusal', () => {
  test.each([
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['10.0.0.1', 'a private address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.127.255.254', 'a carrier-grade NAT address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.0.0.8', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['192.168.1.1', 'a private address'],
    ['198.18.0.1', 'a reserved address'],
    ['198.19.255.1', 'a reserved address'],
    ['198.51.100.7', 'a reserved address'],
    ['203.0.113.9', 'a reserved address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a broadcast address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['fe80::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['64:ff9b::7f00:1', 'a NAT64 address'],
    ['64:ff9b::a00:1', 'a NAT64 address'],
    ['64:ff9b:1::1', 'a NAT64 address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped address'],
    ['::ffff:8.8.8.8', 'an IPv4-mapped address'],
    ['::7f00:1', 'a reserved address'],
    // ipaddr.js reads the deprecated IPv4-compatible spelling as mapped: refused either way.
    ['::127.0.0.1', 'an IPv4-mapped address'],
    ['2001:db8::1', 'a reserved address'],
    ['2002:7f00:1::1', 'a 6to4 address'],
    ['2001:0:4136:e378::1', 'a Teredo address'],
    ['localhost', 'not an IP address'],
    ['127.1', 'not an IP address'],
  ])('behavior: %s is refused as %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason)
  })

  test.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700::1111', '2a00:1450:4001::200e'])(
    'behavior: the public address %s is allowed',
    (address) => {
      expect(addressRefusal(address)).toBeUndefined()
    },
  )

  test('behavior: allowed networks let their addresses through, and only those', () => {
    const loopback = ['127.0.0.0/8', '::1/128']
    expect(addressRefusal('127.0.0.1', loopback)).toBeUndefined()
    expect(addressRefusal('::1', loopback)).toBeUndefined()
    expect(addressRefusal('10.0.0.1', loopback)).toBe('a private address')
    // A mapped form of an allowed IPv4 address is not the allowed address.
    expect(addressRefusal('::ffff:127.0.0.1', loopback)).toBe('an IPv4-mapped address')
    expect(addressRefusal('127.0.0.1', ['127.0.0.2/32'])).toBe('a loopback address')
  })
})
