// Types of stackScale.mjs for the TypeScript configs that import it.
export type ScaleReplica = {
  /** `api-1`, `api-2`, …: what its answers carry in `X-Airlock-Instance`. */
  id: string
  url: string
  /** Its process now: a new one after `start()`. */
  readonly pid: number
  /** Whether its process runs. */
  running(): boolean
  /** `kill -9` of its process; resolves once it is gone. */
  kill(): Promise<void>
  /** Starts it again after `kill()` (same id and port); resolves once its /healthz answers 200. */
  start(): Promise<void>
}

export type ScaleStack = {
  /** The load balancer's address: the one address visitors use. */
  url: string
  /** HAProxy's stats page: each replica UP or DOWN (`;csv` appended: as CSV). */
  statsUrl: string
  databaseUrl: string
  redisUrl: string
  replicas: ScaleReplica[]
  redis: {
    /** `kill -9` of redis-server; resolves once it is gone. */
    kill(): Promise<void>
    /** Starts it again, empty, on the same port; resolves once it accepts connections. */
    start(): Promise<void>
  }
  postgres: {
    /** A fast shutdown (`pg_ctl -m fast stop`): its sessions are ended, its data kept. */
    stop(): Promise<void>
    /** Starts it again on the same port and data; resolves once it takes connections. */
    start(): Promise<void>
  }
  /** Stops HAProxy, the replicas, Redis and PostgreSQL, and removes the temp folder. */
  stop(): Promise<void>
}

export declare const defaultReplicas: number
export declare const defaultBalancerPort: number
export declare const maxReplicas: number
export declare function startScaleStack(options?: {
  replicas?: number
  port?: number
  quiet?: boolean
  /** Settings every replica gets; not the stack's own wiring (addresses, secrets, ids). */
  env?: Record<string, string>
  /** Replicas compiled as the Docker image runs them (quicker restarts), not under tsx. */
  compiled?: boolean
  signal?: AbortSignal
  /** Each line a replica writes to stdout (its JSON log lines), quiet or not. */
  onReplicaLine?: (id: string, line: string) => void
}): Promise<ScaleStack>

export declare function readScaleOptions(
  argv: string[],
  env: Record<string, string | undefined>,
): { replicas: number; port: number }
