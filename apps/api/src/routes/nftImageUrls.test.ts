import type { NftItem, NftsPage, Transaction, TransactionsPage } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { createTestApp } from '../../test/app'
import { createAccountData } from '../services/accountData/accountData'
import type { AccountDataAdapter } from '../services/accountData/adapter'
import { defaultAccountDataConfig } from '../services/accountData/config'
import { createMemoryCache } from '../storage/cache/memoryCache'
import { servedNft, servedNftImageUrl, servedTransaction } from './nftImageUrls'

const svgData = 'data:image/svg+xml;base64,PHN2Zy8+'
const nft = (id: string, imageUrl?: string): NftItem => ({
  id: `0x0000000000000000000000000000000000000001:${id}`,
  chainId: 'eip155:31337',
  contract: '0x0000000000000000000000000000000000000001',
  tokenId: id,
  name: `NFT #${id}`,
  collection: 'Collection',
  ...(imageUrl === undefined ? {} : { imageUrl }),
  isSpam: false,
})
const received = (preview?: string): Transaction => ({
  id: `0x${'ab'.repeat(32)}`,
  metadata: {
    minedAt: '2024-01-01T00:00:00.000Z',
    chain: 'eip155:31337',
    operationType: 'receive',
    status: 'confirmed',
    sentFrom: '0x0000000000000000000000000000000000000002',
    sentTo: '0x0000000000000000000000000000000000000003',
  },
  transfers: [
    {
      nft_info: {
        name: 'NFT #1',
        ...(preview === undefined ? {} : { content: { preview: { url: preview } } }),
        flags: { is_spam: false },
      },
    },
    { fungible_info: { symbol: 'ETH', quantity: { numeric: '1' } } },
  ],
})

describe('servedNftImageUrl', () => {
  test('behavior: https pictures go through the proxy, inline ones stay, the rest are dropped', () => {
    expect(servedNftImageUrl('https://example.com/a b.png?size=2')).toBe(
      '/v1/nft-image?url=https%3A%2F%2Fexample.com%2Fa%2520b.png%3Fsize%3D2',
    )
    expect(servedNftImageUrl(svgData)).toBe(svgData)
    for (const url of [
      'http://example.com/1.png',
      'ipfs://bafy/1.png',
      'javascript:alert(1)',
      'data:text/html,<script>',
      '/relative.png',
      'not a url',
    ])
      expect(servedNftImageUrl(url)).toBeUndefined()
  })

  test('behavior: only production rewrites items; a dropped picture leaves no imageUrl', () => {
    const https = nft('1', 'https://example.com/1.png')
    expect(servedNft(https, false)).toBe(https)
    expect(servedNft(https, true)).toEqual({
      ...https,
      imageUrl: '/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png',
    })
    expect(servedNft(nft('2', 'http://example.com/2.png'), true)).toEqual(nft('2'))
    expect(servedNft(nft('3'), true)).toEqual(nft('3'))
    expect(
      servedTransaction(received('https://example.com/1.png'), true).transfers[0]?.nft_info,
    ).toEqual({
      name: 'NFT #1',
      content: { preview: { url: '/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png' } },
      flags: { is_spam: false },
    })
    expect(servedTransaction(received('http://example.com/1.png'), true)).toEqual(received())
    expect(servedTransaction(received('http://example.com/1.png'), false)).toEqual(
      received('http://example.com/1.png'),
    )
  })

  test('behavior: in production the NFT and activity lists the modal reads carry proxied pictures', async () => {
    const adapter: AccountDataAdapter = {
      kind: 'stub',
      balances: async () => [],
      nfts: async (): Promise<NftsPage> => ({
        data: [nft('1', 'https://example.com/1.png'), nft('2', 'http://example.com/2.png')],
        next: null,
      }),
      transactions: async (): Promise<TransactionsPage> => ({
        data: [received('https://example.com/1.png')],
        next: null,
      }),
    }
    const t = await createTestApp({
      production: true,
      accountData: (storage, networks) =>
        createAccountData({
          db: storage.db,
          networks,
          config: defaultAccountDataConfig(),
          cache: createMemoryCache(),
          builtin: () => adapter,
        }),
    })
    try {
      const list = async (name: string) => {
        const query = new URLSearchParams({ projectId: 'shop', chainId: 'eip155:31337' })
        const response = await t.app.request(
          `/v1/accounts/0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266/${name}?${query}`,
        )
        expect(response.status).toBe(200)
        return (await response.json()) as { data: unknown[] }
      }
      expect((await list('nfts')).data).toEqual([
        { ...nft('1'), imageUrl: '/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png' },
        nft('2'),
      ])
      expect((await list('transactions')).data).toEqual([
        received('/v1/nft-image?url=https%3A%2F%2Fexample.com%2F1.png'),
      ])
    } finally {
      await t.close()
    }
  })
})
