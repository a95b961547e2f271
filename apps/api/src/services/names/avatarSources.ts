/**
 * Where `avatarPicture` reads from on this API: an IPFS gateway (`https://ipfs.io` unless said),
 * each eip155 chain of the network catalogue by its RPC, and NFT metadata over https through
 * `fetchUntrusted` (public addresses only, 5 s, 256 KiB). Tests give their own.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { parseCaipNetworkId } from '@airlock/protocol'
import { createPublicClient, http, type PublicClient } from 'viem'
import { fetchUntrusted } from '../untrustedFetch/fetchUntrusted'
import type { AvatarSources } from './avatarPicture'

const maxMetadataBytes = 256 * 1024

export function avatarSourcesOf(
  networks: readonly NetworkConfig[],
  overrides: Partial<AvatarSources> = {},
): AvatarSources {
  const rpcUrls = new Map<number, string>()
  for (const { caipNetworkId, rpcUrl } of networks) {
    const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
    if (namespace === 'eip155') rpcUrls.set(Number(reference), rpcUrl)
  }
  const clients = new Map<number, PublicClient>()
  return {
    ipfsGateway: 'https://ipfs.io',
    chainClient(chainId) {
      const rpcUrl = rpcUrls.get(chainId)
      if (rpcUrl === undefined) return undefined
      let client = clients.get(chainId)
      if (!client) {
        client = createPublicClient({ transport: http(rpcUrl, { timeout: 5_000, retryCount: 0 }) })
        clients.set(chainId, client)
      }
      return client
    },
    async fetchMetadata(url) {
      const fetched = await fetchUntrusted(url, {
        httpsOnly: true,
        maxBytes: maxMetadataBytes,
        accept: 'application/json',
      })
      return JSON.parse(fetched.body.toString('utf8'))
    },
    ...overrides,
  }
}
