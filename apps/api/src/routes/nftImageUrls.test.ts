import type { NftItem, NftsPage, Transaction, TransactionsPage } from '@airlock/protocol'
import { describe, expect, test } from 'vitest'
import { createTestApp } from '../../test/app'
import { createAccountData } from '../services/accountData/accountData'
import type { AccountDataAdapter } from '../services/accountData/adapter'
import { defaultAccountDataConfig } from '../services/accountData/config'
import { imageUrlSigner } from '../services/images/imageUrlSignatures'
import { createMemoryCache } from '../storage/cache/memoryCache'
import { servedNft, servedNftImageUrl, servedTransaction } from './nftImageUrls'

const imageKey = new Uint8Array(32).fill(4)
const signer = imageUrlSigner(imageKey)
/** The proxy URL the API hands out for `url`: the URL and its signature. */
const proxy = (url: string) =>
  `/v1/nft-image?${new URLSearchParams({ url, sig: signer.sign(url) })}`

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
  test('behavior: https pictures go through the proxy, signed, inline ones stay, the rest are dropped', () => {
    const served = servedNftImageUrl('https://example.com/a b.png?size=2', signer)
    expect(served).toBe(proxy('https://example.com/a%20b.png?size=2'))
    expect(served).toMatch(
      /^\/v1\/nft-image\?url=https%3A%2F%2Fexample\.com%2Fa%2520b\.png%3Fsize%3D2&sig=[\w-]{43}$/,
    )
    expect(servedNftImageUrl(svgData, signer)).toBe(svgData)
    for (const url of [
      'http://example.com/1.png',
      'ipfs://bafy/1.png',
      'javascript:alert(1)',
      'data:text/html,<script>',
      '/relative.png',
      'not a url',
    ])
      expect(servedNftImageUrl(url, signer)).toBeUndefined()
  })

  test('behavior: only a signer (production) rewrites items; a dropped picture leaves no imageUrl', () => {
    const https = nft('1', 'https://example.com/1.png')
    expect(servedNft(https, undefined)).toBe(https)
    expect(servedNft(https, signer)).toEqual({
      ...https,
      imageUrl: proxy('https://example.com/1.png'),
    })
    expect(servedNft(nft('2', 'http://example.com/2.png'), signer)).toEqual(nft('2'))
    expect(servedNft(nft('3'), signer)).toEqual(nft('3'))
    expect(
      servedTransaction(received('https://example.com/1.png'), signer).transfers[0]?.nft_info,
    ).toEqual({
      name: 'NFT #1',
      content: { preview: { url: proxy('https://example.com/1.png') } },
      flags: { is_spam: false },
    })
    expect(servedTransaction(received('http://example.com/1.png'), signer)).toEqual(received())
    expect(servedTransaction(received('http://example.com/1.png'), undefined)).toEqual(
      received('http://example.com/1.png'),
    )
  })

  test('behavior: in production the NFT and activity lists the modal reads carry proxied pictures the proxy takes', async () => {
    const adapter: AccountDataAdapter = {
      kind: 'stub',
      balances: async () => [],
      nfts: async (): Promise<NftsPage> => ({
        data: [
          nft('1', 'https://example.com/1.png'),
          nft('2', 'http://example.com/2.png'),
          nft('3', 'https://10.0.0.1/3.png'),
        ],
        next: null,
      }),
      transactions: async (): Promise<TransactionsPage> => ({
        data: [received('https://example.com/1.png')],
        next: null,
      }),
    }
    const t = await createTestApp({
      production: true,
      imageKey,
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
      const nfts = (await list('nfts')).data as NftItem[]
      expect(nfts).toEqual([
        { ...nft('1'), imageUrl: proxy('https://example.com/1.png') },
        nft('2'),
        { ...nft('3'), imageUrl: proxy('https://10.0.0.1/3.png') },
      ])
      expect((await list('transactions')).data).toEqual([
        received(proxy('https://example.com/1.png')),
      ])
      // The proxy takes the URL it handed out (and refuses the private address it names only
      // then), but not the same URL unsigned.
      const handedOut = nfts[2]?.imageUrl ?? ''
      expect(await (await t.app.request(handedOut)).json()).toEqual({
        error: { code: 'invalidRequest', message: 'url: Refused: 10.0.0.1 is a private address' },
      })
      const unsigned = await t.app.request(handedOut.replace(/&sig=.*$/, ''))
      expect(unsigned.status).toBe(403)
    } finally {
      await t.close()
    }
  })
})
