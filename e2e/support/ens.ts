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
 * Registers `name` for `owner` on the demo project, signed by `owner` (on Ethereum, coin type 60,
 * unless `chainId` says another chain), sent with
 * the modal's Origin as the frame sends it. Answers the API's status and body.
 */
export async function registerName(
  request: APIRequestContext,
  {
    owner,
    name,
    attributes = {},
    chainId = 1,
    issuedAt = Math.floor(Date.now() / 1000),
  }: {
    owner: PrivateKeyAccount
    name: string
    attributes?: NameAttributes
    /** The chain the owner signs on (the name is theirs there): Ethereum unless said. */
    chainId?: number
    /** When the message says it was signed, unix seconds: now unless said. */
    issuedAt?: number
  },
): Promise<{ status: number; body: unknown }> {
  const message = nameMessage({
    action: 'register',
    name,
    address: owner.address,
    chainId,
    site: origins.demo,
    attributes,
    timestamp: issuedAt,
  })
  const response = await request.post(
    `${origins.modal}/v1/projects/demo/names?${new URLSearchParams({ hostOrigin: origins.demo })}`,
    {
      headers: { Origin: origins.modal },
      data: {
        coinType: chainId === 1 ? 60 : 0x80000000 + chainId,
        address: owner.address,
        signature: await owner.signMessage({ message }),
        message,
      },
    },
  )
  return { status: response.status(), body: await response.json() }
}
