// CometBFT's event query language, as far as the tx index answers it: conditions joined by AND,
// each `type.attribute='value'` (or `=`, `<`, `<=`, `>`, `>=` against a number, CONTAINS, EXISTS),
// with `tx.hash` and `tx.height` as the index's own keys. `message.sender='cosmos1…'` and
// `transfer.recipient='cosmos1…'` are what wallets and explorers ask.

/** A query the index cannot read; the text is CometBFT's kind of complaint. */
export class TxQueryError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    this.name = 'TxQueryError'
  }
}

const conditionPattern =
  /^([A-Za-z0-9_.\-/]+)\s*(=|<=|>=|<|>|\s+CONTAINS\s+|\s+EXISTS)\s*(?:'([^']*)'|(-?\d+(?:\.\d+)?))?$/

/**
 * A predicate over a tx's indexed attributes (`key` → values) for `query`; a TxQueryError when the
 * query is not one the index can run.
 * @param {string} query
 * @returns {(indexed: Map<string, string[]>) => boolean}
 */
export function txQuery(query) {
  if (query.trim() === '') throw new TxQueryError('query cannot be empty')
  const conditions = query.split(/\s+AND\s+/).map((part) => {
    const match = conditionPattern.exec(part.trim())
    if (!match) throw new TxQueryError(`failed to parse query: unexpected condition "${part}"`)
    const [, key = '', rawOperator = '', text, number] = match
    const operator = rawOperator.trim()
    if (operator !== 'EXISTS' && text === undefined && number === undefined)
      throw new TxQueryError(`failed to parse query: condition "${part}" has no value`)
    return { key, operator, text, number }
  })
  return (indexed) =>
    conditions.every(({ key, operator, text, number }) => {
      const values = indexed.get(key) ?? []
      if (operator === 'EXISTS') return values.length > 0
      return values.some((value) => {
        if (operator === 'CONTAINS') return value.includes(text ?? number ?? '')
        if (operator === '=') return value === (text ?? number)
        const [left, right] = [Number(value), Number(text ?? number)]
        if (Number.isNaN(left) || Number.isNaN(right)) return false
        if (operator === '<') return left < right
        if (operator === '<=') return left <= right
        if (operator === '>') return left > right
        return left >= right
      })
    })
}
