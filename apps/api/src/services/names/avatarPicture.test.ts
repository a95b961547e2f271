// Avatars' pictures (ENSIP-12): https as it is, ipfs through the gateway, an NFT's image read on a
// real anvil from a real ERC-721 (devchain's DevCollectible, whose metadata is an inline data:
// JSON) only for its holder, https metadata through the caller's fetch; anything else none.
import { createPublicClient, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devAccounts, devChainContracts, seedDevChain } from '../../../../../devchain/seed.mjs'
import { type Anvil, startAnvil } from '../indexer/testing/anvil'
import { type AvatarSources, avatarPicture } from './avatarPicture'

// The seed gives Alice collectibles #1 and #2, Bob #4.
const holder = devAccounts.alice as `0x${string}`
const stranger = privateKeyToAccount(generatePrivateKey()).address
const collectible = devChainContracts.collectibles

let anvil: Anvil
let client: PublicClient
const fetched: string[] = []
let sources: AvatarSources

beforeAll(async () => {
  anvil = await startAnvil()
  await seedDevChain({ rpcUrl: anvil.rpcUrl })
  client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
  sources = {
    ipfsGateway: 'https://gateway.example/',
    chainClient: (chainId) => (chainId === foundry.id ? client : undefined),
    async fetchMetadata(url) {
      fetched.push(url)
      return {}
    },
  }
}, 60_000)

afterAll(() => anvil?.stop())

describe('avatarPicture', () => {
  test('behavior: https as it is; ipfs:// through the gateway; a data: image as it is', async () => {
    expect(await avatarPicture('https://img.example/a b.png', holder, sources)).toBe(
      'https://img.example/a%20b.png',
    )
    expect(
      await avatarPicture(
        'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a.png',
        holder,
        sources,
      ),
    ).toBe(
      'https://gateway.example/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/a.png',
    )
    const svg = 'data:image/svg+xml,%3Csvg%2F%3E'
    expect(await avatarPicture(svg, holder, sources)).toBe(svg)
  })

  test('behavior: an ERC-721 avatar is its token’s image, read from its metadata on its chain, for its holder', async () => {
    const picture = await avatarPicture(`eip155:31337/erc721:${collectible}/1`, holder, sources)
    expect(picture).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(picture?.split(',')[1] ?? '', 'base64').toString()).toContain('#1')
  })

  test('security: someone else’s NFT, a token that does not exist, a chain the API lacks: no picture', async () => {
    expect(
      await avatarPicture(`eip155:31337/erc721:${collectible}/1`, stranger, sources),
    ).toBeUndefined()
    expect(
      await avatarPicture(`eip155:31337/erc721:${collectible}/99`, holder, sources),
    ).toBeUndefined()
    expect(
      await avatarPicture(`eip155:10/erc721:${collectible}/1`, holder, sources),
    ).toBeUndefined()
  })

  test('security: anything else is no picture: http, scripts, other data:, a malformed NFT URI', async () => {
    for (const avatar of [
      'http://img.example/a.png',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      `eip155:31337/erc20:${collectible}/1`,
      'ipfs://',
      'not a url',
    ])
      expect(await avatarPicture(avatar, holder, sources)).toBeUndefined()
    expect(fetched).toEqual([])
  })
})
