import { approvalWindow, approvalWindowPath } from '@airlock/protocol'
import { afterEach, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app'

let t: TestApp | undefined
afterEach(() => t?.close())

test('behavior: the approval window is an empty page with the root the frame renders into', async () => {
  t = await createTestApp()
  const response = await t.app.request(approvalWindowPath)
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  const html = await response.text()
  expect(html).toContain(`<div id="${approvalWindow.rootId}"></div>`)
  expect(html).not.toMatch(/<script/i)
})

test('security: the approval window runs no script, and no page may frame it', async () => {
  t = await createTestApp({ production: true })
  const response = await t.app.request(approvalWindowPath)
  const policy = response.headers.get('Content-Security-Policy') ?? ''
  expect(policy.split('; ')).toEqual(
    expect.arrayContaining([
      "default-src 'none'",
      "script-src 'none'",
      "frame-ancestors 'none'",
      "img-src 'self' data: https:",
    ]),
  )
  expect(response.headers.get('X-Frame-Options')).toBe('DENY')
  expect(response.headers.get('Cache-Control')).toBe('no-store')
})
