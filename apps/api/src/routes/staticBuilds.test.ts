import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../test/app'
import { modalTemplate } from '../../test/builds'
import { configPlaceholder } from '../services/modalPage'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  const { modalDist } = t.builds
  // Other ways the template could be reached on disk: a copy, a symlink, HTML among the assets.
  await writeFile(join(modalDist, 'assets', 'page.html'), modalTemplate)
  await writeFile(join(modalDist, 'copy.HTML'), modalTemplate)
  await symlink(join(modalDist, 'index.html'), join(modalDist, 'page.txt'))
  await mkdir(join(modalDist, 'modal'))
  await writeFile(join(modalDist, 'modal', 'index.html'), modalTemplate)
})
afterAll(() => t.close())

/** Every spelling we could think of that a server might resolve to the modal's page. */
const paths = [
  '/index.html',
  '//index.html',
  '///index.html',
  '/index%2Ehtml',
  '/index%2ehtml',
  '/%69ndex.html',
  '/%69%6E%64%65%78%2E%68%74%6D%6C',
  '/index.html/',
  '/index.html//',
  '/index.html;x',
  '/index.html?projectId=shop',
  '/index.html#x',
  '/index.html%00',
  '/index.html%20',
  '/index.html.',
  '/INDEX.HTML',
  '/Index.html',
  '/./index.html',
  '/assets/../index.html',
  '/assets/%2e%2e/index.html',
  '/assets/..%2findex.html',
  '/assets/%2E%2E%2Findex.html',
  '/assets/..%5cindex.html',
  '/assets/page.html',
  '/assets//page.html',
  '/assets/index.html',
  '/copy.HTML',
  '/copy.html',
  '/page.txt',
  '/modal/index.html',
  '/modal.html',
  '/modal',
  '/modal/',
  '/modal//',
  '//modal',
  '/Modal',
  '/MODAL',
  '/%6Dodal',
  '/%6dodal?projectId=shop',
  '/modal%2F',
  '/modal;x',
  '/modal%3FprojectId=shop',
  '/modal?projectId=shop',
  '/modal?projectId=%73hop',
  '/modal?projectId=shop%00',
  '/modal?projectId=shop&projectId=lonely',
  '/modal?projectId[]=shop',
  '/modal?projectId=SHOP',
  '/modal?projectId=',
  '/modal?projectId=nope',
  '/modal?projectId=lonely',
  '/modal?projectId=shop#frag',
  '/./modal?projectId=shop',
  '/assets/../modal?projectId=shop',
  '/',
  '/index',
  '/assets/',
  '/favicon.svg',
]

describe('the modal page is served only with its CSP', () => {
  test.each(
    paths.flatMap((path) => (['GET', 'HEAD'] as const).map((method) => ({ method, path }))),
  )(
    'behavior: $method $path is 404, not a document, or the page with its CSP',
    async ({ method, path }) => {
      const response = await t.app.request(path, { method })
      const body = await response.text()
      const html = (response.headers.get('Content-Type') ?? '').startsWith('text/html')
      const template =
        body.includes(configPlaceholder) ||
        body.includes('<div id="root">') ||
        body.includes('airlock-config')
      // Frame blocking is the CSP's `frame-ancestors` alone, never a competing X-Frame-Options.
      expect(response.headers.get('X-Frame-Options')).toBeNull()
      if (!(response.status === 200 && html) && !template) return

      expect(response.status).toBe(200)
      const csp = response.headers.get('Content-Security-Policy')
      expect(csp).toMatch(/(^|; )frame-ancestors [^;]+/)
      // The same headers /modal gives the same query.
      const search = new URL(path, 'http://localhost').search
      const reference = await t.app.request(`/modal${search}`)
      expect(csp).toBe(reference.headers.get('Content-Security-Policy'))
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    },
  )

  test('behavior: of those paths, only /modal (and what a URL parser makes /modal) render the page', async () => {
    const rendering: string[] = []
    for (const path of paths) {
      const response = await t.app.request(path)
      if ((await response.text()).includes('<div id="root">')) rendering.push(path)
    }
    // Hono routes `/%6Dodal` to /modal too, which is fine: it is the route, with its CSP.
    const onModalRoute = (path: string) =>
      decodeURIComponent(new URL(path, 'http://localhost').pathname) === '/modal'
    expect(rendering.filter((path) => !onModalRoute(path))).toEqual([])
    expect(rendering).toContain('/modal?projectId=shop')
  })
})
