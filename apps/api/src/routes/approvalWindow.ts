/**
 * `GET /approval-window`: the empty top-level page, on the modal's own origin, where the embedded
 * wallet asks for an approval when the browser can't prove the frame is seen (issue 34 point 4).
 * It runs no script of its own: the frame that opened it (same origin) renders the approval into
 * its root. No page may frame it, so what it shows is what the visitor sees.
 */
import { approvalWindow, approvalWindowPath } from '@airlock/protocol'
import { Hono } from 'hono'
import { modalImageSources } from '../services/modalPage'

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Approve · Airlock</title>
  </head>
  <body>
    <div id="${approvalWindow.rootId}"></div>
  </body>
</html>
`

/** The page's policy: no script, no frame, no form; the modal's styles and pictures only. */
export function approvalWindowSecurityPolicy(production: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${modalImageSources(production).join(' ')}`,
    "font-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function approvalWindowRoutes({ production }: { production: boolean }): Hono {
  const app = new Hono()
  app.get(approvalWindowPath, (c) =>
    c.body(page, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': approvalWindowSecurityPolicy(production),
    }),
  )
  return app
}
