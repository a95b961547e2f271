/**
 * The bearer token Coinbase's Developer Platform (CDP) APIs take: a JWT the server signs with its
 * secret API key for one request, good for two minutes. Per CDP's authentication docs: header
 * `{ alg, kid: <key id>, typ: 'JWT', nonce }`, claims `{ sub: <key id>, iss: 'cdp', nbf, exp,
 * uri: '<METHOD> <host><path>' }`, signed EdDSA with an Ed25519 key (the secret as base64 of its
 * 64 bytes: seed, then public key) or ES256 with an EC key (a PEM). The key is read with
 * node:crypto; the token is signed with `jose`.
 */
import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'

/** How long a token is good for, as CDP's SDKs issue them. */
const lifetimeSeconds = 120

export type CdpApiKey = { id: string; secret: string }

/** The secret as a key, and the algorithm it signs with; throws on a secret of neither form. */
export function cdpSigningKey(secret: string): { key: KeyObject; alg: 'EdDSA' | 'ES256' } {
  const text = secret.replaceAll('\\n', '\n').trim()
  if (text.startsWith('-----BEGIN')) {
    const key = createPrivateKey(text)
    if (key.asymmetricKeyType !== 'ec') throw new Error('the PEM key is not an EC key')
    return { key, alg: 'ES256' }
  }
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length !== 64 || bytes.toString('base64') !== text)
    throw new Error('the key is neither an EC PEM nor the base64 of a 64-byte Ed25519 key')
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: bytes.subarray(0, 32).toString('base64url'),
      x: bytes.subarray(32).toString('base64url'),
    },
  })
  return { key, alg: 'EdDSA' }
}

/**
 * Signs a JWT for each request with the key; the secret is read once, here.
 *
 * @throws Error when the secret is neither an EC PEM nor a base64 Ed25519 key.
 *
 * @example
 * const jwtFor = cdpJwtSigner({ id, secret })
 * const jwt = await jwtFor('POST', 'api.developer.coinbase.com', '/onramp/v1/buy/quote')
 * fetch(url, { headers: { Authorization: `Bearer ${jwt}` } })
 */
export function cdpJwtSigner(
  apiKey: CdpApiKey,
): (method: string, host: string, path: string, now?: number) => Promise<string> {
  const { key, alg } = cdpSigningKey(apiKey.secret)
  return (method, host, path, now = Date.now()) => {
    const seconds = Math.floor(now / 1000)
    return new SignJWT({ uri: `${method} ${host}${path}` })
      .setProtectedHeader({
        alg,
        kid: apiKey.id,
        typ: 'JWT',
        nonce: randomBytes(16).toString('hex'),
      })
      .setSubject(apiKey.id)
      .setIssuer('cdp')
      .setNotBefore(seconds)
      .setExpirationTime(seconds + lifetimeSeconds)
      .sign(key)
  }
}
