/**
 * Reads an NFT's name and image from its `tokenURI`: `data:` URIs are decoded in process,
 * `ipfs://` goes through a gateway, `http(s)` is fetched with a timeout and a size cap and, unless
 * allowed, never from loopback or private addresses (a token URI is attacker-chosen). Anything
 * that fails gives empty metadata: a missing picture must not stop indexing.
 */

import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

export type NftMetadataOptions = {
  /** Per fetch, redirects and body included. */
  timeoutMs: number
  /** Largest metadata document read, in bytes. */
  maxBytes: number
  /** Larger image URIs (inline data mostly) are dropped. */
  maxImageUriChars: number
  /** Prefix for `ipfs://` URIs, ending in `/`. */
  ipfsGateway: string
  /** Fetch from loopback and private networks too (tests, a local metadata server). */
  allowPrivateHosts: boolean
}

export const defaultNftMetadataOptions: NftMetadataOptions = {
  timeoutMs: 5_000,
  maxBytes: 256 * 1024,
  maxImageUriChars: 100_000,
  ipfsGateway: 'https://ipfs.io/ipfs/',
  allowPrivateHosts: false,
}

export type NftMetadata = { name?: string; image?: string }

const maxRedirects = 3
const maxNameChars = 200

/**
 * The name and image `tokenUri` describes; `{}` when it cannot be read.
 *
 * @example
 * await fetchNftMetadata('data:application/json;base64,eyJuYW1lIjoiQSJ9', defaultNftMetadataOptions)
 * // { name: 'A' }
 */
export async function fetchNftMetadata(
  tokenUri: string,
  options: NftMetadataOptions,
): Promise<NftMetadata> {
  try {
    const document = tokenUri.startsWith('data:')
      ? decodeDataUri(tokenUri, options.maxBytes)
      : await fetchCapped(new URL(resolveIpfs(tokenUri, options)), options)
    return pickMetadata(JSON.parse(document), options)
  } catch {
    return {}
  }
}

function pickMetadata(document: unknown, options: NftMetadataOptions): NftMetadata {
  if (typeof document !== 'object' || document === null) return {}
  const fields = document as Record<string, unknown>
  const metadata: NftMetadata = {}
  if (typeof fields.name === 'string' && fields.name.trim() !== '')
    metadata.name = fields.name.trim().slice(0, maxNameChars)
  const image = pickImage(fields, options)
  if (image !== undefined) metadata.image = image
  return metadata
}

function pickImage(
  fields: Record<string, unknown>,
  options: NftMetadataOptions,
): string | undefined {
  let image: string | undefined
  for (const key of ['image', 'image_url']) {
    const value = fields[key]
    if (typeof value === 'string' && value.trim() !== '') {
      image = resolveIpfs(value.trim(), options)
      break
    }
  }
  if (image === undefined && typeof fields.image_data === 'string')
    image = `data:image/svg+xml;base64,${Buffer.from(fields.image_data).toString('base64')}`
  if (image === undefined || image.length > options.maxImageUriChars) return undefined
  return /^(https?:\/\/|data:image\/)/i.test(image) ? image : undefined
}

function resolveIpfs(uri: string, options: NftMetadataOptions): string {
  if (!uri.startsWith('ipfs://')) return uri
  return options.ipfsGateway + uri.slice('ipfs://'.length).replace(/^ipfs\//, '')
}

function decodeDataUri(uri: string, maxBytes: number): string {
  const match = /^data:([^,]*),(.*)$/s.exec(uri)
  if (match === null) throw new Error('malformed data URI')
  const [, header = '', payload = ''] = match
  const body = header.endsWith(';base64')
    ? Buffer.from(payload, 'base64')
    : Buffer.from(decodeURIComponent(payload), 'utf8')
  if (body.length > maxBytes) throw new Error('data URI too large')
  return body.toString('utf8')
}

async function fetchCapped(url: URL, options: NftMetadataOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let current = url
  for (let redirects = 0; ; redirects++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      throw new Error(`unsupported scheme ${current.protocol}`)
    if (!options.allowPrivateHosts && (await isPrivateHost(current.hostname)))
      throw new Error(`refusing private host ${current.hostname}`)
    // Redirects are followed by hand so that each hop passes the private-host check.
    const response = await fetch(current, {
      redirect: 'manual',
      signal,
      headers: { accept: 'application/json' },
    })
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel()
      if (redirects >= maxRedirects) throw new Error('too many redirects')
      current = new URL(location, current)
      continue
    }
    if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`)
    return await readText(response.body, options.maxBytes)
  }
}

async function readText(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > maxBytes) throw new Error('metadata too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const privateRanges = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6')

/** Whether `hostname` is, or resolves to, a loopback, private, link-local or reserved address. */
export async function isPrivateHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '')
  const addresses =
    isIP(host) === 0 ? await lookup(host, { all: true }) : [{ address: host, family: isIP(host) }]
  return addresses.some(({ address, family }) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
    if (mapped !== undefined) return privateRanges.check(mapped, 'ipv4')
    return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4')
  })
}
