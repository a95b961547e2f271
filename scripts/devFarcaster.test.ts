// The dev Farcaster relay and app against a real anvil, driven by @farcaster/auth-client as the API
// drives it: a channel pending until a dev account signs in on the app, the completed status with
// the account's fid and signature, verification against the registries on the dev chain (and its
// refusal of mallory, who claims a fid she does not own), the relay's refusals and validation as
// the real relay words them, channel expiry, the page's escaping and its guards, and the
// registries' installation without a transaction.
import { request as httpRequest } from 'node:http'
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import { type Address, createPublicClient, http, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Anvil, startAnvil } from '../apps/api/src/services/indexer/testing/anvil'
import {
  farcasterIdRegistryAddress,
  farcasterRegistryAbis,
  installDevFarcasterRegistry,
} from '../devchain/farcasterRegistry.mjs'
import { devAccounts } from '../devchain/seed.mjs'
import {
  type DevFarcaster,
  devFarcasterAccounts,
  devFarcasterAuthKey,
  startDevFarcaster,
} from './devFarcaster.mjs'

const site = { siweUri: 'https://airlock.test/login', domain: 'airlock.test' }

const account = (username: string) => {
  const found = devFarcasterAccounts.find((candidate) => candidate.username === username)
  if (found === undefined) throw new Error(`no dev account ${username}`)
  return found
}

describe('dev Farcaster relay and app', () => {
  let anvil: Anvil
  let farcaster: DevFarcaster
  let client: AppClient
  beforeAll(async () => {
    anvil = await startAnvil()
    farcaster = await startDevFarcaster({ port: 0, rpcUrl: anvil.rpcUrl, quiet: true })
    client = createAppClient({
      relay: farcaster.relayUrl,
      ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }),
    })
  })
  afterAll(async () => {
    await farcaster?.close()
    await anvil?.stop()
  })

  /** A fresh channel for the site; fails the test unless the relay opened it (201). */
  async function openChannel(extra: Record<string, string> = {}) {
    const created = await client.createChannel({ ...site, ...extra })
    if (created.isError) throw created.error
    expect(created.response.status).toBe(201)
    return created.data
  }

  /** A channel signed in to as `username`, and the relay's completed status. */
  async function signedIn(username: string) {
    const channel = await openChannel()
    await farcaster.approve(channel.url, { username })
    const completed = await client.status({ channelToken: channel.channelToken })
    if (completed.isError) throw completed.error
    expect(completed.response.status).toBe(200)
    return { channel, completed: completed.data }
  }

  const relay = (path: string, init: RequestInit = {}) =>
    fetch(`${farcaster.relayUrl}${path}`, init).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }))

  test('behavior: a channel is pending (202) until alice signs in, then completed (200) with her fid, name and signature, once', async () => {
    const channel = await openChannel()
    expect(channel.channelToken).toMatch(/^[2-9A-HJ-NP-Z]{8}$/)
    expect(channel.url).toBe(`${farcaster.origin}/~/siwf?channelToken=${channel.channelToken}`)
    expect(channel.nonce).toMatch(/^[a-zA-Z0-9]{16,}$/)

    const pending = await client.status({ channelToken: channel.channelToken })
    expect(pending.isError).toBe(false)
    expect(pending.response?.status).toBe(202)
    expect(pending.data).toMatchObject({
      state: 'pending',
      nonce: channel.nonce,
      acceptAuthAddress: true,
      signatureParams: { ...site, nonce: channel.nonce },
    })
    expect(pending.data).not.toHaveProperty('url')

    const signIn = await farcaster.approve(channel.url, { username: 'alice' })
    const completed = await client.status({ channelToken: channel.channelToken })
    expect(completed.response?.status).toBe(200)
    expect(completed.data).toMatchObject({
      state: 'completed',
      nonce: channel.nonce,
      fid: 1001,
      username: 'alice',
      displayName: 'Alice (dev)',
      authMethod: 'custody',
      custody: account('alice').custody,
      message: signIn.message,
      signature: signIn.signature,
      verifications: [],
    })
    expect(completed.data?.pfpUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(signIn.message).toContain('farcaster://fid/1001')
    expect(signIn.message).toContain(`Nonce: ${channel.nonce}`)

    // Reading a completed channel closes it, as the real relay deletes it.
    const again = await client.status({ channelToken: channel.channelToken })
    expect(again.response?.status).toBe(401)
  })

  test('behavior: verifySignInMessage on the dev chain accepts alice as fid 1001, and refuses another nonce or domain', async () => {
    const { channel, completed } = await signedIn('alice')
    const verify = (nonce: string, domain: string) =>
      client.verifySignInMessage({
        nonce,
        domain,
        message: completed.message ?? '',
        signature: completed.signature ?? '0x',
        acceptAuthAddress: true,
      })

    const verified = await verify(channel.nonce, site.domain)
    expect(verified.error).toBeUndefined()
    expect(verified).toMatchObject({ isError: false, success: true, fid: 1001 })
    expect(verified.data?.address).toBe(account('alice').custody)

    const wrongNonce = await verify('someOtherNonce123', site.domain)
    expect(wrongNonce.isError).toBe(true)
    expect(wrongNonce.error?.message).toBe('Invalid nonce')
    const wrongDomain = await verify(channel.nonce, 'evil.test')
    expect(wrongDomain.isError).toBe(true)
    expect(wrongDomain.error?.message).toBe('Invalid domain')
  })

  test('behavior: bob signs in as fid 1002', async () => {
    const { channel, completed } = await signedIn('bob')
    expect(completed).toMatchObject({ fid: 1002, username: 'bob' })
    const verified = await client.verifySignInMessage({
      nonce: channel.nonce,
      domain: site.domain,
      message: completed.message ?? '',
      signature: completed.signature ?? '0x',
    })
    expect(verified).toMatchObject({ isError: false, fid: 1002 })
  })

  test('behavior: mallory claims fid 1001 without owning it: the relay completes her sign-in, verification refuses it', async () => {
    const { channel, completed } = await signedIn('mallory')
    // The relay names the fid's custody from the IdRegistry, not from who signed.
    expect(completed).toMatchObject({ fid: 1001, username: 'mallory' })
    expect(completed.custody).toBe(account('alice').custody)
    expect(completed.message).toContain(account('mallory').custody)

    for (const acceptAuthAddress of [true, false]) {
      const verified = await client.verifySignInMessage({
        nonce: channel.nonce,
        domain: site.domain,
        message: completed.message ?? '',
        signature: completed.signature ?? '0x',
        acceptAuthAddress,
      })
      expect(verified.isError).toBe(true)
      expect(verified.error?.errCode).toBe('unauthorized')
      expect(verified.error?.message).toContain(
        `signer ${account('mallory').custody} ${acceptAuthAddress ? 'is not an auth address or owner of' : 'does not own'} fid 1001`,
      )
    }
  })

  test('behavior: a missing or unknown channel token and a wrong relay key are refused with 401, as the real relay does', async () => {
    expect(await relay('/v1/channel/status')).toEqual({
      status: 401,
      body: { error: 'Unauthorized ' },
    })
    const unknown = await client.status({ channelToken: 'ZZZZZZZZ' })
    expect(unknown.response?.status).toBe(401)
    expect(unknown.data).toEqual({ error: 'Unauthorized' })
    await expect(
      farcaster.approve(`${farcaster.origin}/~/siwf?channelToken=ZZZZZZZZ`, { username: 'alice' }),
    ).rejects.toThrow('This sign-in request is unknown or has expired.')

    const channel = await openChannel()
    const body = JSON.stringify({ message: 'm', signature: `0x${'ab'.repeat(65)}`, fid: 1001 })
    const post = (headers: Record<string, string>) =>
      relay('/v1/channel/authenticate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    expect(
      await post({
        authorization: `Bearer ${channel.channelToken}`,
        'x-farcaster-auth-relay-key': 'not-the-key',
      }),
    ).toEqual({ status: 401, body: { error: 'Unauthorized' } })
    expect(
      await post({
        authorization: 'Bearer ZZZZZZZZ',
        'x-farcaster-auth-relay-key': farcaster.authKey,
      }),
    ).toEqual({
      status: 401,
      body: { error: 'Unauthorized ' },
    })
    expect(await post({ 'x-farcaster-auth-relay-key': farcaster.authKey })).toEqual({
      status: 401,
      body: { error: 'Unauthorized ' },
    })
    const still = await client.status({ channelToken: channel.channelToken })
    expect(still.response?.status).toBe(202)
    expect(farcaster.authKey).toBe(devFarcasterAuthKey)
  })

  test('behavior: bodies are validated with the real relay’s messages, and farcaster.xyz gets no channel', async () => {
    const create = (body: unknown) =>
      relay('/v1/channel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const invalid = (message: string) => ({
      status: 400,
      body: { error: 'Validation error', message },
    })
    expect(await create({ domain: site.domain })).toEqual(
      invalid("body must have required property 'siweUri'"),
    )
    expect(await create({ ...site, siweUri: 'not-a-uri' })).toEqual(
      invalid('body/siweUri must match format "uri"'),
    )
    expect(await create({ ...site, domain: '<img src=x onerror=alert(1)>' })).toEqual(
      invalid('body/domain must match pattern "^[a-zA-Z0-9.-]+(:[0-9]+)?$"'),
    )
    expect(await create({ ...site, notBefore: 'not a datetime' })).toEqual(
      invalid('body/notBefore must match format "date-time"'),
    )
    expect(await create({ ...site, domain: 'app.farcaster.xyz' })).toEqual({
      status: 400,
      body: { error: 'Domain not allowed' },
    })
    const withPort = await create({ ...site, domain: 'localhost:3000', unknownField: 1 })
    expect(withPort.status).toBe(201)
    expect(Object.keys(withPort.body).sort()).toEqual([
      'channelToken',
      'connectUri',
      'nonce',
      'url',
    ])

    const channel = await openChannel()
    const authenticate = (body: unknown) =>
      relay('/v1/channel/authenticate', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${channel.channelToken}`,
        },
        body: JSON.stringify(body),
      })
    const signature = `0x${'ab'.repeat(65)}`
    expect(await authenticate({ message: 'm', signature })).toEqual(
      invalid("body must have required property 'fid'"),
    )
    expect(await authenticate({ message: 'm', signature: '0x123', fid: 1 })).toEqual(
      invalid('body/signature must match pattern "^0x[a-fA-F0-9]{130}$"'),
    )
    expect(await authenticate({ message: 'm', signature, fid: 1, pfpUrl: 'not a URL' })).toEqual(
      invalid('body/pfpUrl must match format "uri"'),
    )
    expect(await authenticate({ message: 'm', signature, fid: 1, authMethod: 'x' })).toEqual(
      invalid('body/authMethod must be equal to one of the allowed values'),
    )
    expect((await relay('/v1/nothing')).status).toBe(404)
  })

  test('behavior: a channel expires channelTtl seconds after it opens, however recently it was read', async () => {
    const shortLived = await startDevFarcaster({ port: 0, quiet: true, channelTtl: 1.5 })
    try {
      const shortClient = createAppClient({
        relay: shortLived.relayUrl,
        ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }),
      })
      const created = await shortClient.createChannel(site)
      const channelToken = created.data?.channelToken ?? ''
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect((await shortClient.status({ channelToken })).response?.status).toBe(202)
      await new Promise((resolve) => setTimeout(resolve, 1200))
      expect((await shortClient.status({ channelToken })).response?.status).toBe(401)
      await expect(
        shortLived.approve(created.data?.url ?? '', { username: 'alice' }),
      ).rejects.toThrow('This sign-in request is unknown or has expired.')
    } finally {
      await shortLived.close()
    }
  })

  test('behavior: the page lists the dev accounts, escapes what the site sent and allows nothing else to run', async () => {
    const hostile = '<script>alert("x")</script>'
    const channel = await openChannel({
      siweUri: "https://airlock.test/?a='b'&c=d",
      requestId: hostile,
    })
    const response = await fetch(channel.url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = response.headers.get('content-security-policy') ?? ''
    for (const directive of [
      "default-src 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ])
      expect(csp).toContain(directive)
    expect(csp).not.toContain('unsafe-inline')
    const page = await response.text()
    expect(page).not.toContain('<script')
    expect(page).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;')
    expect(page).toContain('https://airlock.test/?a=&#39;b&#39;&#38;c=d')
    expect(page).toContain('<strong>airlock.test</strong> asks you to sign in.')
    for (const username of ['alice', 'bob', 'mallory'])
      expect(page).toContain(
        `<button type="submit" name="username" value="${username}">Sign in as @${username}</button>`,
      )

    const unknown = await fetch(`${farcaster.origin}/~/siwf?channelToken=%3Cb%3E`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('This sign-in request is unknown or has expired.')
  })

  test('behavior: the page’s form signs in from its own origin only, and only under a loopback host name', async () => {
    const channel = await openChannel()
    const post = (origin: string) =>
      fetch(channel.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: 'username=bob',
      })

    const crossSite = await post('http://evil.test')
    expect(crossSite.status).toBe(403)
    const rebound = await new Promise<number>((resolve, reject) => {
      const url = new URL(channel.url)
      httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          headers: { host: `evil.test:${url.port}` },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
        .on('error', reject)
        .end()
    })
    expect(rebound).toBe(403)
    expect((await client.status({ channelToken: channel.channelToken })).response?.status).toBe(202)

    const sameSite = await post(farcaster.origin)
    expect(sameSite.status).toBe(200)
    expect(await sameSite.text()).toContain('<p>Signed in as @bob. Go back to the site.</p>')
    const completed = await client.status({ channelToken: channel.channelToken })
    expect(completed.data).toMatchObject({ state: 'completed', fid: 1002, username: 'bob' })
    const verified = await client.verifySignInMessage({
      nonce: channel.nonce,
      domain: site.domain,
      message: completed.data?.message ?? '',
      signature: completed.data?.signature ?? '0x',
    })
    expect(verified).toMatchObject({ isError: false, fid: 1002 })
  })

  test('behavior: the registries go on the chain without a transaction, and installing again changes nothing', async () => {
    const chain = createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 })
    const idOf = (owner: Address) =>
      chain.readContract({
        address: farcasterIdRegistryAddress,
        abi: farcasterRegistryAbis.idRegistry,
        functionName: 'idOf',
        args: [owner],
      })
    const custodyOf = (fid: bigint) =>
      chain.readContract({
        address: farcasterIdRegistryAddress,
        abi: farcasterRegistryAbis.idRegistry,
        functionName: 'custodyOf',
        args: [fid],
      })
    const senders = [devAccounts.deployer, ...devFarcasterAccounts.map((a) => a.custody)]
    const nonces = () =>
      Promise.all(senders.map((address) => chain.getTransactionCount({ address })))
    const before = { block: await chain.getBlockNumber(), nonces: await nonces() }

    await installDevFarcasterRegistry({
      rpcUrl: anvil.rpcUrl,
      accounts: devFarcasterAccounts.filter((a) => a.registered),
    })
    expect(await idOf(account('alice').custody)).toBe(1001n)
    expect(await idOf(account('bob').custody)).toBe(1002n)
    expect(await idOf(account('mallory').custody)).toBe(0n)
    expect(await custodyOf(1001n)).toBe(account('alice').custody)
    expect(await custodyOf(1002n)).toBe(account('bob').custody)

    // A fid given to another custody address leaves the old one with none, as a transfer would.
    const [first, second] = [
      '0x000000000000000000000000000000000000f001',
      '0x000000000000000000000000000000000000F002',
    ] as const
    await installDevFarcasterRegistry({
      rpcUrl: anvil.rpcUrl,
      accounts: [{ custody: first, fid: 5000 }],
    })
    await installDevFarcasterRegistry({
      rpcUrl: anvil.rpcUrl,
      accounts: [{ custody: second, fid: 5000 }],
    })
    expect(await idOf(first)).toBe(0n)
    expect(await idOf(second)).toBe(5000n)
    expect(await custodyOf(5000n)).toBe('0x000000000000000000000000000000000000F002')
    expect(await custodyOf(4999n)).toBe(zeroAddress)
    // And a custody address given another fid leaves its old fid with no owner.
    await installDevFarcasterRegistry({
      rpcUrl: anvil.rpcUrl,
      accounts: [{ custody: second, fid: 5001 }],
    })
    expect(await idOf(second)).toBe(5001n)
    expect(await custodyOf(5000n)).toBe(zeroAddress)

    expect({ block: await chain.getBlockNumber(), nonces: await nonces() }).toEqual(before)
    const connector = viemConnector({ rpcUrl: anvil.rpcUrl })
    expect(await connector.getFid(account('alice').custody)).toBe(1001n)
    expect(await connector.isValidAuthAddress(account('alice').custody, 1001n)).toBe(false)
  })
})
