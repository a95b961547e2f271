// The dev OpenID provider: an issuer per social login name, whose codes are exchanged at its token
// endpoint for ID tokens signed with its published keys, for the account the request hinted at
// (else the configured one); GitHub's user endpoint; and the test hook that signs the next ID
// token again with other claims.
import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevOidc, devOidcProviders, startDevOidc } from './devOidc.mjs'

const redirectUri = 'http://localhost:8787/v1/social/callback'

describe('dev OpenID provider', () => {
  let oidc: DevOidc
  beforeAll(async () => {
    oidc = await startDevOidc({
      port: 0,
      redirectUris: [redirectUri],
      account: { subject: 'dev-user', name: 'Dev User' },
      quiet: true,
    })
  })
  afterAll(() => oidc?.close())

  /** A whole authorization-code flow with `provider`: the token endpoint's answer. */
  async function signIn(provider: string, parameters: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url')
    const url = new URL(`${oidc.issuer(provider)}/auth`)
    const query = {
      client_id: oidc.clientId(provider),
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...parameters,
    }
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
    const back = await oidc.authorize(url)
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    expect(back.searchParams.get('state')).toBe('state-1')
    const response = await fetch(`${oidc.issuer(provider)}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: oidc.clientId(provider),
        client_secret: oidc.clientSecret(provider),
      }),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as { id_token: string; access_token: string }
  }

  test('behavior: each provider is an issuer of its own, and env() points the API at all of them', async () => {
    for (const provider of devOidcProviders) {
      const issuer = `${oidc.origin}/${provider}`
      expect(oidc.issuer(provider)).toBe(issuer)
      const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()
      expect(discovery).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
      })
    }
    expect(oidc.env()).toMatchObject({
      AIRLOCK_SOCIAL_GOOGLE_CLIENT_ID: 'google-client',
      AIRLOCK_SOCIAL_GOOGLE_CLIENT_SECRET: 'dev-secret-google',
      AIRLOCK_SOCIAL_GOOGLE_ISSUER: `${oidc.origin}/google`,
      AIRLOCK_SOCIAL_FACEBOOK_ISSUER: `${oidc.origin}/facebook`,
    })
    expect(Object.keys(oidc.env())).toHaveLength(3 * devOidcProviders.length)
    expect(() => oidc.issuer('myspace')).toThrow('The dev OpenID provider has no issuer "myspace".')
    expect((await fetch(`${oidc.origin}/myspace/auth`)).status).toBe(404)
  })

  test('behavior: a code buys an ID token signed with the issuer’s keys, for the login_hint’s account, else the configured one', async () => {
    const jwks = createRemoteJWKSet(new URL(`${oidc.issuer('google')}/jwks`))
    const verified = async (idToken: string) =>
      (
        await jwtVerify(idToken, jwks, {
          issuer: oidc.issuer('google'),
          audience: 'google-client',
        })
      ).payload
    expect(await verified((await signIn('google', { login_hint: 'ada' })).id_token)).toMatchObject({
      sub: 'ada',
      preferred_username: 'ada',
      email: 'ada@dev-oidc.test',
      nonce: 'nonce-1',
    })
    expect(await verified((await signIn('google')).id_token)).toMatchObject({
      sub: 'dev-user',
      name: 'Dev User',
    })
  })

  test('behavior: the user endpoint names the access token’s account as GitHub does', async () => {
    const { access_token } = await signIn('github', { login_hint: 'linus' })
    const user = await fetch(`${oidc.issuer('github')}/user`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(await user.json()).toEqual({ id: 'linus', login: 'linus' })
    expect((await fetch(`${oidc.issuer('github')}/user`)).status).toBe(401)
  })

  test('behavior: tamperNextIdToken signs the next ID token again with the edited claims, once', async () => {
    oidc.tamperNextIdToken('x', (claims) => ({ ...claims, aud: 'someone-else' }))
    const tampered = await signIn('x')
    const jwks = createRemoteJWKSet(new URL(`${oidc.issuer('x')}/jwks`))
    // Still really signed by the issuer: only the claim is wrong.
    expect((await jwtVerify(tampered.id_token, jwks)).payload.aud).toBe('someone-else')
    expect(decodeJwt((await signIn('x')).id_token).aud).toBe('x-client')
  })
})
