/**
 * Tokens: the account's tokens on the active network, by USD value, each with its icon, name,
 * balance to 2 decimals and value when known. Rows carry `data-symbol` (and `data-token-address`,
 * or `data-native` for the native token).
 */
import type { TokenBalances } from '../../components/useTokenBalances'
import { accountText } from '../../messages/accountText'
import styles from './AccountTabs.module.css'
import { AssetIcon, initialOf } from './AssetIcon'
import { EmptyStateActions } from './EmptyStateActions'
import { formatTokenAmount, formatUsd } from './format'
import { RowSkeletons } from './Skeletons'
import { type PanelIds, PanelNote, TabPanel } from './TabPanel'

export function TokensTab({ balances, ids }: { balances: TokenBalances; ids: PanelIds }) {
  const { query, supported, entry, loading } = balances
  const tokens = entry?.tokens ?? []
  return (
    <TabPanel ids={ids} tab="tokens" busy={loading || entry?.status === 'loading'}>
      {!query ? (
        <PanelNote>{accountText.emptyTokens}</PanelNote>
      ) : !supported ? (
        <PanelNote>{accountText.unavailableOnNetwork.tokens}</PanelNote>
      ) : loading ? (
        <RowSkeletons />
      ) : tokens.length === 0 ? (
        <PanelNote action={entry?.status !== 'failed' && <EmptyStateActions />}>
          {entry?.status === 'failed' ? accountText.tokensFailed : accountText.emptyTokens}
        </PanelNote>
      ) : (
        <ul className={styles.list} aria-label={accountText.tabs.tokens}>
          {tokens.map((token) => (
            <li
              key={token.address ?? 'native'}
              className={styles.row}
              data-symbol={token.symbol}
              data-token-address={token.address}
              data-native={token.address ? undefined : ''}
            >
              <AssetIcon
                src={token.iconUrl}
                fallback={initialOf(token.symbol || token.name)}
                shape="round"
                nativeOn={token.address ? undefined : query.caipNetworkId}
              />
              <span className={styles.main}>
                <span className={styles.primary}>{token.name || token.symbol}</span>
                <span className={`${styles.secondary} ${styles.numeric}`}>
                  {/* The header shows the native balance alone; a row's says what it is. */}
                  <span className={styles.srOnly}>{accountText.balanceLabel} </span>
                  {formatTokenAmount(token)}
                </span>
              </span>
              {Number.isFinite(token.value) && (
                <span className={styles.side}>
                  <span className={`${styles.primary} ${styles.numeric}`}>
                    {formatUsd(token.value!)}
                  </span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </TabPanel>
  )
}
