import { expect, test } from 'vitest'
import { avatarSource } from './avatarSource'

test('behavior: a data: image is used as it is; an https picture goes through the API’s image proxy', () => {
  const svg = 'data:image/svg+xml,%3Csvg%2F%3E'
  expect(avatarSource(svg)).toBe(svg)
  expect(avatarSource('https://img.example/a b.png')).toBe(
    '/v1/nft-image?url=https%3A%2F%2Fimg.example%2Fa%2520b.png',
  )
  expect(avatarSource('http://127.0.0.1:5173/me.png')).toBe('http://127.0.0.1:5173/me.png')
})

test('security: nothing else is loaded: another host over http, ipfs, NFT URIs, scripts, no avatar', () => {
  for (const avatar of [
    'http://img.example/a.png',
    'ipfs://bafy/avatar.png',
    'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/0',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
    '',
    undefined,
  ])
    expect(avatarSource(avatar)).toBeUndefined()
})
