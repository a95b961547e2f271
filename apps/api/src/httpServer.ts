/**
 * The API's HTTP server: Node's, with the one-second micro cache in front of the app
 * (`microCache.ts`), idle connections kept longer than a load balancer keeps them
 * ({@link idleConnectionMs}), request lines and headers capped at {@link maxRequestHeaderBytes},
 * and a request Node cannot read answered in the API's error shape, and heard out, rather than cut off:
 * Node's own answer to a 100 KB query string is a 431 followed at once by closing the socket with
 * the rest of the request unread, which resets the connection, and a client still sending (or
 * slow to read) sees the reset instead of the 431.
 */
import { createServer, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ApiErrorBody, ApiErrorCode } from '@airlock/protocol'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { createMicroCache } from './storage/microCache'

/** The request line and headers together, at most (Node's default, set here so it holds). */
export const maxRequestHeaderBytes = 16 * 1024

/**
 * How long an idle connection is kept: longer than a load balancer keeps its own (HAProxy's and
 * most clouds' 60 s at most), so the balancer, never the replica, closes one. Node's default,
 * 5 s, closes connections a balancer is about to reuse, and the request it sends in that moment
 * fails (502 at the balancer).
 */
export const idleConnectionMs = 65_000

/** How long the rest of a refused request is read and dropped before the socket is closed. */
const drainMs = 5_000

/**
 * @example
 * const server = createApiServer(app)
 * server.listen(8787, '127.0.0.1')
 */
export function createApiServer(app: Hono): Server {
  // Repeats of the hottest route are answered before the HTTP stack (microCache.ts).
  const microCache = createMicroCache()
  const appListener = getRequestListener(microCache.wrap(app.fetch))
  const server = createServer({ maxHeaderSize: maxRequestHeaderBytes }, (request, response) => {
    if (!microCache.serve(request, response)) void appListener(request, response)
  })
  server.keepAliveTimeout = idleConnectionMs
  // Headers of a request on a kept connection may take as long as the connection may idle.
  server.headersTimeout = idleConnectionMs + 1_000
  // Node reports a broken request once per chunk that still arrives: it is answered once.
  const answered = new WeakSet<Duplex>()
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return
    answered.add(socket)
    answerClientError(error, socket)
  })
  return server
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const response = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
  // Nothing to answer on: the client is gone, or an answer is already on its way.
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy()
    return
  }
  socket.end(errorAnswer(error.code))
  // The rest of the request is read and dropped until the client is done: closing with it
  // unread would reset the connection, and the answer would be lost with it.
  socket.resume()
  socket.once('end', () => socket.destroy())
  setTimeout(() => socket.destroy(), drainMs).unref()
}

/** The raw HTTP answer to a request Node refused with `code`. */
function errorAnswer(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n'
  const [status, reason, error]: [number, string, ApiErrorBody['error']] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          refusal(
            'requestHeadersTooLarge',
            `The request line and headers exceed ${maxRequestHeaderBytes} bytes: send long data in a request body`,
          ),
        ]
      : [400, 'Bad Request', refusal('invalidRequest', 'The request is not HTTP the API can read')]
  const body = JSON.stringify({ error } satisfies ApiErrorBody)
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n')
}

const refusal = (code: ApiErrorCode, message: string) => ({ code, message })
