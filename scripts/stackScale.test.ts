// The scale stack (issue 40) with two replicas behind HAProxy on free loopback ports: requests
// through the balancer reach both replicas, and a client's rate limit is spent through both
// together (Redis); after a kill -9 of one, every request through the balancer succeeds from the
// survivor and HAProxy marks the dead one DOWN within 5 s; start() brings it back, and Redis and
// PostgreSQL restart on their ports (the fault trials' controls, whose outcomes scripts/trials/
// checks); stop() leaves no replica process and nothing listening on any of the stack's ports.
// Bad options and a missing haproxy are refused with clear errors, before anything starts.
import { readFile } from 'node:fs/promises'
import { createConnection } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { balancerView, findHaproxy, haproxyConfig, noReplicaAnswer } from './haproxy.mjs'
import { readScaleOptions, type ScaleStack, startScaleStack } from './stackScale.mjs'

/** Whether something accepts TCP connections at `url`'s host and port. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** `count` requests through the balancer, one after another: each one's status and replica. */
async function answers(url: string, count: number) {
  const seen: { status: number; instance: string | null }[] = []
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${url}/v1/projects/demo/config`)
    await response.arrayBuffer()
    seen.push({ status: response.status, instance: response.headers.get('X-Airlock-Instance') })
  }
  return seen
}

/** Each replica's state as HAProxy's stats give it: `{ 'api-1': 'UP', … }`. */
async function balancerStates(stack: ScaleStack): Promise<Record<string, string>> {
  const view = await balancerView(stack.statsUrl)
  return Object.fromEntries(Object.entries(view).map(([id, { status }]) => [id, status]))
}

describe('the scale stack', () => {
  let stack: ScaleStack | undefined
  beforeAll(async () => {
    stack = await startScaleStack({ replicas: 2, port: 0, quiet: true })
  }, 240_000)
  afterAll(() => stack?.stop())

  test('behavior: requests through the load balancer reach both replicas', async () => {
    const seen = await answers(stack!.url, 6)
    expect(seen.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(seen.map(({ instance }) => instance))).toEqual(new Set(['api-1', 'api-2']))
    expect(await balancerStates(stack!)).toEqual({ 'api-1': 'UP', 'api-2': 'UP' })
  })

  test('behavior: a rate limit is shared: a client past its budget through one replica is past it through all', async () => {
    // `cache=false` balance reads: 6 a minute per client by default, counted in Redis. Each
    // replica counting alone would let this client make 6 through each of them.
    const url = `${stack!.url}/v1/accounts/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balances?projectId=demo&chainId=eip155:31337&cache=false`
    const seen: { status: number; instance: string | null; retryAfter: string | null }[] = []
    for (let index = 0; index < 7; index++) {
      const response = await fetch(url)
      await response.arrayBuffer()
      seen.push({
        status: response.status,
        instance: response.headers.get('X-Airlock-Instance'),
        retryAfter: response.headers.get('Retry-After'),
      })
    }
    const spent = seen.slice(0, 6)
    expect(spent.map(({ status }) => status)).not.toContain(429)
    expect(new Set(spent.map(({ instance }) => instance))).toEqual(new Set(['api-1', 'api-2']))
    expect(seen[6]?.status).toBe(429)
    expect(Number(seen[6]?.retryAfter)).toBeGreaterThan(0)
  })

  test('behavior: after kill -9 of a replica, every request succeeds from the survivor, and HAProxy takes the dead one out within 5 s', async () => {
    const [victim, survivor] = stack!.replicas
    process.kill(victim!.pid, 'SIGKILL')
    const killedAt = Date.now()
    await expect
      .poll(() => balancerStates(stack!), { timeout: 5_000, interval: 100 })
      .toEqual({ [victim!.id]: 'DOWN', [survivor!.id]: 'UP' })
    expect(Date.now() - killedAt).toBeLessThan(5_000)
    expect(await answers(stack!.url, 6)).toEqual(
      Array.from({ length: 6 }, () => ({ status: 200, instance: survivor!.id })),
    )
  })

  test('behavior: start() after a kill -9 brings the replica back on its port; HAProxy sends to it again', async () => {
    const [victim] = stack!.replicas
    const killedPid = victim!.pid
    expect(victim!.running()).toBe(false)
    await victim!.start()
    expect(victim!.pid).not.toBe(killedPid)
    await expect
      .poll(() => balancerStates(stack!), { timeout: 5_000, interval: 100 })
      .toEqual({ 'api-1': 'UP', 'api-2': 'UP' })
    const seen = await answers(stack!.url, 6)
    expect(new Set(seen.map(({ instance }) => instance))).toEqual(new Set(['api-1', 'api-2']))
    await expect(victim!.start()).rejects.toThrow(
      `api-1 is running (pid ${victim!.pid}): kill it first.`,
    )
  })

  test('behavior: Redis killed and started again is back on its port; PostgreSQL stopped and started again too', async () => {
    const redis = stack!.redisUrl.replace(/^redis:/, 'http:')
    const database = stack!.databaseUrl.replace(/^postgres:/, 'http:').replace(/\/airlock$/, '')
    await stack!.redis.kill()
    expect(await listening(redis)).toBe(false)
    await expect(stack!.redis.start()).resolves.toBeUndefined()
    expect(await listening(redis)).toBe(true)
    await stack!.postgres.stop()
    expect(await listening(database)).toBe(false)
    await stack!.postgres.start()
    expect(await listening(database)).toBe(true)
    await expect
      .poll(() => balancerStates(stack!), { timeout: 10_000, interval: 100 })
      .toEqual({ 'api-1': 'UP', 'api-2': 'UP' })
  })

  test('behavior: stop() leaves no replica process and nothing listening on the stack’s ports', async () => {
    const running = stack!
    const urls = [
      running.url,
      running.statsUrl,
      running.databaseUrl.replace(/^postgres:/, 'http:'),
      running.redisUrl.replace(/^redis:/, 'http:'),
      ...running.replicas.map(({ url }) => url),
    ]
    await running.stop()
    for (const { pid } of running.replicas) expect(alive(pid)).toBe(false)
    for (const url of urls) expect(await listening(url)).toBe(false)
  }, 60_000)
})

describe('the scale stack’s options', () => {
  test('behavior: --replicas and --port, else SCALE_REPLICAS and SCALE_PORT, else 3 and 8700', () => {
    expect(readScaleOptions([], {})).toEqual({ replicas: 3, port: 8700 })
    expect(readScaleOptions([], { SCALE_REPLICAS: '5', SCALE_PORT: '9000' })).toEqual({
      replicas: 5,
      port: 9000,
    })
    expect(readScaleOptions(['--replicas', '2', '--port', '0'], { SCALE_REPLICAS: '5' })).toEqual({
      replicas: 2,
      port: 0,
    })
  })

  test('error: a count that is not a number, or an unknown argument, is refused', () => {
    expect(() => readScaleOptions(['--replicas', 'three'], {})).toThrow(
      '--replicas (or SCALE_REPLICAS) must be a whole number, got "three".',
    )
    expect(() => readScaleOptions(['--replica', '2'], {})).toThrow(
      'Unknown argument "--replica". Usage: npm run stack:scale -- [--replicas N] [--port P]',
    )
  })

  test('error: out-of-range replicas or port are refused before anything starts', async () => {
    await expect(startScaleStack({ replicas: 0, quiet: true })).rejects.toThrow(
      'replicas must be a whole number from 1 to 16, got 0.',
    )
    await expect(startScaleStack({ replicas: 2, port: 70_000, quiet: true })).rejects.toThrow(
      'port must be a port number (0 for a free one), got 70000.',
    )
    await expect(
      startScaleStack({ env: { REDIS_URL: 'redis://elsewhere', LOG_LEVEL: 'warn' }, quiet: true }),
    ).rejects.toThrow('env may not set what the scale stack wires itself: REDIS_URL.')
  })

  test('error: without haproxy the start names the package to install', () => {
    expect(() => findHaproxy({ HAPROXY_PATH: '/nonexistent/haproxy' })).toThrow(
      'HAProxy not found (HAPROXY_PATH /nonexistent/haproxy): the scale stack balances its replicas with it. Install it with `apt-get install haproxy`.',
    )
  })

  test('behavior: the balancer checks /healthz every second, out after 2 failures, in after 1', () => {
    const config = haproxyConfig({
      port: 8700,
      statsPort: 8701,
      replicas: [
        { id: 'api-1', port: 9001 },
        { id: 'api-2', port: 9002 },
      ],
    })
    expect(config).toContain('  bind 127.0.0.1:8700\n')
    expect(config).toContain('  balance roundrobin\n')
    expect(config).toContain(
      '  option httpchk GET /healthz HTTP/1.1\n  http-check send hdr Host airlock-lb\n  http-check expect status 200\n',
    )
    expect(config).toContain('  default-server inter 1s fall 2 rise 1\n')
    expect(config).toContain(
      '  server api-1 127.0.0.1:9001 check\n  server api-2 127.0.0.1:9002 check\n',
    )
  })

  test("behavior: with no replica up, HAProxy's own 503 is the API's serviceUnavailable with Retry-After, as in deploy/haproxy.cfg", async () => {
    const config = haproxyConfig({ port: 8700, statsPort: 8701, replicas: [] })
    expect(config).toContain(`  ${noReplicaAnswer}\n`)
    expect(noReplicaAnswer).toBe(
      `http-error status 503 content-type application/json hdr Retry-After 5 hdr Cache-Control no-store string '{"error":{"code":"serviceUnavailable","message":"No API replica is available; try again shortly."}}'`,
    )
    const deployed = await readFile(new URL('../deploy/haproxy.cfg', import.meta.url), 'utf8')
    expect(deployed).toContain(`  ${noReplicaAnswer}\n`)
  })
})
