/**
 * A proof of the wallet for the API's route tests, made as the frame makes it: a challenge asked
 * for through the wallet routes, its message signed (EIP-191) with the test wallet's EVM key —
 * anvil's second dev account, whose address the route tests keep as the wallet's.
 */

import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'

/** Anvil's account 1: `0x70997970C51812dc3A010C7d01b50e0d17dc79C8`. */
export const testWalletKey: Hex =
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
export const testWalletAccount = privateKeyToAccount(testWalletKey)

export async function proveWallet({
  post,
  cookie,
  action,
  hostOrigin,
  project = 'shop',
  key = testWalletKey,
}: {
  /** A POST to the app under test, from the modal's origin, with extra headers. */
  post: (
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => Response | Promise<Response>
  cookie: string
  action: string
  hostOrigin: string
  project?: string
  key?: Hex
}): Promise<{ challengeId: string; signature: Hex }> {
  const asked = await post(
    `/v1/projects/${project}/embedded-wallet/challenges`,
    { hostOrigin, action },
    { Cookie: cookie },
  )
  expect(asked.status).toBe(201)
  const { challengeId, message } = (await asked.json()) as { challengeId: string; message: string }
  return { challengeId, signature: await privateKeyToAccount(key).signMessage({ message }) }
}
