/**
 * Reads an NFT's name and image from its `tokenURI`: `data:` URIs are decoded in process,
 * `ipfs://` goes through a gateway, `http(s)` goes through `fetchUntrusted` (public addresses
 * only, pinned, with a timeout and a size cap: a token URI is attacker-chosen). Anything that
 * fails gives empty metadata: a missing picture must not stop indexing.
 */

import { fetchUntrusted, type Resolver } from '../untrustedFetch/fetchUntrusted'

export type NftMetadataOptions = {
  /** Per fetch, redirects and body included. */
  timeoutMs: number
  /** Largest metadata document read, in bytes. */
  maxBytes: number
  /** Larger image URIs (inline data mostly) are dropped. */
  maxImageUriChars: number
  /** Prefix for `ipfs://` URIs, ending in `/`. */
  ipfsGateway: string
  /** Refuse `http:` token URIs (production). */
  httpsOnly: boolean
  /**
   * CIDRs fetched although not public, such as `['127.0.0.0/8']`: tests and a local metadata
   * server only. The dev chain's token URIs are `data:` URIs and need none.
   */
  allowedNetworks: readonly string[]
  /** Default: the system resolver. */
  resolve?: Resolver | undefined
}

export const defaultNftMetadataOptions: NftMetadataOptions = {
  timeoutMs: 5_000,
  maxBytes: 256 * 1024,
  maxImageUriChars: 100_000,
  ipfsGateway: 'https://ipfs.io/ipfs/',
  // Production's rule unless told otherwise; a dev server may pass `httpsOnly: false`.
  httpsOnly: true,
  allowedNetworks: [],
}

export type NftMetadata = { name?: string; image?: string }

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
      : await fetchDocument(resolveIpfs(tokenUri, options), options)
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

async function fetchDocument(url: string, options: NftMetadataOptions): Promise<string> {
  const { body } = await fetchUntrusted(url, {
    httpsOnly: options.httpsOnly,
    allowedNetworks: options.allowedNetworks,
    resolve: options.resolve,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    accept: 'application/json',
  })
  return body.toString('utf8')
}
