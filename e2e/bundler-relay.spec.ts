// Journey (issue 20's relay, closed by issue 33): the stack's API relays the modal to the stack's
// ERC-4337 bundler (alto, EntryPoint v0.8 on anvil) only with the frame token the API gave the
// modal's page; the modal's origin without it, a client that sets the modal's Origin itself (as
// any client that is not a browser can), and a host page are refused; the token the frame uses
// is nowhere a host script can reach.
import { entryPoint07Address, entryPointAddress } from '../devchain/accountAbstraction.mjs'
import { freshEmail, openSite, signUpByEmail } from './support/email'
import { hostReachable, recordHostMessages } from './support/hostReach'
import { smartAccountProject } from './support/operator'
import { origins } from './support/ports'
import { expect, test } from './support/test'

/** The relay of the project with smart accounts on, for its site (the fixtures origin). */
const relay = (hostOrigin: string) =>
  `/v1/projects/${smartAccountProject}/bundler?${new URLSearchParams({ chainId: 'eip155:31337', hostOrigin })}`
const json = { 'content-type': 'application/json' }
const supportedEntryPoints = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_supportedEntryPoints',
})

test("behavior: the modal's origin reaches the chain's bundler through the API with its frame token; without it, or from a host page, it can't", async ({
  page,
}) => {
  // A page of the modal's own origin, as the frame is: it asks for its frame token, then relays.
  await page.goto(`${origins.modal}/healthz`)
  const answers = await page.evaluate(
    async ({ path, project, hostOrigin, body }) => {
      const relayed = async (headers: Record<string, string>) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        })
        return { status: response.status, body: await response.json() }
      }
      const without = await relayed({})
      const issued = await fetch(`/v1/projects/${project}/frame-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hostOrigin }),
      })
      const { token } = await issued.json()
      return { without, with: await relayed({ 'Airlock-Frame-Token': token }) }
    },
    {
      path: relay(origins.fixtures),
      project: smartAccountProject,
      hostOrigin: origins.fixtures,
      body: supportedEntryPoints,
    },
  )
  expect(answers.with).toEqual({
    status: 200,
    body: { jsonrpc: '2.0', id: 1, result: [entryPointAddress, entryPoint07Address] },
  })
  expect(answers.without).toMatchObject({
    status: 401,
    body: { error: { code: 'frameTokenRequired' } },
  })

  // The host page's own origin: no CORS answer, and the API refuses it.
  await page.goto(`${origins.fixtures}/sdk.js`)
  const refused = await page.evaluate(
    async ({ url, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        return `status ${response.status}`
      } catch (error) {
        return String(error)
      }
    },
    { url: `${origins.modal}${relay(origins.fixtures)}`, body: supportedEntryPoints },
  )
  expect(refused).toMatch(/TypeError|Failed to fetch/)
})

test("security: a client that sets the modal's Origin itself, with no frame token or session, is refused 401 by the bundler, paymaster, onramp and swap relays", async ({
  playwright,
}) => {
  // Not a browser: it sends whatever Origin it likes.
  const client = await playwright.request.newContext({
    baseURL: origins.modal,
    extraHTTPHeaders: { Origin: origins.modal },
  })
  try {
    const hostOrigin = origins.fixtures
    const paymaster = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: [{ sender: `0x${'1'.repeat(40)}`, nonce: '0x0' }, entryPointAddress, '0x7a69', {}],
    })
    const query = new URLSearchParams({ hostOrigin }).toString()
    const asked = [
      client.post(relay(hostOrigin), { data: supportedEntryPoints, headers: json }),
      client.post(relay(hostOrigin), { data: paymaster, headers: json }),
      client.get(`/v1/projects/${smartAccountProject}/onramp/options?${query}`),
      client.post(`/v1/projects/${smartAccountProject}/swap/quote?${query}`, {
        data: '{}',
        headers: json,
      }),
    ]
    for (const response of await Promise.all(asked)) {
      expect(response.status()).toBe(401)
      expect((await response.json()).error.code).toBe('frameTokenRequired')
    }
  } finally {
    await client.dispose()
  }
})

test('security: the frame token the modal uses stays in the frame: no host script finds it anywhere it can reach', async ({
  page,
}) => {
  await recordHostMessages(page.context())
  const issued: string[] = []
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname.endsWith('/frame-token'))
      issued.push(((await response.json()) as { token: string }).token)
  })
  // An email visitor of a smart-account project: the frame asks the relay what the network offers.
  await openSite(page, { projectId: smartAccountProject, networks: ['eip155:31337'] })
  await signUpByEmail(page, freshEmail())
  await expect.poll(() => issued.length).toBeGreaterThan(0)
  const reachable = await hostReachable(page)
  expect(reachable.messages).toBeGreaterThan(10)
  for (const token of issued) {
    expect(token.length).toBeGreaterThan(100)
    expect(reachable.text).not.toContain(token)
    // Nor its signature alone, in case it were split.
    expect(reachable.text).not.toContain(token.split('.')[2])
  }
})
