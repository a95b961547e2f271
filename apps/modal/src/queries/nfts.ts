/**
 * The NFTs of an account on an EVM network, a page at a time by cursor, spam left out. A failed
 * first page says so in the tab, with a Retry (no toast: the spec names none).
 */
import { nftItemSchema } from '@airlock/protocol'
import {
  type AccountDataSources,
  type AccountQuery,
  isAccountDataSupported,
} from '../stores/accountData'
import { accountListQuery } from './accountList'

/**
 * @example
 * useInfiniteQuery(nftsQuery(sources, { address, caipNetworkId: 'eip155:1', projectId }, live))
 */
export function nftsQuery(sources: AccountDataSources, query: AccountQuery, live = true) {
  return accountListQuery({
    resource: 'nfts',
    schema: nftItemSchema,
    shown: (nfts) => nfts.filter((nft) => !nft.isSpam),
    sources,
    query,
    enabled: live && !!query.address && isAccountDataSupported('nfts', query.caipNetworkId),
  })
}
