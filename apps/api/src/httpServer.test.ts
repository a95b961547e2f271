// The API's HTTP server on a loopback port, with the real app: a 100 KB query string is answered
// 431 in the API's error shape, also to a client still sending it and slow to read (Node's own
// answer reset that connection: the client saw EPIPE or ECONNRESET and no answer), and what is
// not HTTP is a 400; requests within the limit reach the app.
import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../test/app'
import { createApiServer, idleConnectionMs, maxRequestHeaderBytes } from './httpServer'

let t: TestApp
let server: Server
let port: number
beforeAll(async () => {
  t = await createTestApp()
  server = createApiServer(t.app)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server?.closeAllConnections()
  server?.close()
  await t?.close()
})

/**
 * Sends `request` over a raw socket in 10 KB pieces, reading nothing until it has all been
 * written; resolves with everything the server sent, or with the socket error.
 */
function rawExchange(request: string): Promise<{ answer: string; error?: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.pause()
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ answer, error: error.code }))
    socket.on('close', () => resolve({ answer }))
    const pieces = request.match(/[\s\S]{1,10000}/g) ?? []
    const write = (index: number) => {
      if (index === pieces.length) {
        socket.resume()
        socket.end()
        return
      }
      socket.write(pieces[index] ?? '', () => setImmediate(() => write(index + 1)))
    }
    write(0)
  })
}

const tooLarge = {
  error: {
    code: 'requestHeadersTooLarge',
    message: `The request line and headers exceed ${maxRequestHeaderBytes} bytes: send long data in a request body`,
  },
}

describe('the API’s HTTP server', () => {
  test('error: a 100 KB query string is 431 requestHeadersTooLarge, not a reset', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/names?address=${'a'.repeat(100_000)}`)
    expect(response.status).toBe(431)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual(tooLarge)
  })

  test('error: a client still sending its 100 KB request line, reading late, gets the whole 431', async () => {
    const { answer, error } = await rawExchange(
      `GET /healthz?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    )
    expect(error).toBeUndefined()
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(tooLarge)
  })

  test('error: what is not HTTP is 400 invalidRequest in the API’s shape', async () => {
    const { answer, error } = await rawExchange('HELLO THERE\r\n\r\n')
    expect(error).toBeUndefined()
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'invalidRequest', message: 'The request is not HTTP the API can read' },
    })
  })

  test('behavior: a request within the limit reaches the app, and the connection serves the next', async () => {
    const long = await fetch(`http://127.0.0.1:${port}/v1/nft-image?url=${'a'.repeat(10_000)}`)
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ error: { code: 'invalidRequest' } })
    const health = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(health.status).toBe(200)
  })

  test('behavior: an idle connection is kept 65 s, as the answer tells a client or load balancer, so the balancer closes it first', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(health.headers.get('keep-alive')).toBe(`timeout=${idleConnectionMs / 1000}`)
    expect(idleConnectionMs).toBeGreaterThan(60_000)
  })
})
