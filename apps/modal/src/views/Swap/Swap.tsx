/**
 * Swap (issue 22): tokens of the active EVM network, swapped through the API's swap provider.
 * The API's token list for the chain, From and To with the account's balances, an amount (with
 * Max) checked in the protocol's words before anything is asked, a quote after a pause in
 * typing (amount out, minimum received, price impact, network fee), then Approve when an ERC-20's
 * allowance falls short, and Swap. The flow itself is `stores/swap.ts`.
 */
import {
  formatBalance,
  type SwapToken,
  swapSlippageTolerance,
  type TokenBalance,
} from '@airlock/protocol'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { formatUnits } from 'viem/utils'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useTokenBalances } from '../../components/useTokenBalances'
import { swapText } from '../../messages/swapText'
import { queryClientOf } from '../../queries/queryClient'
import {
  approveSwap,
  fetchSwapTokens,
  needsApproval,
  quoteSwap,
  type SwapOffer,
  type SwapStep,
  swapContextOf,
  swapErrorOf,
  swapTokens,
} from '../../swap/swap'
import {
  isNativeSwapToken,
  swapAmountText,
  swapBalance,
  swapBalanceOf,
  swapChainIdOf,
  swapFormError,
  swapUnitsOf,
} from '../../swap/swapForm'
import { AssetIcon, initialOf } from '../Account/AssetIcon'
import form from '../form.module.css'
import styles from './Swap.module.css'

/** How long typing must pause before a quote is asked. */
const quoteDelayMs = 300

type TokenList =
  | { status: 'loading'; chainId: number }
  | { status: 'loaded'; chainId: number; tokens: SwapToken[] }
  | { status: 'failed'; chainId: number; message: string; retry: boolean }

/** The token list's query, as the view tells it: loading (again, after Try again), or its end. */
function tokenListOf(
  chainId: number | undefined,
  query: UseQueryResult<SwapToken[]>,
): TokenList | undefined {
  if (chainId === undefined) return undefined
  if (query.data) return { status: 'loaded', chainId, tokens: query.data }
  if (query.isError && !query.isFetching) {
    const failure = swapErrorOf(query.error)
    // Where swaps are off, or not on this chain, asking again changes nothing.
    const retry = !['unsupportedSwapNetwork', 'swapsDisabled'].includes(failure.code ?? '')
    return { status: 'failed', chainId, message: failure.message, retry }
  }
  return { status: 'loading', chainId }
}

export function Swap() {
  const modal = useModal()
  const chainId = useModalState(swapChainIdOf)
  const connected = useModalState((state) => state.status === 'connected' && !!state.address)
  const tokens = useQuery(
    {
      queryKey: ['swap', 'tokens', chainId],
      enabled: chainId !== undefined,
      queryFn: () => fetchSwapTokens(swapContextOf(modal), chainId as number),
    },
    queryClientOf(modal.store),
  )
  const list = tokenListOf(chainId, tokens)

  if (!connected) return <Message text={swapText.notConnected} error />
  if (chainId === undefined) return <Message text={swapText.unsupportedNamespace} error />
  if (!list || list.chainId !== chainId || list.status === 'loading')
    return <Message text={swapText.loadingTokens} />
  if (list.status === 'failed')
    return (
      <div className={form.form}>
        <Message text={list.message} error />
        {list.retry && (
          <button type="button" className={form.primary} onClick={() => void tokens.refetch()}>
            {swapText.tryAgain}
          </button>
        )}
      </div>
    )
  return <SwapForm key={chainId} chainId={chainId} tokens={list.tokens} />
}

/** The view's message line: what blocks the form, what failed, or what is happening. */
function Message({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <p className={`${form.message} ${error ? form.error : ''}`} role="status" data-swap-error="">
      {text}
    </p>
  )
}

type OfferState =
  | { key: string; status: 'loading' }
  | { key: string; status: 'ready'; offer: SwapOffer }
  | { key: string; status: 'failed'; message: string }

type Busy = { action: 'approve' | 'swap'; step?: SwapStep }

/** The first choice: from the native currency to the first other token. */
function initialPair(tokens: SwapToken[]) {
  const from = tokens.find((token) => isNativeSwapToken(token.address)) ?? tokens[0]
  const to = tokens.find((token) => token !== from)
  return { from: from?.address, to: to?.address }
}

function SwapForm({ chainId, tokens }: { chainId: number; tokens: SwapToken[] }) {
  const modal = useModal()
  const { navigation } = modal
  const context = useMemo(() => swapContextOf(modal), [modal])
  const owner = useModalState((state) => state.address)
  const { entry } = useTokenBalances()
  // Balances are known once read (a token absent then is held at 0), not while the first read
  // is on its way or after it failed.
  const balances =
    entry && (entry.status === 'loaded' || entry.tokens.length > 0) ? entry.tokens : undefined
  const [pair, setPair] = useState(() => initialPair(tokens))
  const [amount, setAmount] = useState('')
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState<Busy>()
  const [notice, setNotice] = useState<{ text: string; error: boolean }>()
  const id = useId()

  const fromToken = tokens.find((token) => token.address === pair.from)
  const toToken = tokens.find((token) => token.address === pair.to)
  const formError = swapFormError({ fromToken, toToken, amount }, balances)
  const units = !formError && fromToken ? swapUnitsOf(amount, fromToken) : undefined
  // What a quote is for: the account too, since an ERC-20's allowance is the owner's.
  const key =
    units !== undefined && fromToken && toToken
      ? `${owner}|${fromToken.address}|${toToken.address}|${units}|${attempt}`
      : undefined
  // A quote once typing pauses on a form; a new form (or Try again) asks anew.
  const pausedKey = useDebouncedValue(key, quoteDelayMs)
  const quotes = queryClientOf(modal.store)
  const quoteKey = ['swap', 'quote', key ?? ''] as const
  const quoting = useQuery(
    {
      queryKey: quoteKey,
      enabled: key !== undefined && pausedKey === key,
      // A quote stands until the swap finds it expired (and asks again) or the form changes.
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: () =>
        quoteSwap(context, {
          chainId,
          fromToken: fromToken as SwapToken,
          toToken: toToken as SwapToken,
          amount: units as bigint,
        }),
    },
    quotes,
  )
  const current: OfferState | undefined =
    key === undefined
      ? undefined
      : quoting.data
        ? { key, status: 'ready', offer: quoting.data }
        : quoting.isError && !quoting.isFetching
          ? { key, status: 'failed', message: swapErrorOf(quoting.error).message }
          : { key, status: 'loading' }
  const offer = current?.status === 'ready' ? current.offer : undefined

  /** A change of the form: what was said about the last one no longer stands. */
  function change(patch: { from?: string | undefined; to?: string | undefined; amount?: string }) {
    if (patch.amount !== undefined) setAmount(patch.amount)
    if ('from' in patch || 'to' in patch) setPair({ ...pair, ...patch })
    setNotice(undefined)
  }

  /** Picks `address` on one side; the token already on the other side changes places. */
  function choose(side: 'from' | 'to', address: string) {
    const other = side === 'from' ? 'to' : 'from'
    change({ [side]: address, [other]: pair[other] === address ? pair[side] : pair[other] })
  }

  /** Max: the whole balance; for the native currency, less the quoted fee when it is known. */
  function setMax() {
    const held = fromToken && swapBalance(fromToken, balances)
    if (!fromToken || !held) return
    const fee = isNativeSwapToken(fromToken.address) ? (offer?.fee?.wei ?? 0n) : 0n
    const left = held.value > fee ? held.value - fee : 0n
    change({ amount: formatUnits(left, fromToken.decimals) })
  }

  async function approve() {
    if (!offer || !fromToken || !key) return
    setBusy({ action: 'approve' })
    setNotice(undefined)
    try {
      const allowance = await approveSwap(
        context,
        { chainId, token: fromToken, amount: BigInt(offer.quote.fromAmount) },
        (step) => setBusy({ action: 'approve', step }),
      )
      quotes.setQueryData(quoteKey, { ...offer, allowance })
      setNotice({ text: swapText.approved(fromToken.symbol), error: false })
    } catch (error) {
      setNotice({ text: swapErrorOf(error).message, error: true })
    } finally {
      setBusy(undefined)
    }
  }

  async function swap() {
    if (!offer || !fromToken || !toToken || !key) return
    setBusy({ action: 'swap' })
    setNotice(undefined)
    try {
      const outcome = await swapTokens(context, { chainId, fromToken, toToken, offer }, (step) =>
        setBusy({ action: 'swap', step }),
      )
      if (outcome.status === 'requoted') {
        quotes.setQueryData(quoteKey, outcome.offer)
        setNotice({ text: swapText.quoteExpired, error: false })
        return
      }
      await navigation.reset('Account')
    } catch (error) {
      setNotice({ text: swapErrorOf(error).message, error: true })
    } finally {
      setBusy(undefined)
    }
  }

  const message = busy?.step
    ? {
        text: busy.step === 'wallet' ? swapText.confirmInWallet : swapText.waitingForChain,
        error: false,
      }
    : (notice ??
      (formError
        ? { text: formError, error: true }
        : current?.status === 'failed'
          ? { text: current.message, error: true }
          : undefined))
  const approval = offer && needsApproval(offer)
  const action = busy
    ? {
        label:
          busy.action === 'approve'
            ? swapText.approving(fromToken?.symbol ?? '')
            : swapText.swapping,
        enabled: false,
      }
    : current?.status === 'failed'
      ? { label: swapText.tryAgain, enabled: true, run: () => setAttempt(attempt + 1) }
      : current?.status === 'loading'
        ? { label: swapText.quoting, enabled: false }
        : approval
          ? { label: swapText.approve(fromToken?.symbol ?? ''), enabled: true, run: approve }
          : { label: swapText.swap, enabled: !!offer, run: swap }
  const quote = offer?.quote

  return (
    <form
      className={form.form}
      aria-busy={!!busy || current?.status === 'loading'}
      onSubmit={(event) => {
        event.preventDefault()
        if (action.enabled) void action.run?.()
      }}
    >
      <fieldset className={styles.fieldset} disabled={!!busy}>
        <div className={form.field}>
          <TokenPicker
            side="from"
            label={swapText.from}
            tokens={tokens}
            selected={fromToken}
            balances={balances}
            onChoose={(address) => choose('from', address)}
          />
          <label className={form.label} htmlFor={`${id}-amount`}>
            {swapText.amount}
          </label>
          <div className={form.row}>
            <input
              id={`${id}-amount`}
              className={`${form.input} ${form.amount}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={amount}
              onChange={(event) => change({ amount: event.target.value })}
            />
            <span>{fromToken?.symbol}</span>
            <button
              type="button"
              className={form.small}
              disabled={!fromToken || !swapBalance(fromToken, balances)}
              onClick={setMax}
            >
              {swapText.max}
            </button>
          </div>
          {fromToken && balances && (
            <div className={form.hint}>
              <span />
              <span>{swapText.balance(balanceText(fromToken, balances))}</span>
            </div>
          )}
        </div>
        <button
          type="button"
          className={`${form.small} ${styles.switch}`}
          aria-label={swapText.switchTokens}
          onClick={() => change({ from: pair.to, to: pair.from })}
        >
          ⇅
        </button>
        <div className={form.field}>
          <TokenPicker
            side="to"
            label={swapText.to}
            tokens={tokens}
            selected={toToken}
            balances={balances}
            onChoose={(address) => choose('to', address)}
          />
          <span className={form.label}>{swapText.youReceive}</span>
          <div className={form.row}>
            <output
              className={`${styles.quote} ${form.grow}`}
              data-swap-quote={
                quote && toToken ? swapAmountText(BigInt(quote.toAmount), toToken.decimals) : ''
              }
            >
              {quote && toToken ? swapAmountText(BigInt(quote.toAmount), toToken.decimals) : '—'}
            </output>
            <span>{toToken?.symbol}</span>
          </div>
        </div>
      </fieldset>
      <dl className={form.details}>
        <dt>{swapText.minimumReceived}</dt>
        <dd data-swap-minimum="">
          {quote && toToken
            ? `${swapAmountText(BigInt(quote.minimumReceived), toToken.decimals)} ${toToken.symbol}`
            : '—'}
        </dd>
        {quote?.priceImpact !== undefined && (
          <>
            <dt>{swapText.priceImpact}</dt>
            <dd data-swap-price-impact="">{`${Number(quote.priceImpact.toFixed(2))}%`}</dd>
          </>
        )}
        <dt>{swapText.networkFee}</dt>
        <dd data-swap-fee="">{offer ? (offer.fee?.text ?? swapText.feeUnavailable) : '—'}</dd>
      </dl>
      <p className={styles.slippage}>{swapText.slippageTolerance(swapSlippageTolerance)}</p>
      <Message text={message?.text ?? ''} error={message?.error ?? false} />
      <button type="submit" className={form.primary} disabled={!action.enabled}>
        {action.label}
      </button>
    </form>
  )
}

/** The account's balance of `token`, to show: '0' when it holds none. */
function balanceText(token: SwapToken, balances: readonly TokenBalance[]): string {
  const balance = swapBalanceOf(token, balances)
  return `${balance ? formatBalance(balance.quantity.numeric) : '0'} ${token.symbol}`
}

/** A side's token: the chosen one, and the chain's tokens with the account's balances to pick. */
function TokenPicker({
  side,
  label,
  tokens,
  selected,
  balances,
  onChoose,
}: {
  side: 'from' | 'to'
  label: string
  tokens: SwapToken[]
  selected: SwapToken | undefined
  balances: readonly TokenBalance[] | undefined
  onChoose: (address: string) => void
}) {
  const [picking, setPicking] = useState(false)
  const id = useId()
  const hook = { [`data-swap-${side}`]: selected?.symbol ?? '' }
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
        onClick={() => setPicking(!picking)}
        {...hook}
      >
        {selected && (
          <AssetIcon src={selected.logoURI} fallback={initialOf(selected.symbol)} shape="round" />
        )}
        <span id={`${id}-name`} className={form.grow}>
          {selected?.symbol ?? swapText.chooseToken}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {picking && (
        <ul className={form.tokens} aria-label={label}>
          {tokens.map((token) => (
            <li key={token.address}>
              <button
                type="button"
                aria-pressed={token.address === selected?.address}
                className={form.tokenOption}
                data-symbol={token.symbol}
                onClick={() => {
                  onChoose(token.address)
                  setPicking(false)
                }}
              >
                <AssetIcon src={token.logoURI} fallback={initialOf(token.symbol)} shape="round" />
                <span className={form.grow}>
                  {token.symbol} <small className={form.muted}>{token.name}</small>
                </span>
                {balances && <span>{balanceText(token, balances)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
