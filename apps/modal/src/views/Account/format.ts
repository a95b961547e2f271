/**
 * How the Account tabs word and shorten their data (spec §9 Display): token amounts to 2
 * decimals, transfer amounts to 3, USD values and dates in the visitor's locale (localNumbers.ts),
 * activity titles.
 */
import {
  formatBalance,
  formatTransferAmount,
  type TokenBalance,
  type Transaction,
  type TransactionTransfer,
  truncateAddress,
} from '@airlock/protocol'
import { formatShortDate, localDecimal } from '../../i18n/localNumbers'
import { accountText } from '../../messages/accountText'

export { formatUsd } from '../../i18n/localNumbers'

/**
 * A token's holding to 2 decimals with its symbol, as the header shows the native one:
 * `10000 ETH`. An amount the API sent unreadable shows as its raw text.
 */
export function formatTokenAmount(token: Pick<TokenBalance, 'quantity' | 'symbol'>): string {
  return localDecimal(`${safely(formatBalance, token.quantity.numeric)} ${token.symbol}`.trim())
}

/** The sum of the known USD values, or undefined when none is known. */
export function totalValue(tokens: readonly Pick<TokenBalance, 'value'>[]): number | undefined {
  const values = tokens.flatMap((token) => (Number.isFinite(token.value) ? [token.value!] : []))
  return values.length ? values.reduce((sum, value) => sum + value, 0) : undefined
}

/**
 * The title of an activity row: 'Sent', 'Received', 'Minted', …; an operation we have no word
 * for is shown capitalised with spaces ('contract_call' → 'Contract call').
 */
export function operationLabel(operationType: string): string {
  const type = operationType.toLowerCase()
  const known = accountText.operations[type]
  if (known) return known
  const words = type.replace(/[_-]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : accountText.operations.execute!
}

/** The other side of a transaction: whom the account sent to, or got from. */
export type Counterparty = { direction: 'to' | 'from'; address: string }

/**
 * Who the account dealt with: the receiver of what it sent, else the sender of what it got.
 * Undefined when the other side is unknown.
 */
export function counterparty(transaction: Transaction, account: string): Counterparty | undefined {
  const { operationType, sentFrom, sentTo } = transaction.metadata
  const type = operationType.toLowerCase()
  const sentByAccount =
    type === 'send' || (type !== 'receive' && sentFrom.toLowerCase() === account.toLowerCase())
  if (sentByAccount) return sentTo ? { direction: 'to', address: sentTo } : undefined
  return sentFrom ? { direction: 'from', address: sentFrom } : undefined
}

/** The counterparty in words: its name when it has one, else its address truncated. */
export function counterpartyLabel({ direction, address }: Counterparty, name?: string): string {
  const who = name ?? truncateAddress(address)
  return direction === 'to' ? accountText.counterpartyTo(who) : accountText.counterpartyFrom(who)
}

/**
 * What moved: the first transfer's amount to 3 decimals with its symbol, or the NFT's name;
 * `more` counts the other transfers.
 */
export function transferSummary(
  transaction: Transaction,
): { label: string; imageUrl: string | undefined; more: number } | undefined {
  const [first, ...rest] = transaction.transfers
  const shown = first && transferShown(first)
  return shown && { ...shown, more: rest.length }
}

/**
 * A trade's two sides, when the transaction is one: a transfer the account sent and one it got,
 * of another asset (a swap; an NFT bought with ETH), whatever its operationType says (a contract
 * call can be one). `label` reads what went out, an arrow, what came in: '0.001 ETH → 5 aUSD';
 * `imageUrl` is what came in's (`nft` when that is an NFT); `more` counts the other transfers. Undefined for anything else,
 * or for transfers without a direction (data from before the API gave one).
 */
export function tradeSummary(
  transaction: Transaction,
): { label: string; imageUrl: string | undefined; nft: boolean; more: number } | undefined {
  const { transfers } = transaction
  const sent = transfers.find((transfer) => transfer.direction === 'out')
  const sentAsset = sent && assetOf(sent)
  const received = transfers.find(
    (transfer) => transfer.direction === 'in' && assetOf(transfer) !== sentAsset,
  )
  const out = sent && transferShown(sent)
  const into = received && transferShown(received)
  if (!out || !into) return undefined
  return {
    label: accountText.tradeAmounts(out.label, into.label),
    imageUrl: into.imageUrl,
    nft: !!received.nft_info,
    more: transfers.length - 2,
  }
}

/** What a transfer moved: a fungible amount to 3 decimals with its symbol, or the NFT's name. */
function transferShown(
  transfer: TransactionTransfer,
): { label: string; imageUrl: string | undefined } | undefined {
  if (transfer.fungible_info) {
    const { symbol, quantity, icon } = transfer.fungible_info
    const label = localDecimal(`${safely(formatTransferAmount, quantity.numeric)} ${symbol}`.trim())
    return { label, imageUrl: icon?.url }
  }
  if (transfer.nft_info) {
    const { name, content } = transfer.nft_info
    return { label: name || accountText.nft, imageUrl: content?.preview?.url }
  }
  return undefined
}

/** Which asset a transfer moved, as far as the entry tells: a token's symbol, an NFT's name. */
function assetOf(transfer: TransactionTransfer): string | undefined {
  if (transfer.fungible_info) return `token:${transfer.fungible_info.symbol}`
  return transfer.nft_info && `nft:${transfer.nft_info.name}`
}

/**
 * When a transaction was mined, relative while recent ('Just now', '5 min ago', '3 h ago'),
 * else a short date ('Mar 4', or 'Mar 4, 2024' in another year).
 */
export function formatActivityDate(minedAt: string, now: number = Date.now()): string {
  const time = Date.parse(minedAt)
  if (Number.isNaN(time)) return ''
  const minutes = Math.floor((now - time) / 60_000)
  if (minutes < 1) return accountText.justNow
  if (minutes < 60) return accountText.minutesAgo(minutes)
  if (minutes < 24 * 60) return accountText.hoursAgo(Math.floor(minutes / 60))
  return formatShortDate(new Date(time), new Date(now))
}

/** The transaction hash in an id, when the id carries one (`0x` and 64 hex digits). */
export function transactionHash(id: string): string | undefined {
  return /^0x[0-9a-f]{64}/i.exec(id)?.[0]
}

/** A display rule applied to data from outside; what it can't read is shown as it came. */
function safely(format: (value: string) => string, value: string): string {
  try {
    return format(value)
  } catch {
    return value
  }
}
