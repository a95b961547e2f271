import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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

test("behavior: the page preloads the visitor's catalogue chunk: the site's locale, else the browser's; none in English", async () => {
  t = await createTestApp()
  await writeFile(
    join(t.builds.modalDist, 'locale-chunks.json'),
    JSON.stringify({ ja: 'assets/ja-abc.js', fr: 'assets/fr-def.js' }),
  )
  const preloads = async (query: string, acceptLanguage?: string) => {
    const response = await t!.app.request(`/modal?projectId=shop${query}`, {
      headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {},
    })
    return [
      ...(await response.text()).matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
    ].map((match) => match[1])
  }
  expect(await preloads('&locale=ja', 'fr-CA,fr;q=0.9')).toEqual(['/assets/ja-abc.js'])
  expect(await preloads('', 'fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['/assets/fr-def.js'])
  expect(await preloads('', 'en-US,en;q=0.9')).toEqual([])
  expect(await preloads('&locale=xx-Unknown', 'ja')).toEqual([])
})
