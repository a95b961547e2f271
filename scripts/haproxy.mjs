// HAProxy in front of the scale stack's API replicas (scripts/stackScale.mjs): finding Debian's
// binary, its configuration (round-robin, health checks, its own 503 said as the API says one),
// and what its stats page says of each replica.
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/**
 * Debian's haproxy: `HAPROXY_PATH` when set (and then only it), else /usr/sbin/haproxy or on
 * PATH; missing, a clear error naming the package.
 * @param {Record<string, string | undefined>} [env]
 */
export function findHaproxy(env = process.env) {
  const candidates = env.HAPROXY_PATH
    ? [env.HAPROXY_PATH]
    : ['/usr/sbin/haproxy', ...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'haproxy'))]
  const found = candidates.find((path) => existsSync(path))
  if (found === undefined)
    throw new Error(
      `HAProxy not found (${env.HAPROXY_PATH ? `HAPROXY_PATH ${env.HAPROXY_PATH}` : '/usr/sbin/haproxy, PATH'}): ` +
        'the scale stack balances its replicas with it. Install it with `apt-get install haproxy`.',
    )
  return found
}

/**
 * HAProxy's own 503, when no replica passes its check (all dead, or PostgreSQL down and every
 * /healthz failing), said as the API says its 503s: JSON, `serviceUnavailable`, `Retry-After`.
 * deploy/haproxy.cfg carries the same line.
 */
export const noReplicaAnswer =
  'http-error status 503 content-type application/json hdr Retry-After 5 hdr Cache-Control no-store ' +
  `string '${JSON.stringify({ error: { code: 'serviceUnavailable', message: 'No API replica is available; try again shortly.' } })}'`

/**
 * HAProxy's configuration: one frontend on `port`, round-robin over the replicas, each checked
 * with GET /healthz every second, out after 2 failures, back after 1 success. A request whose
 * connection to a replica fails (the replica just died) is sent to another one, not failed; with
 * none left, the answer is a 503 with Retry-After ({@link noReplicaAnswer}).
 * HAProxy's stats page (each replica UP or DOWN; `;csv` for machines) is on `statsPort`.
 * @param {{ port: number, statsPort: number, replicas: { id: string, port: number }[] }} options
 */
export function haproxyConfig({ port, statsPort, replicas }) {
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  # The replicas count each visitor from X-Forwarded-For (AIRLOCK_TRUST_PROXY=1).',
    '  option forwardfor',
    '  # A connection refused by a replica that just died is retried on another one.',
    '  retries 2',
    '  retry-on conn-failure',
    '  option redispatch 1',
    `  ${noReplicaAnswer}`,
    '',
    'frontend stats',
    `  bind 127.0.0.1:${statsPort}`,
    '  stats enable',
    '  stats uri /',
    '',
    'frontend airlock',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    '',
    'backend api',
    '  balance roundrobin',
    '  # HTTP/1.1 with a Host header: the API answers a request without one 400.',
    '  option httpchk GET /healthz HTTP/1.1',
    '  http-check send hdr Host airlock-lb',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...replicas.map(({ id, port: replicaPort }) => `  server ${id} 127.0.0.1:${replicaPort} check`),
    '',
  ].join('\n')
}

/**
 * Each replica as HAProxy's stats CSV (`<statsUrl>;csv`) shows it: its `status` (`UP`, `DOWN`,
 * `UP 1/2` while going down…) and its last check's (`L7OK`, `L4CON`…).
 * @param {string} statsUrl
 * @returns {Promise<Record<string, { status: string, check: string }>>}
 */
export async function balancerView(statsUrl) {
  const [header = '', ...rows] = (await (await fetch(`${statsUrl};csv`)).text()).trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const [proxy, server, status, check] = ['pxname', 'svname', 'status', 'check_status'].map(
    (name) => columns.indexOf(name),
  )
  return Object.fromEntries(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[proxy] === 'api' && /^api-\d+$/.test(cells[server] ?? ''))
      .map((cells) => [cells[server], { status: cells[status], check: cells[check] }]),
  )
}
