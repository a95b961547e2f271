/**
 * One Redis connection as the API's shared parts use it (the cache, the events rate limiter):
 * commands fail fast while disconnected instead of queueing behind a dead connection, ioredis
 * reconnects in the background, and each outage is warned about once, then its end logged.
 */

import { Redis } from 'ioredis'
import { createLogger, type Logger } from '../logger'

export declare namespace connectRedis {
  type Options = {
    /** What uses it, for logs: 'cache', 'rate limiter'. */
    purpose: string
    /** What happens meanwhile, for the outage warning: 'serving without cache'. */
    whileDown: string
    keyPrefix?: string
    /** Longest wait for one command. Default 1 000 ms. */
    commandTimeoutMs?: number
    /** Delay before reconnect attempt `attempt` (1, 2, …). Default: 100 ms more each time, up to 2 s. */
    reconnectDelayMs?: (attempt: number) => number
    /** Where the outage warning and its end go. Default: a `createLogger()`. */
    logger?: Logger | undefined
  }
}

/**
 * @example
 * const redis = connectRedis(url, { purpose: 'cache', whileDown: 'serving without cache' })
 * await redis.ready(2_000)
 * await redis.client.get('key').catch(redis.failed)
 */
export function connectRedis(url: string, options: connectRedis.Options) {
  const {
    purpose,
    whileDown,
    commandTimeoutMs = 1_000,
    reconnectDelayMs = (attempt) => Math.min(attempt * 100, 2_000),
    logger = createLogger(),
  } = options
  const client = new Redis(url, {
    ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    retryStrategy: reconnectDelayMs,
  })
  const where = describeRedisUrl(url)
  let degraded = false
  let closed = false

  /** A command or the connection failed: warns once per outage. */
  const failed = (error: unknown) => {
    if (degraded || closed) return
    degraded = true
    const reason = error instanceof Error ? error.message : String(error)
    logger.warn(`redis ${purpose} at ${where} unavailable (${reason}); ${whileDown}`)
  }
  client.on('error', failed)
  client.on('close', () => failed(new Error('connection closed')))
  client.on('ready', () => {
    if (degraded) logger.info(`redis ${purpose} at ${where} is back`)
    degraded = false
  })

  return {
    client,
    failed,
    /** Resolves true once connected, or false after `timeoutMs` (it keeps trying). */
    ready(timeoutMs: number): Promise<boolean> {
      if (client.status === 'ready') return Promise.resolve(true)
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady)
          resolve(false)
        }, timeoutMs)
        const onReady = () => {
          clearTimeout(timer)
          resolve(true)
        }
        client.once('ready', onReady)
      })
    },
    async close() {
      closed = true
      try {
        await client.quit()
      } catch {
        client.disconnect()
      }
    },
  }
}

/** `host:port` of a Redis URL, without credentials, for logs. */
export function describeRedisUrl(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'REDIS_URL'
  }
}
