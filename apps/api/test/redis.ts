/**
 * A throwaway redis-server for tests, on a free loopback port with persistence off. `stop()`
 * kills it; `start()` again brings it back on the same port (for outage tests). The binary is
 * `REDIS_SERVER`, /usr/bin/redis-server or on PATH; when absent, starting fails (tests must not
 * skip).
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { accepts } from '../../../scripts/childProcesses.mjs'
import { findRedisServer } from '../../../scripts/loopbackServices.mjs'
import { freePort } from './ports'

export type RedisServer = {
  port: number
  url: string
  /** Starts it again on the same port after `stop()`; does nothing while it runs. */
  start(): Promise<void>
  stop(): Promise<void>
}

export async function startRedis(): Promise<RedisServer> {
  const bin = findRedisServer()
  const port = await freePort()
  let child: ChildProcess | undefined

  const start = async () => {
    if (child !== undefined && child.exitCode === null) return
    const started = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    child = started
    const deadline = Date.now() + 10_000
    while (!(await accepts(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`)
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  await start()

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const running = child
      child = undefined
      if (running === undefined || running.exitCode !== null) return
      const exited = new Promise((resolve) => running.once('exit', resolve))
      running.kill('SIGKILL')
      await exited
    },
  }
}
