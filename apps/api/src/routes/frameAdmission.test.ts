// Which requests count as the modal's own pages: what a browser sends for the modal's fetches (a
// POST's Origin; a same-origin GET's Sec-Fetch-Site, with no Origin) and what it sends for any
// other page's (its Origin, or `Sec-Fetch-Site: cross-site`).
import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { fromOwnPages } from './frameAdmission'

const own = 'https://airlock.example'
const app = new Hono()
app.all('/', (c) => c.text(String(fromOwnPages(c, own))))
const ask = async (method: string, headers: Record<string, string>) =>
  (await app.request(`${own}/`, { method, headers })).text()

describe('fromOwnPages', () => {
  test('behavior: the modal’s POST (its Origin) and same-origin GET (Sec-Fetch-Site alone) are its own', async () => {
    expect(await ask('POST', { Origin: own, 'Sec-Fetch-Site': 'same-origin' })).toBe('true')
    expect(await ask('GET', { 'Sec-Fetch-Site': 'same-origin' })).toBe('true')
    expect(await ask('GET', { Origin: own })).toBe('true')
  })

  test('security: another page’s request is not, whatever else it says', async () => {
    expect(await ask('GET', { Origin: 'https://shop.example' })).toBe('false')
    expect(
      await ask('GET', { Origin: 'https://shop.example', 'Sec-Fetch-Site': 'same-origin' }),
    ).toBe('false')
    expect(await ask('GET', { 'Sec-Fetch-Site': 'cross-site' })).toBe('false')
    expect(await ask('GET', { 'Sec-Fetch-Site': 'same-site' })).toBe('false')
    expect(await ask('GET', {})).toBe('false')
    expect(await ask('POST', { 'Sec-Fetch-Site': 'same-origin' })).toBe('false')
    expect(await ask('POST', { Origin: 'null' })).toBe('false')
  })
})
