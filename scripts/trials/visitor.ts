// A visitor of the fault trials: HTTP requests to the load balancer from a loopback address of
// its own (127.0.x.y, all of 127/8 is loopback on Linux), so HAProxy's X-Forwarded-For names it
// and each visitor has its own client budgets, as real visitors do. Every request is bounded in
// time; a connection cut by a killed replica comes back as an answer with status 0, not a throw.
import { request } from 'node:http'

export type Answer = {
  /** The HTTP status; 0 when no answer came (connection reset or refused, timed out). */
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** Why no answer came, when status is 0. */
  failure?: string
}

export type Visitor = {
  /** The loopback address its requests come from. */
  address: string
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>
}

/** The `index`-th visitor's loopback address: 127.0.1.1, 127.0.1.2, … (never 127.0.0.1). */
export function visitorAddress(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 250 * 250)
    throw new Error(`A visitor index is a whole number below 62500, got ${index}.`)
  return `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`
}

/**
 * A visitor of `baseUrl` from `address`, its requests from the modal's origin (the API's own:
 * `baseUrl`), each given up after `timeoutMs`.
 */
export function createVisitor(baseUrl: string, address: string, timeoutMs = 10_000): Visitor {
  const base = new URL(baseUrl)
  return {
    address,
    send(method, path, body, headers = {}) {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      return new Promise((resolve) => {
        const sent = request(
          {
            host: base.hostname,
            port: base.port,
            localAddress: address,
            method,
            path,
            agent: false,
            timeout: timeoutMs,
            headers: {
              Origin: base.origin,
              ...(payload === undefined
                ? {}
                : {
                    'Content-Type': 'application/json',
                    'Content-Length': Buffer.byteLength(payload),
                  }),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            )
            response.on('error', (error) =>
              resolve({ status: 0, headers: {}, body: '', failure: error.message }),
            )
          },
        )
        sent.on('timeout', () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)))
        sent.on('error', (error) =>
          resolve({ status: 0, headers: {}, body: '', failure: error.message }),
        )
        sent.end(payload)
      })
    },
  }
}

/** An answer's JSON body, or undefined when it has none. */
export function jsonOf<shape>(answer: Answer): shape | undefined {
  try {
    return JSON.parse(answer.body) as shape
  } catch {
    return undefined
  }
}
