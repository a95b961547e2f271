/**
 * The transactions of an account on an EVM network (spec §3 Transaction), a page at a time by
 * cursor (spec §4). Only the network's transactions are kept, and none whose transfers are all
 * spam NFTs (spec §5). A failure shows 'Failed to fetch transactions'; a failed first page
 * leaves the list empty (spec §8).
 */
import { filterTransactions, toastMessages, transactionSchema } from '@airlock/protocol'
import {
  AccountAddressRequiredError,
  type AccountDataSources,
  type AccountQuery,
  isAccountDataSupported,
} from '../stores/accountData'
import { accountListQuery } from './accountList'

/**
 * @throws {AccountAddressRequiredError} without an address: nothing can be fetched.
 *
 * @example
 * useInfiniteQuery(transactionsQuery(sources, { address, caipNetworkId: 'eip155:1', projectId }, live))
 */
export function transactionsQuery(sources: AccountDataSources, query: AccountQuery, live = true) {
  if (!query.address) throw new AccountAddressRequiredError()
  return accountListQuery({
    resource: 'transactions',
    schema: transactionSchema,
    shown: (transactions) => filterTransactions(transactions, query.caipNetworkId),
    sources,
    query,
    enabled: live && isAccountDataSupported('activity', query.caipNetworkId),
    errorToast: toastMessages.failedToFetchTransactions,
  })
}
