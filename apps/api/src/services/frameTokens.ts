/**
 * Frame tokens (issue 33): what the relays take instead of an `Origin` header. The API issues one
 * to the modal's frame for a project and the site it is on (`routes/frameToken.ts`); it is a JWT
 * (HS256, `jose`) under a key derived (HKDF-SHA256) from the server key for this use only, bound
 * to the project (`sub`) and the site (`site`), with an id (`jti`) the relays count requests by,
 * and good for `frameTokenLifetimeSeconds`. The API keeps nothing of it: a token proves itself.
 */
import { hkdfSync, randomBytes } from 'node:crypto'
import { type ApiErrorCode, ApiRefusal, frameTokenLifetimeSeconds } from '@airlock/protocol'
import { errors, jwtVerify, SignJWT } from 'jose'

export type FrameTokenErrorCode = Extract<ApiErrorCode, `frameToken${string}`>

/** A frame token refused: missing, not ours, for another project or site, or expired. */
export class FrameTokenError extends ApiRefusal<FrameTokenErrorCode> {
  override name = 'FrameTokenError'
}

/** Whose frame: a project and the host site its modal is on. */
export type FrameScope = { projectId: string; hostOrigin: string }

export type FrameTokens = {
  /** A new token for the frame of `scope`, and how many seconds it is good for. */
  issue(scope: FrameScope): Promise<{ token: string; expiresIn: number }>
  /**
   * The id of `token` when it is ours, for `scope`, and not expired.
   * @throws FrameTokenError `frameTokenInvalid` or `frameTokenExpired`.
   */
  verify(token: string, scope: FrameScope): Promise<{ id: string }>
}

const issuer = 'airlock'
const audience = 'airlock:frame'
/** A token is ~300 characters; anything much longer is not one of ours, and is not parsed. */
const maxTokenLength = 2048

/** The key of the tokens: the server key's, for this use only. */
const frameTokenKey = (serverKey: Uint8Array) =>
  new Uint8Array(hkdfSync('sha256', serverKey, new Uint8Array(), 'airlock frame tokens', 32))

const invalid = () =>
  new FrameTokenError(
    'frameTokenInvalid',
    'The frame token is not one this API gave for this project and site.',
  )

/**
 * @example
 * const frameTokens = createFrameTokens({ serverKey, now: Date.now })
 * const { token } = await frameTokens.issue({ projectId: 'shop', hostOrigin: 'https://shop.example' })
 * await frameTokens.verify(token, { projectId: 'shop', hostOrigin: 'https://shop.example' })
 */
export function createFrameTokens({
  serverKey,
  now,
  lifetimeSeconds = frameTokenLifetimeSeconds,
}: {
  serverKey: Uint8Array
  now: () => number
  /** Default `frameTokenLifetimeSeconds`; tests make it short. */
  lifetimeSeconds?: number
}): FrameTokens {
  const key = frameTokenKey(serverKey)
  return {
    async issue({ projectId, hostOrigin }) {
      const issuedAt = Math.floor(now() / 1000)
      const token = await new SignJWT({ site: hostOrigin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(projectId)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(key)
      return { token, expiresIn: lifetimeSeconds }
    },
    async verify(token, { projectId, hostOrigin }) {
      if (token.length > maxTokenLength) throw invalid()
      let payload: Record<string, unknown>
      try {
        ;({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer,
          audience,
          requiredClaims: ['sub', 'jti', 'exp'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        }))
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          throw new FrameTokenError(
            'frameTokenExpired',
            'The frame token has expired: the modal asks for a new one.',
          )
        throw invalid()
      }
      if (
        payload.sub !== projectId ||
        payload.site !== hostOrigin ||
        typeof payload.jti !== 'string'
      )
        throw invalid()
      return { id: payload.jti }
    },
  }
}
