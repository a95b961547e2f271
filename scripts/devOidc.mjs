// A local OpenID provider (oidc-provider) standing in for the social login providers, so `npm start`,
// the e2e stack and the API's tests sign in offline: one issuer per provider name
// (`http://127.0.0.1:<port>/<provider>`), each with the client `<provider>-client` and the secret
// `dev-secret-<provider>`. Nobody types a password: the first interaction signs the visitor in as
// the authorization request's `login_hint` (else the configured account) and consents for them.
// Everything else is oidc-provider's own: codes, PKCE, ID tokens signed with keys made at start.
// Each issuer also answers `GET /<provider>/user` as GitHub's user endpoint would (`{ id, login }`,
// for its access token), and a test can have the next ID token of an issuer signed with claims it
// changes (`tamperNextIdToken`), to see a client refuse it.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose'
import Provider from 'oidc-provider'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

/** The social login providers the API redirects to (farcaster has no OpenID provider). */
export const devOidcProviders = ['google', 'x', 'discord', 'github', 'apple', 'facebook']

/** @typedef {{ subject: string, name?: string, email?: string }} DevOidcAccount */
/** @typedef {Record<string, unknown>} Claims */

/**
 * The claims of an account: the subject is its handle too (`preferred_username`), and it has an
 * address on a name no mail goes to.
 * @param {DevOidcAccount} account
 */
const accountClaims = (account) => ({
  sub: account.subject,
  preferred_username: account.subject,
  name: account.name ?? account.subject,
  email: account.email ?? `${account.subject}@dev-oidc.test`,
  email_verified: true,
})

/**
 * oidc-provider's storage, in memory: what its own quick-start adapter does, without the warning
 * that one must not use it in production (this provider is never in production).
 */
class MemoryAdapter {
  /** @type {Map<string, { payload: Record<string, unknown>, expiresAt: number }>} */
  static entries = new Map()
  /** @param {string} model */
  constructor(model) {
    this.model = model
  }
  /** @param {string} id */
  key(id) {
    return `${this.model}:${id}`
  }
  /** @param {string} id @param {Record<string, unknown>} payload @param {number} [expiresIn] */
  async upsert(id, payload, expiresIn) {
    const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY
    MemoryAdapter.entries.set(this.key(id), { payload, expiresAt })
  }
  /** @param {string} id */
  async find(id) {
    const entry = MemoryAdapter.entries.get(this.key(id))
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      MemoryAdapter.entries.delete(this.key(id))
      return undefined
    }
    return entry.payload
  }
  /** @param {string} uid */
  async findByUid(uid) {
    for (const [key, entry] of MemoryAdapter.entries)
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid)
        return this.find(key.slice(this.model.length + 1))
    return undefined
  }
  /** @param {string} userCode */
  async findByUserCode(userCode) {
    for (const [key, entry] of MemoryAdapter.entries)
      if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode)
        return this.find(key.slice(this.model.length + 1))
    return undefined
  }
  /** @param {string} id */
  async consume(id) {
    const entry = MemoryAdapter.entries.get(this.key(id))
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }
  /** @param {string} id */
  async destroy(id) {
    MemoryAdapter.entries.delete(this.key(id))
  }
  /** @param {string} grantId */
  async revokeByGrantId(grantId) {
    for (const [key, entry] of MemoryAdapter.entries)
      if (entry.payload.grantId === grantId) MemoryAdapter.entries.delete(key)
  }
}

/**
 * One issuer: an oidc-provider instance mounted at `/<name>`, and its signing key.
 * @param {{ name: string, origin: string, redirectUris: string[], account: DevOidcAccount, tamper: Map<string, (claims: Claims) => Claims> }} options
 */
function createIssuer({ name, origin, redirectUris, account, tamper }) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const kid = `dev-${name}`
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }
  const issuer = `${origin}/${name}`
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: `${name}-client`,
        client_secret: `dev-secret-${name}`,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // Distinct per issuer: they share one host, where cookies do not tell ports or paths apart.
      names: {
        session: `_session_${name}`,
        interaction: `_interaction_${name}`,
        resume: `_interaction_resume_${name}`,
      },
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // The scope's claims in the ID token too, as Google puts the name and email there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Seconds; set, so that oidc-provider does not note that its defaults are in use.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 86_400,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/${name}/interaction/${interaction.uid}` },
    async findAccount(_ctx, subject) {
      const known = subject === account.subject ? account : { subject }
      return { accountId: subject, claims: async () => accountClaims(known) }
    },
    // A non-JSON error page would be oidc-provider's HTML; a line of text is enough here.
    async renderError(ctx, out) {
      ctx.type = 'text/plain'
      ctx.body = `${out.error}: ${out.error_description ?? ''}\n`
    },
  })

  // A test's hook: the next ID token this issuer hands out is signed again with changed claims.
  provider.use(async (ctx, next) => {
    await next()
    const edit = tamper.get(name)
    const body = /** @type {{ id_token?: unknown } | undefined} */ (ctx.body)
    if (ctx.path !== '/token' || !edit || typeof body?.id_token !== 'string') return
    tamper.delete(name)
    const header = decodeProtectedHeader(body.id_token)
    const claims = edit(decodeJwt(body.id_token))
    ctx.body = {
      ...body,
      id_token: await new SignJWT(claims)
        .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid ?? kid })
        .sign(privateKey),
    }
  })

  /**
   * The interaction: signs in as the request's `login_hint` (else the account) and consents to
   * what the client asked for, with no page in between.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function interact(request, response) {
    const details = await provider.interactionDetails(request, response)
    const { prompt, params } = details
    if (prompt.name === 'login') {
      const hint = typeof params.login_hint === 'string' ? params.login_hint.trim() : ''
      const accountId = hint || account.subject
      return provider.interactionFinished(
        request,
        response,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      )
    }
    const accountId = details.session?.accountId
    if (!accountId) throw new Error('No session to consent for.')
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(params.client_id) })
    if (!grant) throw new Error('The grant of this interaction is gone.')
    const missing = /** @type {Record<string, unknown>} */ (prompt.details)
    if (Array.isArray(missing.missingOIDCScope))
      grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (Array.isArray(missing.missingOIDCClaims)) grant.addOIDCClaims(missing.missingOIDCClaims)
    const resourceScopes = /** @type {Record<string, string[]> | undefined} */ (
      missing.missingResourceScopes
    )
    for (const [indicator, scopes] of Object.entries(resourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '))
    const grantId = await grant.save()
    return provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    )
  }

  /**
   * GitHub's user endpoint, as far as the API reads it: the account of a bearer access token.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function user(request, response) {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
    const accessToken = token ? await provider.AccessToken.find(token) : undefined
    if (!accessToken?.accountId) {
      response.writeHead(401, { 'content-type': 'application/json' })
      return response.end(JSON.stringify({ message: 'Bad credentials' }))
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ id: accessToken.accountId, login: accessToken.accountId }))
  }

  const callback = provider.callback()
  return {
    issuer,
    /**
     * @param {import('node:http').IncomingMessage} request
     * @param {import('node:http').ServerResponse} response
     * @param {string} path the request's path below `/<name>`
     */
    async handle(request, response, path) {
      if (request.method === 'GET' && /^\/interaction\/[\w-]+$/.test(path))
        return interact(request, response)
      if (request.method === 'GET' && path === '/user') return user(request, response)
      // Mounted below `/<name>`: oidc-provider reads its mount path from `originalUrl`.
      Object.assign(request, { originalUrl: request.url })
      request.url = request.url?.slice(name.length + 1) || '/'
      return callback(request, response)
    },
  }
}

/**
 * Starts the provider on 127.0.0.1:`port` (0: a free port), with an issuer for each of
 * `providers` (default: all of {@link devOidcProviders}) whose client may redirect to
 * `redirectUris`. `account` is who a visitor is without a `login_hint` (default `dev-user`).
 * @param {{ port?: number, providers?: string[], redirectUris: string[], account?: DevOidcAccount, quiet?: boolean }} options
 */
export async function startDevOidc({
  port = 8791,
  providers = devOidcProviders,
  redirectUris,
  account = { subject: 'dev-user', name: 'Dev User' },
  quiet = false,
}) {
  /** @type {Map<string, (claims: Claims) => Claims>} */
  const tamper = new Map()
  /** @type {Map<string, ReturnType<typeof createIssuer>>} */
  const issuers = new Map()
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1')
    const name = pathname.split('/')[1] ?? ''
    const issuer = issuers.get(name)
    if (!issuer) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      return response.end(`No issuer here: try /${providers.join(', /')}\n`)
    }
    issuer.handle(request, response, pathname.slice(name.length + 1)).catch((error) => {
      if (!quiet) console.error(`dev OIDC /${name}: ${error.message}`)
      if (response.headersSent) return response.end()
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(`${error.message}\n`)
    })
  })
  const listening = await listenOnLoopback(server, port)
  const origin = `http://127.0.0.1:${listening}`
  for (const name of providers)
    issuers.set(name, createIssuer({ name, origin, redirectUris, account, tamper }))

  /** @param {string} name */
  const issuerOf = (name) => {
    const issuer = issuers.get(name)
    if (!issuer) throw new Error(`The dev OpenID provider has no issuer "${name}".`)
    return issuer.issuer
  }
  return {
    origin,
    issuer: issuerOf,
    /** @param {string} name */
    clientId: (name) => `${name}-client`,
    /** @param {string} name */
    clientSecret: (name) => `dev-secret-${name}`,
    /** The API's environment for every issuer: `AIRLOCK_SOCIAL_<NAME>_CLIENT_ID`, `…_SECRET`, `…_ISSUER`. */
    env() {
      /** @type {Record<string, string>} */
      const env = {}
      for (const name of providers) {
        const prefix = `AIRLOCK_SOCIAL_${name.toUpperCase()}`
        env[`${prefix}_CLIENT_ID`] = `${name}-client`
        env[`${prefix}_CLIENT_SECRET`] = `dev-secret-${name}`
        env[`${prefix}_ISSUER`] = issuerOf(name)
      }
      return env
    },
    /**
     * Has the next ID token `name` issues signed again (with its key) with the claims `edit`
     * returns: a wrong audience, issuer, nonce or expiry.
     * @param {string} name
     * @param {(claims: Claims) => Claims} edit
     */
    tamperNextIdToken(name, edit) {
      issuerOf(name)
      tamper.set(name, edit)
    },
    /**
     * Goes through an authorization request as a browser would (cookies kept, redirects
     * followed) and resolves to the URL the provider finally sends the visitor to: the client's
     * redirect URI with `code` and `state`, or with `error`.
     * @param {string | URL} authorizationUrl
     */
    async authorize(authorizationUrl) {
      /** @type {Map<string, string>} */
      const cookies = new Map()
      let url = new URL(authorizationUrl)
      for (let hops = 0; hops < 10; hops++) {
        if (url.origin !== origin) return url
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([key, value]) => `${key}=${value}`).join('; ') },
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';')
          const at = pair.indexOf('=')
          const value = pair.slice(at + 1)
          if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '')
            cookies.delete(pair.slice(0, at))
          else cookies.set(pair.slice(0, at), value)
        }
        const location = response.headers.get('location')
        if (!location)
          throw new Error(
            `The dev OpenID provider answered ${response.status} without a redirect: ${await response.text()}`,
          )
        url = new URL(location, url)
      }
      throw new Error('The dev OpenID provider redirected more than 10 times.')
    },
    close: () => closeHttpServer(server),
  }
}
