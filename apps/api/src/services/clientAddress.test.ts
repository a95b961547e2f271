import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { clientAddress, subscriberOf, unknownClient } from './clientAddress'

/** The client address an app behind `trustProxy` proxies sees for a request. */
async function seen(
  trustProxy: number,
  { socket, forwardedFor }: { socket?: string; forwardedFor?: string },
) {
  const app = new Hono()
  app.get('/', (c) => c.text(clientAddress(c, trustProxy)))
  const response = await app.request(
    '/',
    { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } },
    // What @hono/node-server hands the app; `app.request` alone has no socket.
    socket === undefined ? undefined : { incoming: { socket: { remoteAddress: socket } } },
  )
  return response.text()
}

describe('clientAddress', () => {
  test("behavior: without a trusted proxy it is the socket's peer, and X-Forwarded-For is ignored", async () => {
    expect(await seen(0, { socket: '198.51.100.7', forwardedFor: '203.0.113.9' })).toBe(
      '198.51.100.7',
    )
  })

  test('behavior: behind one trusted proxy it is the last X-Forwarded-For entry, whatever the client wrote before it', async () => {
    expect(
      await seen(1, { socket: '10.0.0.2', forwardedFor: '192.0.2.1, 192.0.2.2,198.51.100.7' }),
    ).toBe('198.51.100.7')
  })

  test('behavior: behind two trusted proxies it is the entry the outer proxy wrote', async () => {
    expect(
      await seen(2, { socket: '10.0.0.2', forwardedFor: '192.0.2.1, 198.51.100.7, 10.0.0.1' }),
    ).toBe('198.51.100.7')
  })

  test('behavior: a request that skipped the proxy is its furthest known address', async () => {
    expect(await seen(1, { socket: '198.51.100.7' })).toBe('198.51.100.7')
    expect(await seen(2, { socket: '10.0.0.2', forwardedFor: '198.51.100.7' })).toBe('198.51.100.7')
  })

  test('behavior: with no socket (app.request) all requests share one key', async () => {
    expect(await seen(0, {})).toBe(unknownClient)
    expect(await seen(1, {})).toBe(unknownClient)
  })

  test('behavior: IPv6 clients are counted per /64, IPv4-mapped ones as IPv4', async () => {
    expect(await seen(0, { socket: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64')
    expect(await seen(0, { socket: '::ffff:198.51.100.7' })).toBe('198.51.100.7')
  })
})

describe('subscriberOf', () => {
  test.each([
    ['198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b:1::198.51.100.7', '64:ff9b:1:0::/64'],
    ['not an address', 'not an address'],
  ])('behavior: %s is counted as %s', (address, subscriber) => {
    expect(subscriberOf(address)).toBe(subscriber)
  })
})
