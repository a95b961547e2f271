/** `GET /healthz`: liveness plus a trivial query, for load balancers and compose health checks. */

import { Hono } from 'hono'
import { pingStorage, type Storage } from '../storage/storage'

export function healthRoutes(storage: Storage): Hono {
  const app = new Hono()
  app.get('/healthz', async (c) => {
    const ok = await pingStorage(storage)
    c.header('Cache-Control', 'no-store')
    return c.json({ ok, database: storage.dialect }, ok ? 200 : 503)
  })
  return app
}
