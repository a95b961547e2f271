// Journey (groundwork for issue 20's smart accounts): the stack's API relays a page of the modal's
// origin to the stack's ERC-4337 bundler (alto, EntryPoint v0.8 on anvil), as a smart account in
// the frame will reach it; another origin is refused.
import { entryPointAddress } from '../devchain/accountAbstraction.mjs'
import { smartAccountProject } from './support/operator'
import { origins } from './support/ports'
import { expect, test } from './support/test'

/** The relay of the project with smart accounts on, for its site (the fixtures origin). */
const relay = (hostOrigin: string) =>
  `/v1/projects/${smartAccountProject}/bundler?${new URLSearchParams({ chainId: 'eip155:31337', hostOrigin })}`

test("behavior: the modal's origin reaches the chain's bundler through the API; a host page can't", async ({
  page,
}) => {
  // A page of the modal's own origin, as the frame is.
  await page.goto(`${origins.modal}/healthz`)
  const answer = await page.evaluate(
    async ({ path }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints' }),
      })
      return { status: response.status, body: await response.json() }
    },
    { path: relay(origins.fixtures) },
  )
  expect(answer).toEqual({
    status: 200,
    body: { jsonrpc: '2.0', id: 1, result: [entryPointAddress] },
  })

  // The host page's own origin: no CORS answer, and the API refuses it.
  await page.goto(`${origins.fixtures}/sdk.js`)
  const refused = await page.evaluate(
    async (url) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints' }),
        })
        return `status ${response.status}`
      } catch (error) {
        return String(error)
      }
    },
    `${origins.modal}${relay(origins.fixtures)}`,
  )
  expect(refused).toMatch(/TypeError|Failed to fetch/)
})
