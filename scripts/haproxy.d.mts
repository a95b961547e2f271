// Types of haproxy.mjs for the TypeScript configs that import it.
/** HAProxy's `http-error` line for its own 503: JSON `serviceUnavailable` with Retry-After. */
export declare const noReplicaAnswer: string

export declare function findHaproxy(env?: Record<string, string | undefined>): string

export declare function haproxyConfig(options: {
  port: number
  statsPort: number
  replicas: { id: string; port: number }[]
}): string

/** Each replica as HAProxy's stats show it: `{ 'api-1': { status: 'UP', check: 'L7OK' } }`. */
export declare function balancerView(
  statsUrl: string,
): Promise<Record<string, { status: string; check: string }>>
