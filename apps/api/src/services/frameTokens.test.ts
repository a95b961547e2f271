// Frame tokens: a token the API issued holds for its project and site until its lifetime ends;
// one for another project or site, changed, signed under another key or with no signature, or past
// its end is refused with its code, and never taken for another.
import { frameTokenLifetimeSeconds } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { createFrameTokens, FrameTokenError } from './frameTokens'

const key = new Uint8Array(32).fill(1)
const scope = { projectId: 'shop', hostOrigin: 'https://shop.example' }

/** The code a verification fails with. */
async function refusal(verifying: Promise<unknown>) {
  try {
    await verifying
  } catch (error) {
    expect(error).toBeInstanceOf(FrameTokenError)
    return (error as FrameTokenError).code
  }
  throw new Error('the token was taken')
}

describe('frame tokens', () => {
  test('behavior: a token holds for its project and site, each with its own id, for its lifetime', async () => {
    let now = Date.parse('2026-05-01T10:00:00Z')
    const tokens = createFrameTokens({ serverKey: key, now: () => now })
    const first = await tokens.issue(scope)
    const second = await tokens.issue(scope)
    expect(first.expiresIn).toBe(frameTokenLifetimeSeconds)
    const firstId = (await tokens.verify(first.token, scope)).id
    expect(firstId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect((await tokens.verify(second.token, scope)).id).not.toBe(firstId)
    now += (frameTokenLifetimeSeconds - 1) * 1000
    expect((await tokens.verify(first.token, scope)).id).toBe(firstId)
    now += 1000
    expect(await refusal(tokens.verify(first.token, scope))).toBe('frameTokenExpired')
  })

  test('security: another project or site, a changed token, another key, no signature or garbage are refused', async () => {
    const tokens = createFrameTokens({ serverKey: key, now: Date.now })
    const { token } = await tokens.issue(scope)
    expect(await refusal(tokens.verify(token, { ...scope, projectId: 'other' }))).toBe(
      'frameTokenInvalid',
    )
    expect(
      await refusal(tokens.verify(token, { ...scope, hostOrigin: 'https://evil.example' })),
    ).toBe('frameTokenInvalid')
    // The claims changed to another site, the signature kept.
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const moved = Buffer.from(JSON.stringify({ ...claims, site: 'https://evil.example' })).toString(
      'base64url',
    )
    expect(
      await refusal(
        tokens.verify(`${header}.${moved}.${signature}`, {
          ...scope,
          hostOrigin: 'https://evil.example',
        }),
      ),
    ).toBe('frameTokenInvalid')
    // Signed under another server's key; and with `alg: none`.
    const other = createFrameTokens({ serverKey: new Uint8Array(32).fill(2), now: Date.now })
    expect(await refusal(tokens.verify((await other.issue(scope)).token, scope))).toBe(
      'frameTokenInvalid',
    )
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect(await refusal(tokens.verify(`${none}.${payload}.`, scope))).toBe('frameTokenInvalid')
    for (const garbage of ['', 'x', 'a.b.c', `${token}x`, 'a'.repeat(5000)])
      expect(await refusal(tokens.verify(garbage, scope))).toBe('frameTokenInvalid')
  })

  test('security: an expired token of another key is invalid, not expired (nothing is read before the signature)', async () => {
    let now = Date.now()
    const other = createFrameTokens({ serverKey: new Uint8Array(32).fill(2), now: () => now })
    const { token } = await other.issue(scope)
    now += 2 * frameTokenLifetimeSeconds * 1000
    const tokens = createFrameTokens({ serverKey: key, now: () => now })
    expect(await refusal(tokens.verify(token, scope))).toBe('frameTokenInvalid')
  })
})
