// Coins as x/bank checks and prints them: valid denominations, positive amounts in the sorted,
// duplicate-free order sdk.Coins requires, and the `100uatom,5uother` text the SDK's logs show.

/** sdk.ValidateDenom's pattern. */
const denomPattern = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

/** @typedef {{ denom: string, amount: string }} Coin */

/** `100uatom,5ufoo`, as sdk.Coins.String() prints (empty for none). @param {readonly Coin[]} coins */
export function coinsText(coins) {
  return coins.map((coin) => `${coin.amount}${coin.denom}`).join(',')
}

/**
 * Why `coins` is not a valid sdk.Coins of positive amounts (x/bank's check of a send), or
 * undefined.
 * @param {readonly Coin[]} coins
 */
export function coinsProblem(coins) {
  if (coins.length === 0) return 'no coins to send'
  for (const [index, coin] of coins.entries()) {
    if (!denomPattern.test(coin.denom)) return `invalid denom: ${coin.denom}`
    if (!/^\d+$/.test(coin.amount) || BigInt(coin.amount) <= 0n)
      return `coin ${coin.amount}${coin.denom} amount is not positive`
    const previous = coins[index - 1]
    if (previous && previous.denom >= coin.denom)
      return previous.denom === coin.denom
        ? `duplicate denomination ${coin.denom}`
        : `denomination ${coin.denom} is not sorted`
  }
  return undefined
}

/** Whether `denom` is a valid denomination. @param {string} denom */
export const isValidDenom = (denom) => denomPattern.test(denom)
