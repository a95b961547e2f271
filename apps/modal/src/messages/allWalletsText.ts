/** The words of AllWallets, beside the view so they load with it. */
export const allWalletsText = {
  searchLabel: 'Search wallets',
  searchPlaceholder: 'Search wallet',
  listLabel: 'All wallets',
  loading: 'Loading wallets…',
  empty: 'No wallet found',
  failed: 'Wallets could not be loaded.',
  moreFailed: 'More wallets could not be loaded.',
} as const
