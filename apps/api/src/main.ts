/**
 * Starts the API: reads the environment, opens and migrates the database, seeds the `demo`
 * project, serves on HOST:PORT, and closes everything on SIGINT/SIGTERM.
 */

import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, readServerConfig } from './config'
import { migrateToLatest } from './migrations'
import { NetworkConfigError } from './networks'
import { seedDemoProject } from './seed'
import { buildExists } from './staticFiles'
import { openStorage } from './storage'

async function main(): Promise<void> {
  let config: ReturnType<typeof readServerConfig>
  try {
    config = readServerConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError || error instanceof NetworkConfigError) {
      console.error(`airlock api: ${error.message}`)
      process.exit(1)
    }
    throw error
  }

  const storage = openStorage(config.storage)
  await migrateToLatest(storage.db)
  if (await seedDemoProject(storage.db)) console.log('airlock api: created the demo project')

  for (const [name, dist] of [
    ['modal', config.modalDist],
    ['SDK', config.sdkDist],
  ] as const)
    if (!buildExists(dist))
      console.warn(
        `airlock api: no ${name} build at ${dist}; run \`npm run build\` (answering 503 until then)`,
      )

  const app = createApp({
    storage,
    networks: config.networks,
    modalDist: config.modalDist,
    sdkDist: config.sdkDist,
    publicOrigin: config.publicOrigin,
  })

  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
    console.log(
      `airlock api: listening on http://${host}:${info.port} (${storage.dialect}: ${storage.location})`,
    )
  })
  server.on('error', (error) => {
    console.error(`airlock api: cannot listen on ${config.host}:${config.port}: ${error.message}`)
    void storage.close().finally(() => process.exit(1))
  })

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`airlock api: ${signal}, shutting down`)
    // Keep-alive connections would hold `close` open; give in-flight requests a moment, then go.
    const deadline = setTimeout(() => process.exit(0), 5_000)
    deadline.unref()
    server.close(() => {
      void storage.close().finally(() => process.exit(0))
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error('airlock api: failed to start', error)
  process.exit(1)
})
