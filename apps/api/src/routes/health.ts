/**
 * `GET /healthz`: liveness plus a trivial query, for load balancers and compose health checks:
 * 503 with `Retry-After` while the database does not answer, so a balancer takes the replica out.
 */

import { Hono } from 'hono'
import { databaseRetryAfterSeconds } from '../databaseOutage'
import { pingStorage, type Storage } from '../storage/storage'

export function healthRoutes(storage: Storage): Hono {
  const app = new Hono()
  app.get('/healthz', async (c) => {
    const ok = await pingStorage(storage)
    c.header('Cache-Control', 'no-store')
    if (!ok) c.header('Retry-After', String(databaseRetryAfterSeconds))
    return c.json({ ok, database: storage.dialect }, ok ? 200 : 503)
  })
  return app
}
