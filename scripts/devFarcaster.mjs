// A local Farcaster auth relay and a dev "Farcaster app" on one loopback port, so Sign In With
// Farcaster works offline in `npm start` and in tests. The relay answers the v1 API of
// https://relay.farcaster.xyz as @farcaster/auth-client calls it and as the real relay
// (farcasterxyz/auth-monorepo, apps/relay/src) answers: the same routes, status codes, bodies,
// validation messages, bearer channel tokens, auth key header and channel lifetime, with channels
// in memory instead of Redis. The app is the page a channel's `url` opens (the real one opens the
// Farcaster phone app): it lists the dev accounts, and a click builds the sign-in message with
// auth-client, signs it with the account's custody key and authenticates the channel through the
// relay, as the phone app would. The accounts' keys are anvil's public dev keys; their fids are
// registered on the dev chain by devchain/farcasterRegistry.mjs. `mallory` claims alice's fid
// without owning it, so a verifier must refuse her.
import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { createWalletClient } from '@farcaster/auth-client'
import { createPublicClient, http, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { generateSiweNonce } from 'viem/siwe'
import {
  farcasterIdRegistryAddress,
  farcasterRegistryAbis,
  installDevFarcasterRegistry,
} from '../devchain/farcasterRegistry.mjs'

/** The `X-Farcaster-Auth-Relay-Key` the dev relay accepts unless told another. */
export const devFarcasterAuthKey = 'dev-farcaster-relay-key'

/** A profile picture as a data: URI, so nothing is fetched from the network. */
const avatar = (letter, color) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="42" font-size="30" font-family="sans-serif" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  ).toString('base64')}`

/**
 * The dev Farcaster accounts. Their custody keys are anvil's mnemonic accounts #5, #6 and #7
 * ("test test … junk"): public dev keys, never to hold anything real. `registered` says whether
 * the dev chain's IdRegistry has the custody address as the owner of `fid`.
 */
export const devFarcasterAccounts = Object.freeze(
  [
    {
      username: 'alice',
      fid: 1001,
      displayName: 'Alice (dev)',
      bio: 'Dev Farcaster account; anvil key #5.',
      pfpUrl: avatar('A', '#7c3aed'),
      custody: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
      privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
      registered: true,
    },
    {
      username: 'bob',
      fid: 1002,
      displayName: 'Bob (dev)',
      bio: 'Dev Farcaster account; anvil key #6.',
      custody: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
      privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
      registered: true,
    },
    {
      // Claims alice's fid; her custody address owns no fid, so her sign-in must not verify.
      username: 'mallory',
      fid: 1001,
      displayName: 'Mallory (dev)',
      bio: 'Claims fid 1001 without owning it; anvil key #7.',
      custody: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
      privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
      registered: false,
    },
  ].map((account) => Object.freeze(account)),
)

// The relay's request schemas (apps/relay/src/schemas.ts), checked as Fastify's Ajv checks them:
// first error only, unknown properties dropped, scalar types coerced.
const createChannelSchema = {
  required: ['siweUri', 'domain'],
  properties: {
    siweUri: { type: 'string', format: 'uri' },
    domain: { type: 'string', pattern: '^[a-zA-Z0-9.-]+(:[0-9]+)?$' },
    nonce: { type: 'string' },
    notBefore: { type: 'string', format: 'date-time' },
    expirationTime: { type: 'string', format: 'date-time' },
    requestId: { type: 'string' },
    redirectUrl: { type: 'string' },
    acceptAuthAddress: { type: 'boolean' },
  },
}
const authenticateSchema = {
  required: ['message', 'signature', 'fid'],
  properties: {
    message: { type: 'string' },
    signature: { type: 'string', pattern: '^0x[a-fA-F0-9]{130}$' },
    authMethod: { type: 'string', enum: ['custody', 'authAddress'] },
    fid: { type: 'integer' },
    username: {
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9-]{0,15}$|^[a-z0-9][a-z0-9-]{0,15}\\.eth$',
    },
    bio: { type: 'string' },
    displayName: { type: 'string' },
    pfpUrl: { type: 'string', format: 'uri' },
  },
}

/** Ajv's `coerceTypes: 'array'`: the value as `type`, or undefined when it cannot be. */
function coerce(type, value) {
  if (Array.isArray(value)) return value.length === 1 ? coerce(type, value[0]) : undefined
  if (type === 'string') {
    if (typeof value === 'string') return value
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    return value === null ? '' : undefined
  }
  if (type === 'integer') {
    if (typeof value === 'number') return Number.isInteger(value) ? value : undefined
    if (typeof value === 'string' && value !== '' && Number.isInteger(Number(value)))
      return Number(value)
    if (typeof value === 'boolean') return Number(value)
    return value === null ? 0 : undefined
  }
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 1) return true
  if (value === 'false' || value === 0 || value === null) return false
  return undefined
}

// ajv-formats' "uri" (a scheme, then only characters RFC 3986 allows) and "date-time" (RFC 3339,
// time zone required), close enough for what a relay client sends.
const uriPattern = /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9a-f]{2})*$/i
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const timePattern = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(z|[+-]\d{2}(?::?\d{2})?)$/i
const formats = {
  uri: (value) => uriPattern.test(value),
  'date-time': (value) => {
    const [date = '', time = '', ...rest] = value.split(/t|\s/i)
    const day = datePattern.exec(date)
    const clock = timePattern.exec(time)
    if (!day || !clock || rest.length > 0) return false
    const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])]
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
    const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
    const [hour, minute, second] = [Number(clock[1]), Number(clock[2]), Number(clock[3])]
    return (
      dayOfMonth >= 1 &&
      dayOfMonth <= days &&
      ((hour <= 23 && minute <= 59 && second <= 59) ||
        (hour === 23 && minute === 59 && second === 60))
    )
  },
}

/**
 * A request body checked against a schema: `{ value }` with only the schema's properties, or
 * `{ message }` worded as Fastify's validation error.
 */
function validateBody(schema, body) {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { message: 'body must be object' }
  for (const key of schema.required)
    if (!Object.hasOwn(body, key)) return { message: `body must have required property '${key}'` }
  /** @type {Record<string, unknown>} */
  const value = {}
  for (const [key, rule] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(body, key)) continue
    const field = coerce(rule.type, body[key])
    if (field === undefined) return { message: `body/${key} must be ${rule.type}` }
    if (rule.pattern && !new RegExp(rule.pattern, 'u').test(String(field)))
      return { message: `body/${key} must match pattern "${rule.pattern}"` }
    if (rule.format && !formats[rule.format](String(field)))
      return { message: `body/${key} must match format "${rule.format}"` }
    if (rule.enum && !rule.enum.includes(field))
      return { message: `body/${key} must be equal to one of the allowed values` }
    value[key] = field
  }
  return { value }
}

// Channel tokens as the relay makes them (apps/relay/src/tokens.ts): 8 characters of this alphabet.
const tokenAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const channelToken = () =>
  [...randomBytes(8)].map((byte) => tokenAlphabet[byte % tokenAlphabet.length]).join('')

// Farcaster's own domains are phishing targets: the relay opens no channel for them.
const restrictedDomains = ['farcaster.xyz']

/** An error with the HTTP status the relay or the page answers it with. */
class DevFarcasterError extends Error {
  /** @param {number} status @param {string} message @param {Record<string, unknown>} [body] */
  constructor(status, message, body) {
    super(message)
    this.name = 'DevFarcasterError'
    this.status = status
    this.body = body ?? { error: message }
  }
}

const bodyLimit = 1024 * 1024

/** The request's body as text; refused past Fastify's default limit of 1 MiB. */
async function readBody(request) {
  if (Number(request.headers['content-length'] ?? 0) > bodyLimit)
    throw new DevFarcasterError(413, 'Request body is too large')
  const chunks = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > bodyLimit) throw new DevFarcasterError(413, 'Request body is too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A relay request's body as Fastify's default parsers read it: JSON, plain text, or nothing. */
async function readRelayBody(request) {
  const text = await readBody(request)
  const contentType = request.headers['content-type']
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === undefined) {
    if (text === '') return undefined
    throw new DevFarcasterError(415, 'Unsupported Media Type: undefined')
  }
  if (mediaType === 'application/json') {
    if (text === '')
      throw new DevFarcasterError(
        400,
        "Body cannot be empty when content-type is set to 'application/json'",
      )
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new DevFarcasterError(400, /** @type {Error} */ (error).message)
    }
  }
  if (mediaType === 'text/plain') return text
  throw new DevFarcasterError(415, `Unsupported Media Type: ${contentType}`)
}

/** `html` pieces: text already escaped, inserted into another piece as it is. */
const markup = Symbol('markup')
const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
/** A template tag that escapes every value it is given, except pieces it made itself. */
function html(strings, ...values) {
  const text = (value) => {
    if (Array.isArray(value)) return value.map(text).join('')
    if (value !== null && typeof value === 'object' && markup in value) return value[markup]
    return escapeHtml(value ?? '')
  }
  return { [markup]: strings.reduce((out, string, i) => out + text(values[i - 1]) + string) }
}

const pageStyle =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}' +
  'ul{list-style:none;padding:0}li{display:flex;align-items:center;gap:.75rem;margin:.5rem 0;padding:.75rem;border:1px solid #ccc;border-radius:.75rem}' +
  'img,.blank{flex:none;width:2.5rem;height:2.5rem;border-radius:50%;background:#ddd}.who{flex:1;min-width:0}' +
  'button{font:inherit;padding:.5rem .75rem;border:0;border-radius:.5rem;background:#7c3aed;color:#fff;cursor:pointer}' +
  'small{display:block;color:#666;font-size:.75rem}.note{color:#666;font-size:.875rem}code{word-break:break-all}'
// Strict: nothing but this style, data: images and posts to itself; never framed.
const pageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(pageStyle).digest('base64')}'`,
  'img-src data:',
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

/** A whole page around `body`. */
const page = (title, body) =>
  html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${{ [markup]: pageStyle }}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`[markup]

/**
 * Starts the relay and the dev Farcaster app on 127.0.0.1:`port` (0: a free port). With `rpcUrl`
 * (an anvil chain), it installs the registries there and registers alice's and bob's fids, and the
 * relay reads a fid's custody address from that chain, as the real relay reads Optimism's.
 * `channelTtl` is the relay's CHANNEL_TTL, in seconds.
 * @param {{ port?: number, rpcUrl?: string, quiet?: boolean, authKey?: string, channelTtl?: number }} [options]
 */
export async function startDevFarcaster({
  port = 8792,
  rpcUrl,
  quiet = false,
  authKey = devFarcasterAuthKey,
  channelTtl = 3600,
} = {}) {
  if (rpcUrl !== undefined)
    await installDevFarcasterRegistry({
      rpcUrl,
      accounts: devFarcasterAccounts.filter((account) => account.registered),
    })
  const chain =
    rpcUrl === undefined
      ? undefined
      : createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })

  /** What the IdRegistry says owns `fid`: the chain's answer, else the registered dev accounts'. */
  const custodyOf = async (fid) => {
    if (chain === undefined)
      return (
        devFarcasterAccounts.find((account) => account.registered && account.fid === fid)
          ?.custody ?? zeroAddress
      )
    return chain.readContract({
      address: farcasterIdRegistryAddress,
      abi: farcasterRegistryAbis.idRegistry,
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    })
  }

  // The relay's channel store (apps/relay/src/channels.ts) in memory: a channel lives `channelTtl`
  // seconds from its opening, however often it is updated (Redis EX, then KEEPTTL).
  /** @type {Map<string, { expiresAt: number, state: Record<string, any> }>} */
  const channels = new Map()
  const channelStore = {
    open() {
      const now = Date.now()
      for (const [token, entry] of channels) if (entry.expiresAt <= now) channels.delete(token)
      let token = channelToken()
      while (channels.has(token)) token = channelToken()
      channels.set(token, { expiresAt: now + channelTtl * 1000, state: {} })
      return token
    },
    /** @param {string} token */
    read(token) {
      const entry = channels.get(token)
      if (entry === undefined) return undefined
      if (entry.expiresAt > Date.now()) return entry.state
      channels.delete(token)
      return undefined
    },
    /** @param {string} token @param {Record<string, any>} state */
    update(token, state) {
      const entry = channels.get(token)
      // Stored as Redis stores it: JSON, so what is read back has no undefined fields.
      if (entry !== undefined) entry.state = JSON.parse(JSON.stringify(state))
    },
    /** @param {string} token */
    close(token) {
      channels.delete(token)
    },
  }

  /** The bearer token of a relay request: the second word of its Authorization header. */
  const bearer = (request) => request.headers.authorization?.split(' ')[1] || undefined

  /** POST /v1/channel (apps/relay/src/handlers.ts, createChannel). */
  const createChannel = async (request) => {
    const checked = validateBody(createChannelSchema, await readRelayBody(request))
    if (checked.message !== undefined)
      return [400, { error: 'Validation error', message: checked.message }]
    const body = checked.value
    if (restrictedDomains.some((domain) => String(body.domain).includes(domain)))
      return [400, { error: 'Domain not allowed' }]
    const token = channelStore.open()
    const nonce = body.nonce ?? generateSiweNonce()
    const url = `${origin}/~/siwf?${new URLSearchParams({ channelToken: token })}`
    const forwarded = request.headers['x-forwarded-for']
    channelStore.update(token, {
      state: 'pending',
      nonce,
      url,
      connectUri: url,
      acceptAuthAddress: body.acceptAuthAddress ?? true,
      signatureParams: { ...body, nonce },
      metadata: {
        userAgent: request.headers['user-agent'] ?? 'Unknown',
        // Fastify's `request.ip` with `trustProxy: true`: the client named by a proxy, if any.
        ip:
          (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) ||
          request.socket.remoteAddress,
      },
    })
    return [201, { channelToken: token, url, connectUri: url, nonce }]
  }

  /** GET /v1/channel/status: 202 while pending; 200 once completed, which closes the channel. */
  const status = (request) => {
    const token = bearer(request)
    if (token === undefined) return [401, { error: 'Unauthorized ' }]
    const channel = channelStore.read(token)
    if (channel === undefined) return [401, { error: 'Unauthorized' }]
    const { url: _url, connectUri: _connectUri, ...answer } = channel
    if (answer.state !== 'completed') return [202, answer]
    channelStore.close(token)
    return [200, answer]
  }

  /** POST /v1/channel/authenticate: what the Farcaster app sends once the user has signed. */
  const authenticate = async (request) => {
    const checked = validateBody(authenticateSchema, await readRelayBody(request))
    if (checked.message !== undefined)
      return [400, { error: 'Validation error', message: checked.message }]
    const token = bearer(request)
    if (token === undefined) return [401, { error: 'Unauthorized ' }]
    const key =
      request.headers['x-farcaster-auth-relay-key'] ||
      request.headers['x-farcaster-connect-auth-key']
    if (key !== authKey) return [401, { error: 'Unauthorized' }]
    const body = checked.value
    let custody
    try {
      custody = await custodyOf(body.fid)
    } catch (error) {
      return [500, { error: /** @type {Error} */ (error).message }]
    }
    const channel = channelStore.read(token)
    if (channel === undefined) return [401, { error: 'Unauthorized ' }]
    const completed = {
      ...channel,
      state: 'completed',
      message: body.message,
      signature: body.signature,
      authMethod: body.authMethod ?? 'custody',
      fid: body.fid,
      username: body.username,
      displayName: body.displayName,
      bio: body.bio,
      pfpUrl: body.pfpUrl,
      custody,
      // The real relay asks a Farcaster hub for the fid's verified addresses; there is no hub here.
      verifications: [],
    }
    channelStore.update(token, completed)
    return [201, channelStore.read(token) ?? completed]
  }

  /** @type {Record<string, (request: import('node:http').IncomingMessage) => Promise<[number, unknown]> | [number, unknown]>} */
  const relayRoutes = {
    'GET /healthcheck': () => [200, { status: 'OK' }],
    'POST /v1/channel': createChannel,
    'GET /v1/channel/status': status,
    'POST /v1/channel/authenticate': authenticate,
  }

  /**
   * What the phone app does when its user taps "Sign in": builds the sign-in message for the
   * channel's parameters, signs it with the account's custody key and authenticates the channel.
   * @param {string} token
   * @param {string} username
   */
  const signIn = async (token, username) => {
    const account = devFarcasterAccounts.find((candidate) => candidate.username === username)
    if (account === undefined)
      throw new DevFarcasterError(
        400,
        `No dev Farcaster account @${username}: try ${devFarcasterAccounts.map((a) => `@${a.username}`).join(', ')}.`,
      )
    const channel = channelStore.read(token)
    if (channel === undefined)
      throw new DevFarcasterError(404, 'This sign-in request is unknown or has expired.')
    if (channel.state !== 'pending')
      throw new DevFarcasterError(409, 'This sign-in request has been answered already.')
    const params = channel.signatureParams
    const custody = privateKeyToAccount(account.privateKey)
    let built
    try {
      built = wallet.buildSignInMessage({
        address: custody.address,
        fid: account.fid,
        uri: params.siweUri,
        domain: params.domain,
        nonce: params.nonce,
        ...(params.notBefore !== undefined && { notBefore: new Date(params.notBefore) }),
        ...(params.expirationTime !== undefined && {
          expirationTime: new Date(params.expirationTime),
        }),
        ...(params.requestId !== undefined && { requestId: params.requestId }),
      })
    } catch (error) {
      built = { isError: true, error }
    }
    if (built.isError)
      throw new DevFarcasterError(
        422,
        `No sign-in message can be made for this request: ${built.error.message}`,
      )
    const signature = await custody.signMessage({ message: built.message })
    const result = await wallet.authenticate({
      channelToken: token,
      authKey,
      message: built.message,
      signature,
      fid: account.fid,
      username: account.username,
      displayName: account.displayName,
      bio: account.bio,
      ...(account.pfpUrl !== undefined && { pfpUrl: account.pfpUrl }),
    })
    if (result.isError) throw new DevFarcasterError(502, result.error.message)
    if (result.response.status !== 201)
      throw new DevFarcasterError(
        502,
        `The relay refused the sign-in (${result.response.status}): ${JSON.stringify(result.data)}`,
      )
    if (!quiet)
      console.log(
        `dev Farcaster: @${account.username} (fid ${account.fid}) signed in to ${params.domain}`,
      )
    return {
      channelToken: token,
      username: account.username,
      fid: account.fid,
      custody: custody.address,
      message: built.message,
      signature,
    }
  }

  /** The app's page for a channel: who asks, and a button per dev account. */
  const accountsPage = (token) => {
    const channel = channelStore.read(token)
    if (channel === undefined)
      throw new DevFarcasterError(404, 'This sign-in request is unknown or has expired.')
    if (channel.state !== 'pending')
      throw new DevFarcasterError(409, 'This sign-in request has been answered already.')
    const params = channel.signatureParams
    const action = `/~/siwf?${new URLSearchParams({ channelToken: token })}`
    const rows = devFarcasterAccounts.map(
      (account) => html`<li>
${account.pfpUrl === undefined ? html`<span class="blank"></span>` : html`<img alt="" src="${account.pfpUrl}">`}
<span class="who">${account.displayName}<small>fid ${account.fid}${account.registered ? '' : ', which this account does not own'} · custody <code>${account.custody}</code></small></span>
<button type="submit" name="username" value="${account.username}">Sign in as @${account.username}</button>
</li>
`,
    )
    return page(
      'Sign in with Farcaster (dev)',
      html`<h1>Sign in with Farcaster</h1>
<p><strong>${params.domain}</strong> asks you to sign in.</p>
<p class="note">Site: <code>${params.siweUri}</code>${params.requestId === undefined ? '' : html`<br>Request: <code>${params.requestId}</code>`}</p>
<form method="post" action="${action}"><ul>
${rows}
</ul></form>
<p class="note">The dev Farcaster app stands in for the phone app a sign-in QR code opens. Its
accounts sign with public dev keys.</p>`,
    )
  }

  /** @param {import('node:http').ServerResponse} response */
  const sendPage = (response, code, text) => {
    response.writeHead(code, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': pageCsp,
      'x-content-type-options': 'nosniff',
      // same-origin, not no-referrer: with no-referrer a browser's form post says `Origin: null`.
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
    })
    response.end(text)
  }
  const messagePage = (text) => page('Sign in with Farcaster (dev)', html`<p>${text}</p>`)

  /**
   * GET and POST /~/siwf. Loopback names only (no DNS rebinding), and a form post only from the
   * page's own origin (no cross-site sign-in).
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {URL} url
   */
  const app = async (request, response, url) => {
    const host = request.headers.host ?? ''
    if (host !== `127.0.0.1:${listening}` && host !== `localhost:${listening}`)
      throw new DevFarcasterError(403, 'The dev Farcaster app answers on 127.0.0.1 and localhost.')
    const token = url.searchParams.get('channelToken') ?? ''
    if (request.method === 'GET') return sendPage(response, 200, accountsPage(token))
    if (request.method !== 'POST') throw new DevFarcasterError(405, 'GET or POST only.')
    const from = request.headers.origin
    if (from !== undefined && from !== `http://${host}`)
      throw new DevFarcasterError(403, 'A sign-in is only posted from this page.')
    const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
    if (mediaType !== 'application/x-www-form-urlencoded')
      throw new DevFarcasterError(415, 'A sign-in is posted as a form.')
    const form = new URLSearchParams(await readBody(request))
    const { username } = await signIn(token, form.get('username') ?? '')
    sendPage(response, 200, messagePage(`Signed in as @${username}. Go back to the site.`))
  }

  const relayHeaders = { 'access-control-allow-origin': '*' }
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const json = (code, body) => {
      response.writeHead(code, {
        ...relayHeaders,
        'content-type': 'application/json; charset=utf-8',
      })
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/~/siwf')
      return app(request, response, url).catch((error) => {
        if (!(error instanceof DevFarcasterError) && !quiet)
          console.error(`dev Farcaster app: ${error.message}`)
        if (response.headersSent) return response.end()
        sendPage(response, error.status ?? 500, messagePage(error.message))
      })
    // The relay answers CORS for any origin (apps/relay/src/app.ts: corsOrigin "*").
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...relayHeaders,
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        'content-length': '0',
      })
      return response.end()
    }
    const route = relayRoutes[`${request.method} ${url.pathname}`]
    if (route === undefined)
      return json(404, {
        message: `Route ${request.method}:${url.pathname} not found`,
        error: 'Not Found',
        statusCode: 404,
      })
    try {
      const [code, body] = await route(request)
      json(code, body)
    } catch (error) {
      if (error instanceof DevFarcasterError) return json(error.status, error.body)
      if (!quiet) console.error(`dev Farcaster relay: ${error.message}`)
      json(500, { error: error.message })
    }
  })
  const listening = await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)
    })
  })
  const origin = `http://127.0.0.1:${listening}`
  const wallet = createWalletClient({
    relay: origin,
    // The app side never reads the chain (it builds, signs and posts); the client wants one anyway.
    ethereum: {
      getFid: () => Promise.reject(new Error('The dev Farcaster app verifies nothing.')),
      isValidAuthAddress: () =>
        Promise.reject(new Error('The dev Farcaster app verifies nothing.')),
      publicClient: /** @type {any} */ (undefined),
    },
  })

  return {
    origin,
    /** What `createAppClient({ relay })` takes: auth-client adds `/v1/...` itself. */
    relayUrl: origin,
    authKey,
    accounts: devFarcasterAccounts,
    /**
     * Signs in to the channel of `signInUrl` (a channel's `url`) as the dev account `username`,
     * as the page's button does.
     * @param {string | URL} signInUrl
     * @param {{ username: string }} options
     */
    async approve(signInUrl, { username }) {
      const token = new URL(signInUrl).searchParams.get('channelToken')
      if (!token) throw new Error(`No channelToken in ${signInUrl}`)
      return signIn(token, username)
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      }),
  }
}
