// Names on the e2e stack: a plain ENS client of its chain (viem with only the dev universal
// resolver's address said, devchain/ens.mjs), so a name resolves through CCIP-Read with no Airlock
// code; and a registration through the stack's API as the modal's frame sends it (its Origin).
import type { APIRequestContext } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { devEnsAddresses } from '../../devchain/ens.mjs'
import { nameMessage } from '../../packages/protocol/src/nameMessage'
import type { NameAttributes } from '../../packages/protocol/src/names'
import { origins } from './ports'
import { anvilRpcUrl } from './testWallet'

export const ensClient = createPublicClient({
  chain: {
    ...foundry,
    contracts: { ensUniversalResolver: { address: devEnsAddresses.universalResolver } },
  },
  transport: http(anvilRpcUrl),
})

/**
 * Registers `name` for `owner` on the demo project, signed by `owner` (coin type 60), sent with
 * the modal's Origin as the frame sends it. Answers the API's status and body.
 */
export async function registerName(
  request: APIRequestContext,
  {
    owner,
    name,
    attributes = {},
  }: { owner: PrivateKeyAccount; name: string; attributes?: NameAttributes },
): Promise<{ status: number; body: unknown }> {
  const message = nameMessage({
    action: 'register',
    name,
    address: owner.address,
    chainId: 1,
    site: origins.demo,
    attributes,
    timestamp: Math.floor(Date.now() / 1000),
  })
  const response = await request.post(
    `${origins.modal}/v1/projects/demo/names?${new URLSearchParams({ hostOrigin: origins.demo })}`,
    {
      headers: { Origin: origins.modal },
      data: {
        coinType: 60,
        address: owner.address,
        signature: await owner.signMessage({ message }),
        message,
      },
    },
  )
  return { status: response.status(), body: await response.json() }
}
