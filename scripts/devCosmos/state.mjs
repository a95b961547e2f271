// The chain's application state, as plain values a transaction works on a copy of: accounts
// (number, sequence, public key once known) and balances by address and denomination. A copy is
// what makes a refusal change nothing: a transaction's changes are kept only when it passes.

/** @typedef {{ accountNumber: bigint, sequence: bigint, pubKey: Uint8Array | undefined }} Account */
/** @typedef {{ accounts: Map<string, Account>, balances: Map<string, Map<string, bigint>>, nextAccountNumber: bigint }} ChainState */

/** @returns {ChainState} */
export function emptyState() {
  return { accounts: new Map(), balances: new Map(), nextAccountNumber: 0n }
}

/** A copy whose changes leave `state` as it is. @param {ChainState} state @returns {ChainState} */
export function copyState(state) {
  return {
    accounts: new Map([...state.accounts].map(([address, account]) => [address, { ...account }])),
    balances: new Map([...state.balances].map(([address, coins]) => [address, new Map(coins)])),
    nextAccountNumber: state.nextAccountNumber,
  }
}

/** @param {ChainState} state @param {string} address @param {string} denom */
export function balanceOf(state, address, denom) {
  return state.balances.get(address)?.get(denom) ?? 0n
}

/** Every non-zero balance of `address`, sorted by denomination. @param {ChainState} state @param {string} address */
export function balancesOf(state, address) {
  return [...(state.balances.get(address) ?? new Map())]
    .filter(([, amount]) => amount > 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount: amount.toString() }))
}

/**
 * Moves coins between two addresses (caller checked the balances). The receiver's account is
 * created, with the next account number, on its first receipt, as x/bank's SendCoins does.
 * @param {ChainState} state @param {string} from @param {string} to
 * @param {readonly { denom: string, amount: string }[]} coins
 */
export function moveCoins(state, from, to, coins) {
  for (const { denom, amount } of coins) {
    const value = BigInt(amount)
    const fromCoins = state.balances.get(from) ?? new Map()
    fromCoins.set(denom, (fromCoins.get(denom) ?? 0n) - value)
    state.balances.set(from, fromCoins)
    const toCoins = state.balances.get(to) ?? new Map()
    toCoins.set(denom, (toCoins.get(denom) ?? 0n) + value)
    state.balances.set(to, toCoins)
  }
  ensureAccount(state, to)
}

/** The account at `address`, created with the next number if it has none. @param {ChainState} state @param {string} address */
export function ensureAccount(state, address) {
  const existing = state.accounts.get(address)
  if (existing) return existing
  const account = { accountNumber: state.nextAccountNumber, sequence: 0n, pubKey: undefined }
  state.accounts.set(address, account)
  state.nextAccountNumber += 1n
  return account
}

/**
 * The first coin of `coins` the address holds less of than asked, as `{ have, want }`, or
 * undefined when it can pay them all.
 * @param {ChainState} state @param {string} address @param {readonly { denom: string, amount: string }[]} coins
 */
export function shortfall(state, address, coins) {
  for (const { denom, amount } of coins) {
    const have = balanceOf(state, address, denom)
    if (have < BigInt(amount)) return { have: `${have}${denom}`, want: `${amount}${denom}` }
  }
  return undefined
}
