/**
 * Activity: the account's purchases through Buy (`PurchasesList`), then its transactions on the
 * active network, newest first, read a page at a
 * time as the list scrolls. Each row: what happened, with whom (by name and avatar when the
 * address has one), what moved and when, and a tag when it failed; a trade (a swap) says what went
 * out and what came in ('0.001 ETH → 5 aUSD', `data-trade`) instead of with whom. Rows carry
 * `data-tx-id`, `data-tx-hash` (when the id holds one), `data-operation` and `data-status`.
 */
import type { Transaction } from '@airlock/protocol'
import { useAccountList } from '../../components/useAccountList'
import { accountText } from '../../messages/accountText'
import { avatarSource } from '../../names/avatarSource'
import { NameAvatar } from '../../names/NameAvatar'
import { useAddressName } from '../../names/useAddressName'
import styles from './AccountTabs.module.css'
import { AssetIcon } from './AssetIcon'
import { EmptyStateActions } from './EmptyStateActions'
import {
  type Counterparty,
  counterparty,
  counterpartyLabel,
  formatActivityDate,
  operationLabel,
  tradeSummary,
  transactionHash,
  transferSummary,
} from './format'
import { PurchasesList } from './PurchasesList'
import { RowSkeletons } from './Skeletons'
import { ListLoadMore, type PanelIds, PanelNote, TabPanel } from './TabPanel'

const glyphs: Record<string, string> = { send: '↑', receive: '↓', mint: '+', burn: '−', trade: '⇄' }

export function ActivityTab({ ids }: { ids: PanelIds }) {
  const { address, supported, entry, loading, loadMore } = useAccountList('transactions')
  const transactions = entry?.items ?? []
  const now = Date.now()
  return (
    <TabPanel
      ids={ids}
      tab="activity"
      busy={loading || entry?.status === 'loading' || !!entry?.loadingMore}
    >
      <PurchasesList />
      {!address ? (
        <PanelNote>{accountText.emptyActivity}</PanelNote>
      ) : !supported ? (
        <PanelNote>{accountText.unavailableOnNetwork.activity}</PanelNote>
      ) : loading ? (
        <RowSkeletons />
      ) : transactions.length === 0 ? (
        // A failed first page shows as empty, as the spec asks; the toast said why.
        <PanelNote action={<EmptyStateActions />}>{accountText.emptyActivity}</PanelNote>
      ) : (
        <>
          <ul className={styles.list} aria-label={accountText.tabs.activity}>
            {transactions.map((transaction) => (
              <ActivityRow
                key={transaction.id}
                transaction={transaction}
                account={address}
                now={now}
              />
            ))}
          </ul>
          <ListLoadMore entry={entry} onLoadMore={loadMore} />
        </>
      )}
    </TabPanel>
  )
}

function ActivityRow({
  transaction,
  account,
  now,
}: {
  transaction: Transaction
  account: string
  now: number
}) {
  const { id, metadata } = transaction
  const operation = metadata.operationType.toLowerCase()
  const status = metadata.status.toLowerCase()
  const trade = tradeSummary(transaction)
  const summary = trade ?? transferSummary(transaction)
  const isNft = trade ? trade.nft : !!transaction.transfers[0]?.nft_info
  // A trade reads by what went out and came in, not by whom the transaction went to (a router).
  const other = trade ? undefined : counterparty(transaction, account)
  return (
    <li
      className={styles.row}
      data-tx-id={id}
      data-tx-hash={transactionHash(id)}
      data-operation={operation}
      data-status={status}
    >
      <AssetIcon
        src={summary?.imageUrl}
        fallback={glyphs[trade ? 'trade' : operation] ?? '•'}
        shape={isNft ? 'tile' : 'round'}
      />
      <span className={styles.main}>
        <span className={styles.titleLine}>
          <span className={styles.primary}>{operationLabel(operation)}</span>
          {status === 'failed' && (
            <span className={styles.failedTag}>{accountText.transactionStatus.failed}</span>
          )}
          {status === 'pending' && (
            <span className={styles.pendingTag}>{accountText.transactionStatus.pending}</span>
          )}
        </span>
        {other && <CounterpartyLine other={other} />}
        {trade && (
          <span className={`${styles.secondary} ${styles.numeric}`} title={trade.label} data-trade>
            {trade.label}
          </span>
        )}
      </span>
      <span className={styles.side}>
        {summary && !trade && (
          <span className={`${styles.primary} ${styles.numeric}`} title={summary.label}>
            {summary.label}
          </span>
        )}
        <span className={styles.secondary}>
          {summary?.more ? `${accountText.moreTransfers(summary.more)} · ` : ''}
          <time dateTime={metadata.minedAt}>{formatActivityDate(metadata.minedAt, now)}</time>
        </span>
      </span>
    </li>
  )
}

/** With whom: the counterparty's name and avatar once it has one (names on), else its address. */
function CounterpartyLine({ other }: { other: Counterparty }) {
  const record = useAddressName(other.address)
  return (
    <span className={styles.secondary} title={other.address} data-counterparty={other.address}>
      {record?.attributes.avatar && (
        <NameAvatar className={styles.counterpartyAvatar} src={avatarSource(record)} />
      )}
      {counterpartyLabel(other, record?.name)}
    </span>
  )
}
