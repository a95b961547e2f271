import { afterEach, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app'

let t: TestApp | undefined
afterEach(() => t?.close())

test('behavior: in production mode the modal page CSP has no loopback or http/ws source to fetch from', async () => {
  t = await createTestApp({ production: true })
  const response = await t.app.request('/modal?projectId=shop')
  expect(response.status).toBe(200)
  // frame-ancestors is the project's stored origins, which the start checks (productionChecks.ts).
  const sources = response.headers.get('Content-Security-Policy')?.split('; frame-ancestors ')[0]
  expect(sources).toMatch(/^default-src 'self'; .*connect-src 'self' https:\/\/eth\.merkle\.io /)
  expect(sources).not.toMatch(/localhost|127\.0\.0\.1| http:| ws:/)
})

test('behavior: outside production the local chains and relay stay reachable', async () => {
  t = await createTestApp()
  const response = await t.app.request('/modal?projectId=shop')
  expect(response.headers.get('Content-Security-Policy')).toContain('ws://127.0.0.1:*')
})
