import { expect, test } from 'vitest'
import { avatarSource } from './avatarSource'

const named = (avatar: string | undefined, avatarImage?: string) => ({
  attributes: avatar === undefined ? {} : { avatar },
  ...(avatarImage === undefined ? {} : { avatarImage }),
})

test('behavior: a data: image is used as it is; an https picture through the proxy URL the API signed', () => {
  const svg = 'data:image/svg+xml,%3Csvg%2F%3E'
  expect(avatarSource(named(svg))).toBe(svg)
  const proxied = '/v1/nft-image?url=https%3A%2F%2Fimg.example%2Fa%2520b.png&sig=abc'
  expect(avatarSource(named('https://img.example/a b.png', proxied))).toBe(proxied)
  expect(avatarSource(named('http://127.0.0.1:5173/me.png'))).toBe('http://127.0.0.1:5173/me.png')
})

test('behavior: an ipfs:// or NFT avatar shows the picture the API found: its proxy URL, or an NFT’s inline image', () => {
  const proxied = '/v1/nft-image?url=https%3A%2F%2Fipfs.io%2Fipfs%2Fbafy%2Fa.png&sig=abc'
  expect(avatarSource(named('ipfs://bafy/a.png', proxied))).toBe(proxied)
  const nft = 'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/0'
  const inline = 'data:image/svg+xml;base64,PHN2Zy8+'
  expect(avatarSource(named(nft, inline))).toBe(inline)
})

test('security: nothing else is loaded: https without its proxy URL, another host over http, ipfs and NFT URIs without the API’s picture, a picture that is neither, scripts, no avatar', () => {
  expect(avatarSource(named('https://img.example/a.png'))).toBeUndefined()
  expect(
    avatarSource(named('https://img.example/a.png', 'https://img.example/a.png')),
  ).toBeUndefined()
  for (const avatar of [
    'http://img.example/a.png',
    'ipfs://bafy/avatar.png',
    'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/0',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
    '',
    undefined,
  ]) {
    expect(avatarSource(named(avatar))).toBeUndefined()
    for (const picture of ['https://img.example/a.png', 'data:text/html,<script>alert(1)</script>'])
      expect(avatarSource(named(avatar, picture))).toBeUndefined()
  }
  expect(avatarSource(undefined)).toBeUndefined()
  expect(avatarSource(null)).toBeUndefined()
})
