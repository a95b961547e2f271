/**
 * Whether a token to import shows as itself (issue 36): a symbol of at most 32 characters and a
 * name of at most 100, neither with control, format or direction-changing characters (a U+202E
 * can make "CDSU" read as "USDC"). Anyone can deploy a token with any symbol; the import warning
 * only helps if what it names is what the visitor sees.
 */
const isShowable = (text: string, max: number) =>
  text.length <= max && !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(text)

/**
 * @example
 * isShowableToken({ symbol: 'USDC', name: 'USD Coin' }) // true
 * isShowableToken({ symbol: 'CDSU\u202e', name: 'USD Coin' }) // false
 */
export const isShowableToken = (token: { symbol: string; name: string }): boolean =>
  isShowable(token.symbol, 32) && isShowable(token.name, 100)
