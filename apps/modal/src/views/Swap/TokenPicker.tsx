/**
 * One side's token picker in Swap (issues 22 and 36): the chosen token, and the chain's tokens
 * with the account's balances, searched by symbol or name; a pasted address the list lacks is
 * read from its contract by the API and offered for import behind a warning (anyone can make a
 * token with any name), as Uniswap's interface does.
 */
import { formatBalance, type SwapToken, type TokenBalance } from '@airlock/protocol'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { isAddress } from 'viem'
import { localDecimal } from '../../i18n/localNumbers'
import { localizeMessage } from '../../messages/specText'
import { swapText } from '../../messages/swapText'
import { queryClientOf } from '../../queries/queryClient'
import type { SwapApiContext } from '../../swap/swapApi'
import { swapErrorOf } from '../../swap/swapError'
import { isNativeSwapToken, swapBalanceOf } from '../../swap/swapForm'
import { swapImportQuery } from '../../swap/swapQueries'
import { AssetIcon, initialOf } from '../Account/AssetIcon'
import form from '../form.module.css'
import styles from './Swap.module.css'

/** The account's balance of `token`, to show: '0' when it holds none. */
export function balanceText(token: SwapToken, balances: readonly TokenBalance[]): string {
  const balance = swapBalanceOf(token, balances)
  return localDecimal(`${balance ? formatBalance(balance.quantity.numeric) : '0'} ${token.symbol}`)
}

/** The tokens whose symbol or name has `search` in it, or whose address it is. */
function matching(tokens: SwapToken[], search: string): SwapToken[] {
  const wanted = search.trim().toLowerCase()
  if (wanted === '') return tokens
  return tokens.filter(
    (token) =>
      token.symbol.toLowerCase().includes(wanted) ||
      token.name.toLowerCase().includes(wanted) ||
      token.address.toLowerCase() === wanted,
  )
}

export function TokenPicker({
  side,
  label,
  tokens,
  selected,
  balances,
  context,
  chainId,
  onChoose,
  onImport,
}: {
  side: 'from' | 'to'
  label: string
  tokens: SwapToken[]
  selected: SwapToken | undefined
  balances: readonly TokenBalance[] | undefined
  context: SwapApiContext
  chainId: number
  onChoose: (address: string) => void
  /** The visitor imported a token the list lacked, past its warning. */
  onImport: (token: SwapToken) => void
}) {
  const [picking, setPicking] = useState(false)
  const [search, setSearch] = useState('')
  const id = useId()
  const hook = { [`data-swap-${side}`]: selected?.symbol ?? '' }
  const shown = matching(tokens, search)
  const pasted = search.trim()
  // An address the list lacks: read from its contract, to import.
  const unknown = shown.length === 0 && isAddress(pasted, { strict: false }) ? pasted : undefined
  const lookup = useQuery(
    swapImportQuery(context, chainId, unknown?.toLowerCase()),
    queryClientOf(context.store),
  )
  /** The chain's own currency shows the chain's mark where it has no logo. */
  const nativeOn = (token: SwapToken) =>
    isNativeSwapToken(token.address) ? (`eip155:${chainId}` as const) : undefined
  const close = () => {
    setPicking(false)
    setSearch('')
  }
  return (
    <>
      <span className={form.label} id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className={form.tokenOption}
        aria-expanded={picking}
        aria-labelledby={`${id}-label ${id}-name`}
        onClick={() => (picking ? close() : setPicking(true))}
        {...hook}
      >
        {selected && (
          <AssetIcon
            src={selected.logoURI}
            fallback={initialOf(selected.symbol)}
            shape="round"
            nativeOn={nativeOn(selected)}
          />
        )}
        <span id={`${id}-name`} className={form.grow}>
          {selected?.symbol ?? swapText.chooseToken}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {picking && (
        <>
          <input
            className={`${form.input} ${styles.search}`}
            aria-label={`${label}: ${swapText.searchTokens}`}
            placeholder={swapText.searchTokens}
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <ul className={form.tokens} aria-label={label}>
            {shown.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  aria-pressed={token.address === selected?.address}
                  className={form.tokenOption}
                  data-symbol={token.symbol}
                  onClick={() => {
                    onChoose(token.address)
                    close()
                  }}
                >
                  <AssetIcon
                    src={token.logoURI}
                    fallback={initialOf(token.symbol)}
                    shape="round"
                    nativeOn={nativeOn(token)}
                  />
                  <span className={form.grow}>
                    {token.symbol} <small className={form.muted}>{token.name}</small>
                  </span>
                  {balances && <span>{balanceText(token, balances)}</span>}
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 && unknown === undefined && (
            <p className={form.message} role="status">
              {swapText.noTokensFound}
            </p>
          )}
          {unknown !== undefined && lookup.isPending && (
            <p className={form.message} role="status">
              {swapText.lookingUpToken}
            </p>
          )}
          {unknown !== undefined && lookup.isError && (
            <p className={`${form.message} ${form.error}`} role="alert" data-swap-import-error="">
              {localizeMessage(swapErrorOf(lookup.error).message)}
            </p>
          )}
          {unknown !== undefined && lookup.data && (
            <div className={form.field} data-swap-import={lookup.data.symbol}>
              <p className={`${form.message} ${form.error}`} role="alert">
                {swapText.importWarning(lookup.data.symbol)}
              </p>
              <div className={form.row}>
                <AssetIcon src={undefined} fallback={initialOf(lookup.data.symbol)} shape="round" />
                <span className={form.grow}>
                  {lookup.data.symbol} <small className={form.muted}>{lookup.data.name}</small>
                </span>
                <button
                  type="button"
                  className={form.small}
                  onClick={() => {
                    const token = lookup.data
                    onImport(token)
                    onChoose(token.address)
                    close()
                  }}
                >
                  {swapText.importToken}
                </button>
              </div>
            </div>
          )}
        </>
      )}
    </>
  )
}
