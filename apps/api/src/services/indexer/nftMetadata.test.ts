import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { defaultNftMetadataOptions, fetchNftMetadata, type NftMetadataOptions } from './nftMetadata'

const local: NftMetadataOptions = {
  ...defaultNftMetadataOptions,
  httpsOnly: false,
  allowedNetworks: ['127.0.0.0/8'],
  timeoutMs: 500,
  maxBytes: 1024,
}
const json = (value: unknown) => JSON.stringify(value)
const base64Json = (value: unknown) =>
  `data:application/json;base64,${Buffer.from(json(value)).toString('base64')}`

describe('fetchNftMetadata from data and ipfs URIs', () => {
  test('behavior: a base64 JSON data URI gives its name and image', async () => {
    const image = 'data:image/svg+xml;base64,PHN2Zy8+'
    expect(await fetchNftMetadata(base64Json({ name: ' Punk #1 ', image }), local)).toEqual({
      name: 'Punk #1',
      image,
    })
  })

  test('behavior: a percent-encoded data URI is read too', async () => {
    const uri = `data:application/json,${encodeURIComponent(json({ name: 'Plain' }))}`
    expect(await fetchNftMetadata(uri, local)).toEqual({ name: 'Plain' })
  })

  test('behavior: ipfs images go through the gateway; inline SVG becomes a data URI', async () => {
    expect(await fetchNftMetadata(base64Json({ image: 'ipfs://bafy/1.png' }), local)).toEqual({
      image: 'https://ipfs.io/ipfs/bafy/1.png',
    })
    const { image } = await fetchNftMetadata(base64Json({ image_data: '<svg/>' }), local)
    expect(image).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`)
  })

  test('behavior: unusable documents and images give empty metadata', async () => {
    for (const uri of ['data:application/json;base64,bm90IGpzb24=', 'data:nonsense', 'ftp://x/1'])
      expect(await fetchNftMetadata(uri, local)).toEqual({})
    expect(await fetchNftMetadata(base64Json({ image: 'javascript:alert(1)' }), local)).toEqual({})
    expect(await fetchNftMetadata(base64Json({ name: 'x'.repeat(2000) }), local)).toEqual({})
  })
})

describe('fetchNftMetadata over http', () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/1.json') return response.end(json({ name: 'Remote', image: '/i.png' }))
      if (request.url === '/moved') return response.writeHead(302, { location: '/1.json' }).end()
      if (request.url === '/huge') return response.end(json({ name: 'x'.repeat(5000) }))
      if (request.url === '/slow') return setTimeout(() => response.end('{}'), 2_000)
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    origin = `http://127.0.0.1:${address.port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  test('behavior: a JSON document is fetched, following redirects', async () => {
    // A relative image is not a URL the modal can show.
    expect(await fetchNftMetadata(`${origin}/1.json`, local)).toEqual({ name: 'Remote' })
    expect(await fetchNftMetadata(`${origin}/moved`, local)).toEqual({ name: 'Remote' })
  })

  test('behavior: oversized, slow and missing documents give empty metadata', async () => {
    const started = Date.now()
    for (const path of ['/huge', '/slow', '/missing'])
      expect(await fetchNftMetadata(`${origin}${path}`, local)).toEqual({})
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  test('behavior: loopback is refused unless allowed, and http unless asked for', async () => {
    expect(await fetchNftMetadata(`${origin}/1.json`, { ...local, allowedNetworks: [] })).toEqual(
      {},
    )
    expect(await fetchNftMetadata(`${origin}/1.json`, { ...local, httpsOnly: true })).toEqual({})
    // A name is checked for what it resolves to, not for how it looks.
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }]
    const named = `${origin.replace('127.0.0.1', 'metadata.example')}/1.json`
    expect(await fetchNftMetadata(named, { ...local, resolve: toLoopback })).toEqual({
      name: 'Remote',
    })
    expect(
      await fetchNftMetadata(named, { ...local, allowedNetworks: [], resolve: toLoopback }),
    ).toEqual({})
  })
})
