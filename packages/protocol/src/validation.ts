/**
 * The spec's validation and filtering rules (§5), one function per rule, free of UI and
 * network. Views call these to decide what to accept and what to show.
 */
import type { CaipNetworkId, ChainNamespace } from './caip'
import { accountNameMinChars, chainSupport, nameChainIdLimit } from './constants'
import { BaseError, errorCodes } from './errors'

export { isCaipAddress } from './caip'

/** The social login providers (spec §1), in display order. */
export const socialProviders = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const
export type SocialProvider = (typeof socialProviders)[number]

/** Whether `name` is one of the social logins (an embedded wallet's `authProvider`, say). */
export const isSocialProvider = (name: string): name is SocialProvider =>
  (socialProviders as readonly string[]).includes(name)

/**
 * Each provider's name as people write it, for messages and buttons. Here, with no schema
 * beside it, so that the modal's first bundle (Connect's buttons) takes only the names.
 */
export const socialProviderNames: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/** A token the wallet holds (spec §3). `address` is absent for the native token. */
export type TokenBalance = {
  name: string
  symbol: string
  /** The CAIP-2 network id, e.g. `eip155:1`. */
  chainId: string
  address?: string | undefined
  /** Value of the holding in USD. */
  value?: number | undefined
  /** Price of one token in USD. */
  price: number
  /** `decimals` and `numeric` are decimal strings, as the balance API sends them. */
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/**
 * One movement inside a transaction: a fungible token or an NFT. `direction` (Zerion's) is the
 * account's side of it: `out` it sent, `in` it got, `self` both; absent when the movement is not
 * the account's (a contract call that moved others' tokens) or the data predates it.
 */
export type TransactionTransfer = {
  direction?: TransferDirection | undefined
  fungible_info?:
    | { symbol: string; icon?: { url: string } | undefined; quantity: { numeric: string } }
    | undefined
  nft_info?:
    | {
        name: string
        content?: { preview?: { url: string } | undefined } | undefined
        flags: { is_spam: boolean }
      }
    | undefined
}

/** The account's side of a transfer: sent (`out`), got (`in`), or to itself (`self`). */
export type TransferDirection = 'in' | 'out' | 'self'

/** An activity entry (spec §3). `metadata.chain` is a CAIP-2 network id. */
export type Transaction = {
  id: string
  metadata: {
    minedAt: string
    chain: string
    operationType: string
    status: string
    sentFrom: string
    sentTo: string
  }
  transfers: readonly TransactionTransfer[]
}

/** Messages of the account name rule. The spec gives no wording; these are ours. */
export const accountNameErrors = {
  invalidCharacters: 'Name can only contain letters, numbers and hyphens',
  tooShort: `Name must be at least ${accountNameMinChars} characters`,
} as const

/** The spec's send messages, exact (§5). */
export const sendErrors = {
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  unsupportedChain: 'Unsupported chain',
} as const
export type SendError = (typeof sendErrors)[keyof typeof sendErrors]

/** An amount of a token against the token, as Send and Swap both say it. The words are ours. */
export const tokenAmountErrors = {
  tooManyDecimals: (decimals: number) => `Too many decimals: the token has ${decimals}`,
  insufficientBalance: (symbol: string) => `Insufficient ${symbol} balance`,
} as const

/** A name registration was asked for a chain id that is not a whole number in [0, 2^31). */
export class InvalidChainIdError extends BaseError {
  override name = 'InvalidChainIdError'
  override readonly code: number = errorCodes.invalidParams

  constructor(chainId: unknown) {
    super('Invalid chainId', {
      details: `Expected a whole number from 0 to ${nameChainIdLimit - 1}; got ${String(chainId)}.`,
    })
  }
}

const accountNamePattern = /^[a-zA-Z0-9-]*$/
const evmAddressPattern = /^(0x)?[0-9a-fA-F]{40}$/
const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const positiveDecimalPattern = /^(\d+\.?\d*|\.\d+)$/

/**
 * Why an account name is invalid, or undefined when it is valid. A name is at least 4 characters
 * of ASCII letters, digits and hyphens; accented or other non-ASCII letters and any whitespace
 * (leading and trailing included) are invalid. Bad characters are reported before length.
 *
 * @example
 * validateAccountName('vitalik') // undefined
 * validateAccountName('bob') // 'Name must be at least 4 characters'
 * validateAccountName('café') // 'Name can only contain letters, numbers and hyphens'
 */
export function validateAccountName(name: string): string | undefined {
  if (!accountNamePattern.test(name)) return accountNameErrors.invalidCharacters
  if (name.length < accountNameMinChars) return accountNameErrors.tooShort
  return undefined
}

/**
 * Whether `name` passes {@link validateAccountName}.
 *
 * @example
 * isAccountName('my-name') // true
 */
export function isAccountName(name: string): boolean {
  return validateAccountName(name) === undefined
}

/**
 * Whether `value` is an EVM address: an optional lowercase `0x` and exactly 40 hex characters,
 * either case. The EIP-55 checksum is not checked.
 *
 * @example
 * isEvmAddress('0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // true
 * isEvmAddress('ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb') // true
 */
export function isEvmAddress(value: unknown): boolean {
  return typeof value === 'string' && evmAddressPattern.test(value)
}

/**
 * Whether `value` looks like a Solana address: 32 to 44 base58 characters (no `0`, `O`, `I`,
 * `l`). It does not decode the key.
 *
 * @example
 * isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV') // true
 */
export function isSolanaAddress(value: unknown): boolean {
  return typeof value === 'string' && solanaAddressPattern.test(value)
}

/**
 * The message blocking a send, or undefined when it can go. Checks run in this order, and the
 * first failure wins:
 * 1. the namespace supports send (eip155 or solana), else 'Unsupported chain'. It comes first
 *    because nothing in the form can fix it.
 * 2. an amount and a receiver are given, else 'An amount and receiver address are required'.
 *    The amount is a positive plain decimal (`1`, `0.5`, `.5`, `1.`) with no whitespace, sign,
 *    exponent or thousands separator, or a positive finite number. A receiver that is empty
 *    or only whitespace counts as missing; its format is checked where it is typed.
 * 3. a token is chosen, else 'A token is required'.
 *
 * @example
 * validateSend({ token, amount: '0.5', receiverAddress: '0xab…', namespace: 'eip155' }) // undefined
 * validateSend({ token, amount: '', receiverAddress: '0xab…', namespace: 'eip155' })
 * // 'An amount and receiver address are required'
 */
export function validateSend(parameters: {
  token: TokenBalance | undefined
  amount: string | number | undefined
  receiverAddress: string | undefined
  namespace: ChainNamespace | undefined
}): SendError | undefined {
  const { token, amount, receiverAddress, namespace } = parameters
  if (!(chainSupport.send as readonly string[]).includes(namespace ?? ''))
    return sendErrors.unsupportedChain
  if (!isPositiveAmount(amount) || !receiverAddress?.trim())
    return sendErrors.amountAndReceiverRequired
  if (!token) return sendErrors.tokenRequired
  return undefined
}

/**
 * Throws unless `chainId` can be used to register a name: a whole number from 0 to 2^31 - 1.
 *
 * @throws {InvalidChainIdError} with the short message 'Invalid chainId'.
 *
 * @example
 * assertNameChainId(1) // ok
 * assertNameChainId(2 ** 31) // throws InvalidChainIdError
 */
export function assertNameChainId(chainId: number): void {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= nameChainIdLimit)
    throw new InvalidChainIdError(chainId)
}

/**
 * Drops low-quality tokens: those with zero decimals. A token whose `decimals` is not a whole
 * number (empty or garbage) is dropped too, as its amount could not be shown right.
 *
 * @example
 * filterLowQualityTokens(balances).map((token) => token.symbol)
 */
export function filterLowQualityTokens<token extends Pick<TokenBalance, 'quantity'>>(
  tokens: readonly token[],
): token[] {
  // Digits only, at least one of them non-zero: '18' and '06' pass, '0', '00', '' and '1.5' do not.
  return tokens.filter(({ quantity }) => /^\d*[1-9]\d*$/.test(quantity.decimals))
}

/**
 * The activity to show on `caipNetworkId`: drops transactions of other chains and those whose
 * transfers are all spam-flagged NFTs. A transaction without transfers is kept.
 *
 * @example
 * filterTransactions(transactions, 'eip155:1')
 */
export function filterTransactions<transaction extends Transaction>(
  transactions: readonly transaction[],
  caipNetworkId: CaipNetworkId,
): transaction[] {
  return transactions.filter(
    (transaction) => transaction.metadata.chain === caipNetworkId && !isSpam(transaction),
  )
}

/**
 * Whether the generic 'Browser Wallet' injected connector is listed: never on desktop (announced
 * wallets cover it there), and on mobile only inside a wallet's in-app browser that injects one.
 *
 * @example
 * isBrowserWalletShown({ isMobile: true, isInstalled: true }) // true
 * isBrowserWalletShown({ isMobile: false, isInstalled: true }) // false
 */
export function isBrowserWalletShown({
  isMobile,
  isInstalled,
}: {
  isMobile: boolean
  isInstalled: boolean
}): boolean {
  return isMobile && isInstalled
}

/**
 * Whether the site excluded `wallet`. An entry matches the rdns exactly, or the name ignoring case
 * and surrounding whitespace. Empty entries match nothing.
 *
 * @example
 * isWalletExcluded({ name: 'MetaMask', rdns: 'io.metamask' }, ['io.metamask']) // true
 * isWalletExcluded({ name: 'MetaMask' }, [' metamask ']) // true
 */
export function isWalletExcluded(
  wallet: { name: string; rdns?: string | undefined },
  excludeWallets: readonly string[],
): boolean {
  const name = wallet.name.trim().toLowerCase()
  return excludeWallets.some((entry) => {
    if (entry.trim() === '') return false
    return entry === wallet.rdns || entry.trim().toLowerCase() === name
  })
}

/** Every transfer is a spam-flagged NFT. `every` is true for none, so an empty list is not spam. */
function isSpam({ transfers }: Transaction): boolean {
  return transfers.length > 0 && transfers.every((transfer) => transfer.nft_info?.flags.is_spam)
}

function isPositiveAmount(amount: string | number | undefined): boolean {
  if (typeof amount === 'number') return Number.isFinite(amount) && amount > 0
  return amount !== undefined && positiveDecimalPattern.test(amount) && /[1-9]/.test(amount)
}
