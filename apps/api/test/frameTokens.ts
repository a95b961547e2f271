/**
 * The frame credential of the relays' route tests: a frame token service under a test server key,
 * its per-credential budget, and the header a modal's relay request carries (the token the API
 * would have given its frame for that project and site).
 */
import { frameTokenHeader } from '@airlock/protocol'
import type { FrameCredentialOptions } from '../src/routes/frameCredential'
import { createFrameTokens, type FrameTokens } from '../src/services/frameTokens'
import { createRateLimiter } from '../src/services/rateLimit'
import type { Storage } from '../src/storage/storage'

export const testServerKey = new Uint8Array(32).fill(7)

/** The relays' `credential` option: tokens under the test key, `perToken` requests a minute each. */
export function testCredential(
  storage: Storage,
  { now = Date.now, perToken = 1000 }: { now?: () => number; perToken?: number } = {},
): FrameCredentialOptions {
  return {
    frameTokens: createFrameTokens({ serverKey: testServerKey, now }),
    rateLimiter: createRateLimiter({ name: 'frameToken', perMinute: { token: perToken } }),
    storage,
    now,
  }
}

/** The header of the frame token for `projectId` on `hostOrigin`, as the modal sends it. */
export async function frameTokenHeaders(
  frameTokens: FrameTokens,
  projectId: string,
  hostOrigin: string,
): Promise<Record<string, string>> {
  const { token } = await frameTokens.issue({ projectId, hostOrigin })
  return { [frameTokenHeader]: token }
}
