/**
 * NFTs: the account's NFTs on the active network in a two-column grid, spam left out, read a
 * page at a time as the grid scrolls. Tiles carry `data-nft-id`.
 */

import { useAccountList } from '../../components/useAccountList'
import { ui } from '../../messages'
import { accountText } from '../../messages/accountText'
import list from '../list.module.css'
import styles from './AccountTabs.module.css'
import { AssetIcon, initialOf } from './AssetIcon'
import { EmptyStateActions } from './EmptyStateActions'
import { TileSkeletons } from './Skeletons'
import { ListLoadMore, type PanelIds, PanelNote, TabPanel } from './TabPanel'

export function NftsTab({ ids }: { ids: PanelIds }) {
  const { address, supported, entry, loading, loadMore, retry } = useAccountList('nfts')
  const nfts = entry?.items ?? []
  return (
    <TabPanel
      ids={ids}
      tab="nfts"
      busy={loading || entry?.status === 'loading' || !!entry?.loadingMore}
    >
      {!address ? (
        <PanelNote>{accountText.emptyNfts}</PanelNote>
      ) : !supported ? (
        <PanelNote>{accountText.unavailableOnNetwork.nfts}</PanelNote>
      ) : loading ? (
        <TileSkeletons />
      ) : nfts.length === 0 && entry?.status === 'failed' ? (
        <PanelNote
          action={
            <button type="button" className={list.button} onClick={retry}>
              {ui.retry}
            </button>
          }
        >
          {accountText.nftsFailed}
        </PanelNote>
      ) : nfts.length === 0 ? (
        <PanelNote action={<EmptyStateActions />}>{accountText.emptyNfts}</PanelNote>
      ) : (
        <>
          <ul className={styles.grid} aria-label={accountText.tabs.nfts}>
            {nfts.map((nft) => {
              const name = nft.name || `#${nft.tokenId}`
              return (
                <li
                  key={nft.id}
                  className={styles.nft}
                  data-nft-id={nft.id}
                  data-contract={nft.contract}
                  data-token-id={nft.tokenId}
                >
                  <AssetIcon
                    src={nft.imageUrl}
                    fallback={initialOf(nft.name || nft.collection || accountText.nft)}
                    shape="square"
                  />
                  <span className={styles.primary} title={name}>
                    {name}
                  </span>
                  {nft.collection && <span className={styles.secondary}>{nft.collection}</span>}
                </li>
              )
            })}
          </ul>
          <ListLoadMore entry={entry} onLoadMore={loadMore} />
        </>
      )}
    </TabPanel>
  )
}
