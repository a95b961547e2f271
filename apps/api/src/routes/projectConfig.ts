/** `GET /v1/projects/:id/config`: a project's public configuration, readable from any origin. */

import { isProjectId, type NetworkConfig, type WalletConnectConfig } from '@airlock/protocol'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { type OfferedServices, toProjectConfig } from '../services/projectConfig'
import { getProject } from '../services/projects'
import type { Storage } from '../storage/storage'
import { apiError } from './apiError'

export function projectConfigRoutes(
  storage: Storage,
  networks: readonly NetworkConfig[],
  walletConnect: WalletConnectConfig | null,
  /** What this API can do of what a project may switch on: the rest is not offered. */
  offered: OfferedServices,
): Hono {
  const app = new Hono()
  // Only this route: the operator's stats under /v1/projects/ are not for pages to read.
  app.use('/v1/projects/:id/config', cors({ origin: '*', allowMethods: ['GET'] }))
  app.get('/v1/projects/:id/config', async (c) => {
    c.header('Cache-Control', 'no-cache')
    const projectId = c.req.param('id')
    if (!isProjectId(projectId))
      return apiError(
        c,
        400,
        'invalidRequest',
        'A project id is 2 to 63 lowercase letters, digits or hyphens, starting with a letter or digit.',
      )
    const project = await getProject(storage.db, projectId)
    if (project === undefined) return apiError(c, 404, 'invalidProjectId', 'Invalid Project ID')
    return c.json(toProjectConfig(project, networks, walletConnect, offered))
  })
  return app
}
