/**
 * The spec's business constants and limits (§9), plus the few visual defaults (§2) and chain
 * support lists (§6) that other rules depend on. One module, so a number the spec gives is
 * written once; names carry their unit (`Ms`, `Px`, `Chars`).
 */

// Caches and timing

/** How long a token balance list stays fresh. */
export const balanceCacheMs = 30_000
/** How long a native-token balance stays fresh. */
export const nativeBalanceCacheMs = 30_000
/** How long an ENS lookup stays fresh. */
export const ensCacheMs = 300_000
/** How long an identity (name and avatar) lookup stays fresh. */
export const identityCacheMs = 300_000
/** After 'Token Balance Unavailable', how long a retry is blocked. */
export const balanceRetryGapMs = 30_000
/** A pairing URI's lifetime. */
export const pairingExpiryMs = 240_000
/** A pairing URI this close to its expiry is treated as expired already. */
export const pairingExpiredMarginMs = 10_000
/** At most this many error reports are sent per minute. */
export const errorEventsPerMinute = 5
/**
 * The social login popup: its size in CSS pixels and how often we check whether it was closed.
 *
 * @example
 * window.open(url, 'social', `width=${socialPopup.width},height=${socialPopup.height}`)
 */
export const socialPopup = { width: 600, height: 800, closedCheckMs: 1000 } as const
/** How long to wait for an image to preload before showing the view without it. */
export const imagePreloadTimeoutMs = 2000
/** How often to poll while an email update waits for confirmation. */
export const emailUpdatePollMs = 1000
/** Length of the shake animation on a wrong input. */
export const shakeMs = 500
/** Pause between hiding one toast and showing the one that replaces it. */
export const toastReplaceDelayMs = 150

// Wallets and swaps

/** How many recently used wallets are remembered. */
export const recentWalletsKept = 2
/** Default swap slippage tolerance, in percent. */
export const swapSlippageTolerance = 1
/** The swap provider used when the configuration names none. */
export const swapsProviderDefault = '1inch'
/**
 * EVM chain ids (eip155) on which swaps are offered.
 *
 * @example
 * const canSwap = (swapSupportedChainIds as readonly number[]).includes(chainId)
 */
export const swapSupportedChainIds = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
] as const

// Onramp

/**
 * The payment currency used before the onramp options load: USD with its per-method limits.
 * Limits are decimal strings, in the shape the onramp options return (§3 paymentCurrency).
 *
 * @example
 * const card = onrampDefaultPaymentCurrency.payment_method_limits.find((limit) => limit.id === 'card')
 * // card.min === '10.00', card.max === '7500.00'
 */
export const onrampDefaultPaymentCurrency = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
} as const
/** The fee range shown for every onramp provider (meld and coinbase). */
export const onrampProviderFeeRange = '1-2%'
/**
 * The currency to buy before the user picks one: USDC, offered on Ethereum and Polygon.
 *
 * @example
 * onrampDefaultPurchaseCurrency.networks.map((network) => network.caipNetworkId) // ['eip155:1', 'eip155:137']
 */
export const onrampDefaultPurchaseCurrency = {
  symbol: 'USDC',
  networks: [
    { name: 'Ethereum', caipNetworkId: 'eip155:1' },
    { name: 'Polygon', caipNetworkId: 'eip155:137' },
  ],
} as const
/** The chains Coinbase Pay supports, by its own chain names. */
export const coinbasePayChains = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const

// Accounts

/**
 * The account type preferred per namespace. cosmos has none in the spec, so it is absent.
 *
 * @example
 * defaultAccountTypes.eip155 // 'smartAccount'
 */
export const defaultAccountTypes = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const

/** An account's type (spec §3): a key's own account, a smart account, or bitcoin's payment address. */
export type AccountType = 'eoa' | 'smartAccount' | 'payment'

/**
 * Which namespaces each feature works on (§6; Bitcoin's Send, balances and activity since issue
 * 38, Cosmos's and Polkadot's since issue 39).
 *
 * @example
 * (chainSupport.names as readonly string[]).includes('polkadot') // false
 */
export const chainSupport = {
  send: ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'],
  names: ['eip155'],
  activity: ['eip155', 'bip122', 'cosmos', 'polkadot'],
  balances: ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'],
  onramp: ['eip155', 'solana'],
} as const

// Display

/**
 * Decimal places shown: amounts 3, balances 2, transfer amounts 3.
 *
 * @example
 * formatBalance('1.239') // '1.23': displayDecimals.balance places
 */
export const displayDecimals = { amount: 3, balance: 2, transfer: 3, networkFee: 8 } as const
/**
 * How many characters a truncated address keeps at each end (`0x12…abcdef`).
 *
 * @example
 * `${address.slice(0, addressTruncation.startChars)}…${address.slice(-addressTruncation.endChars)}`
 */
export const addressTruncation = { startChars: 4, endChars: 6 } as const
/** Emails longer than this many characters are truncated for display. */
export const emailTruncationChars = 30
/** The modal's width. */
export const modalWidthPx = 360
/** The modal's CSS z-index. */
export const modalZIndex = 999
/** The theme used when the site sets none. */
export const defaultThemeMode = 'dark'

// Validation

/** An account name has at least this many characters. */
export const accountNameMinChars = 4
/** Name registration chain ids must be below this (2^31), exclusive. */
export const nameChainIdLimit = 2 ** 31
