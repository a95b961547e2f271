/**
 * Swap (issue 22): tokens of the active EVM network, swapped through the API's swap provider.
 * The API's token list for the chain, From and To with the account's balances, an amount (with
 * Max) checked in the protocol's words before anything is asked, a quote after a pause in
 * typing (amount out, minimum received at the visitor's slippage, price impact with a warning
 * from 3 % and a confirmation from 10 %, the route, network fee; each side's worth in USD at the
 * prices the balances carry, so a quote off the market shows), then Approve (exact, or
 * unlimited on request) when an ERC-20's allowance falls short, and Swap; a wallet that batches
 * atomically (a smart account) approves and swaps in one step, Swap. The swap is built on the
 * quote shown: when the market left it, nothing is sent and the new quote is shown (issue 36). The feature itself is `swap/`: its API client, queries and
 * steps; the quote is a query kept while the visitor types and asked again before it expires.
 */
import { type SwapToken, swapPriceImpact, swapSlippageTolerance } from '@airlock/protocol'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { formatUnits } from 'viem/utils'
import { AmountField } from '../../components/AmountField'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { useTokenBalances } from '../../components/useTokenBalances'
import { localDecimal } from '../../i18n/localNumbers'
import { localizeMessage } from '../../messages/specText'
import { swapText } from '../../messages/swapText'
import { queryClientOf } from '../../queries/queryClient'
import { createPersistence } from '../../stores/persistence'
import { swapErrorOf } from '../../swap/swapError'
import { approvesFirst, type SwapContext, type SwapOffer, type SwapStep } from '../../swap/swapFlow'
import {
  isNativeSwapToken,
  swapBalance,
  swapChainIdOf,
  swapFormError,
  swapUnitsOf,
} from '../../swap/swapForm'
import { swapAmountText } from '../../swap/swapFormat'
import {
  approveSwapMutation,
  type SwapQuestion,
  swapQuoteKey,
  swapQuoteQuery,
  swapTokensMutation,
  swapTokensQuery,
} from '../../swap/swapQueries'
import { saveSwapSlippage, swapSlippageQuery } from '../../swap/swapSlippagePreference'
import form from '../form.module.css'
import { SlippageControl } from './SlippageControl'
import styles from './Swap.module.css'
import { swapUsdText } from './swapUsd'
import { balanceText, TokenPicker } from './TokenPicker'

/** How long typing must pause before a quote is asked. */
const quoteDelayMs = 300

/** Where swaps are off, or not on this chain, asking again changes nothing. */
const finalRefusals = ['unsupportedSwapNetwork', 'swapsDisabled']

/** The swap steps' context for this modal: its store, its API client and its connected wallet. */
function useSwapContext(): SwapContext {
  const { store, api, connection } = useModal()
  return useMemo(
    () => ({
      store,
      apiFetch: api.apiFetch,
      // The visitor's own swap: the embedded wallet's approval says it is theirs.
      walletRequest: (request) => connection.forward(request, 'modal'),
    }),
    [store, api, connection],
  )
}

export function Swap() {
  const context = useSwapContext()
  const chainId = useModalState(swapChainIdOf)
  const connected = useModalState((state) => state.status === 'connected' && !!state.address)
  const tokens = useQuery(
    { ...swapTokensQuery(context, chainId ?? 0), enabled: chainId !== undefined },
    queryClientOf(context.store),
  )

  if (!connected) return <Message text={swapText.notConnected} error />
  if (chainId === undefined) return <Message text={swapText.unsupportedNamespace} error />
  if (tokens.isPending || (tokens.isFetching && tokens.isError))
    return <Message text={swapText.loadingTokens} />
  if (tokens.isError) {
    const failure = swapErrorOf(tokens.error)
    return (
      <div className={form.form}>
        <Message text={localizeMessage(failure.message)} error />
        {!finalRefusals.includes(failure.code ?? '') && (
          <button type="button" className={form.primary} onClick={() => void tokens.refetch()}>
            {swapText.tryAgain}
          </button>
        )}
      </div>
    )
  }
  return <SwapForm key={chainId} chainId={chainId} tokens={tokens.data} />
}

/** The view's message line: what blocks the form, what failed, or what is happening. */
function Message({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <p className={`${form.message} ${error ? form.error : ''}`} role="status" data-swap-error="">
      {text}
    </p>
  )
}

/** The first choice: from the native currency to the first other token. */
function initialPair(tokens: SwapToken[]) {
  const from = tokens.find((token) => isNativeSwapToken(token.address)) ?? tokens[0]
  const to = tokens.find((token) => token !== from)
  return { from: from?.address, to: to?.address }
}

/** Whether `offer` quotes the pair now chosen: only then are its numbers worth showing. */
const quotes = (offer: SwapOffer | undefined, from?: SwapToken, to?: SwapToken) =>
  !!offer && offer.quote.fromToken === from?.address && offer.quote.toToken === to?.address

function SwapForm({ chainId, tokens: listed }: { chainId: number; tokens: SwapToken[] }) {
  const { navigation, storage } = useModal()
  const context = useSwapContext()
  const queryClient = queryClientOf(context.store)
  const owner = useModalState((state) => state.address)
  const { entry } = useTokenBalances()
  // Balances are known once read (a token absent then is held at 0), not while the first read
  // is on its way or after it failed.
  const balances =
    entry && (entry.status === 'loaded' || entry.tokens.length > 0) ? entry.tokens : undefined
  // Tokens the visitor imported by address, past the warning, for this visit.
  const [imported, setImported] = useState<SwapToken[]>([])
  const tokens = useMemo(() => [...listed, ...imported], [listed, imported])
  const [pair, setPair] = useState(() => initialPair(listed))
  const [amount, setAmount] = useState('')
  // The slippage last chosen in this browser, until the visitor chooses one here; a custom one
  // being typed that is not valid yet quotes nothing.
  const persistence = useMemo(() => createPersistence(storage), [storage])
  const saved = useQuery(swapSlippageQuery(persistence), queryClient)
  const [chosen, setChosen] = useState<{ slippage: number | undefined }>()
  const slippage = chosen ? chosen.slippage : saved.data
  function chooseSlippage(next: number | undefined) {
    setChosen({ slippage: next })
    if (next === undefined) return
    queryClient.setQueryData(swapSlippageQuery(persistence).queryKey, next)
    void saveSwapSlippage(persistence, next)
  }
  const [unlimited, setUnlimited] = useState(false)
  const [impactAccepted, setImpactAccepted] = useState(false)
  const [step, setStep] = useState<SwapStep>()
  const [notice, setNotice] = useState<{ text: string; error: boolean }>()

  const fromToken = tokens.find((token) => token.address === pair.from)
  const toToken = tokens.find((token) => token.address === pair.to)
  const formError = swapFormError({ fromToken, toToken, amount }, balances)
  const units = !formError && fromToken ? swapUnitsOf(amount, fromToken) : undefined
  const question: SwapQuestion | undefined =
    units !== undefined && fromToken && toToken && owner && slippage !== undefined
      ? { chainId, fromToken, toToken, amount: units, owner, slippage }
      : undefined
  const key = question ? JSON.stringify(swapQuoteKey(question)) : undefined
  // A quote once typing pauses; what the last one said stays shown meanwhile.
  const settled = useDebouncedValue(key, quoteDelayMs) === key
  const approval = useMutation(
    {
      ...approveSwapMutation(context, setStep),
      onSuccess: (allowance, { question, offer }) => {
        queryClient.setQueryData(swapQuoteKey(question), { ...offer, allowance })
        setNotice({ text: swapText.approved(question.fromToken.symbol), error: false })
      },
      onError: (error) => setNotice({ text: swapErrorOf(error).message, error: true }),
      onSettled: () => setStep(undefined),
    },
    queryClient,
  )
  const swapping = useMutation(
    {
      ...swapTokensMutation(context, setStep),
      onSuccess: async (outcome, { question }) => {
        if (outcome.status === 'requoted') {
          queryClient.setQueryData(swapQuoteKey(question), outcome.offer)
          setImpactAccepted(false)
          setNotice(
            outcome.reason === 'priceMoved'
              ? { text: swapText.priceChanged, error: true }
              : { text: swapText.quoteExpired, error: false },
          )
          return
        }
        await navigation.reset('Account')
      },
      onError: (error) => setNotice({ text: swapErrorOf(error).message, error: true }),
      onSettled: () => setStep(undefined),
    },
    queryClient,
  )
  const busy = approval.isPending
    ? { action: 'approve' as const, step }
    : swapping.isPending
      ? { action: 'swap' as const, step }
      : undefined
  const quote = useQuery(
    {
      ...swapQuoteQuery(context, settled ? question : undefined),
      placeholderData: keepPreviousData,
      // The offer being approved or swapped stays put until the wallet is done.
      ...(busy ? { refetchInterval: false as const } : {}),
    },
    queryClient,
  )
  const loading =
    !!question &&
    (!settled || quote.isPending || quote.isPlaceholderData || (quote.isFetching && quote.isError))
  const failure = question && !loading && quote.isError ? swapErrorOf(quote.error) : undefined
  const offer = question && !loading && !failure ? quote.data : undefined
  // While typing, the last quote of the same pair stays shown.
  const shown =
    offer ?? (loading && quotes(quote.data, fromToken, toToken) ? quote.data : undefined)

  /** A change of the form: what was said about the last one no longer stands. */
  function change(patch: { from?: string | undefined; to?: string | undefined; amount?: string }) {
    if (patch.amount !== undefined) setAmount(patch.amount)
    if ('from' in patch || 'to' in patch) setPair({ ...pair, ...patch })
    setNotice(undefined)
    setImpactAccepted(false)
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

  function approve() {
    if (!offer || !question) return
    setNotice(undefined)
    setStep(undefined)
    approval.mutate({ question, offer, unlimited })
  }

  function swap() {
    if (!offer || !question) return
    setNotice(undefined)
    setStep(undefined)
    swapping.mutate({ question, offer })
  }

  const message = busy?.step
    ? {
        text: busy.step === 'wallet' ? swapText.confirmInWallet : swapText.waitingForChain,
        error: false,
      }
    : (notice ??
      (formError
        ? { text: formError, error: true }
        : failure
          ? { text: localizeMessage(failure.message), error: true }
          : undefined))
  // A wallet that batches atomically approves and swaps in one step: Swap.
  const approvalNeeded = offer && approvesFirst(offer)
  const impact = shown?.quote.priceImpact
  const impactText = impact === undefined ? '' : String(Number(impact.toFixed(2)))
  // From 10 %, nothing goes ahead until the visitor says they accept it.
  const impactBlocks =
    !!offer && (offer.quote.priceImpact ?? 0) >= swapPriceImpact.confirmFrom && !impactAccepted
  const action = busy
    ? {
        label:
          busy.action === 'approve'
            ? swapText.approving(fromToken?.symbol ?? '')
            : swapText.swapping,
        enabled: false,
      }
    : failure
      ? { label: swapText.tryAgain, enabled: true, run: () => void quote.refetch() }
      : loading
        ? { label: swapText.quoting, enabled: false }
        : approvalNeeded
          ? {
              label: swapText.approve(fromToken?.symbol ?? ''),
              enabled: !impactBlocks,
              run: approve,
            }
          : { label: swapText.swap, enabled: !!offer && !impactBlocks, run: swap }
  const shownQuote = shown?.quote
  /** The picker of one side's token: the same list and balances, its own choice. */
  const picker = (side: 'from' | 'to') => (
    <TokenPicker
      side={side}
      label={swapText[side]}
      tokens={tokens}
      selected={side === 'from' ? fromToken : toToken}
      balances={balances}
      context={context}
      chainId={chainId}
      onChoose={(address) => choose(side, address)}
      onImport={(token) =>
        setImported((before) =>
          tokens.some((known) => known.address.toLowerCase() === token.address.toLowerCase())
            ? before
            : [...before, token],
        )
      }
    />
  )

  return (
    <form
      className={form.form}
      aria-busy={!!busy || loading}
      onSubmit={(event) => {
        event.preventDefault()
        if (action.enabled) void action.run?.()
      }}
    >
      <fieldset className={styles.fieldset} disabled={!!busy}>
        <div className={form.field}>
          {picker('from')}
          <AmountField
            label={swapText.amount}
            placeholder="0"
            value={amount}
            onChange={(typed) => change({ amount: typed })}
          >
            <span>{fromToken?.symbol}</span>
            <button
              type="button"
              className={form.small}
              disabled={!fromToken || !swapBalance(fromToken, balances)}
              onClick={setMax}
            >
              {swapText.max}
            </button>
          </AmountField>
          {fromToken && balances && (
            <div className={form.hint}>
              <span data-swap-from-usd="">
                {units !== undefined ? swapUsdText(units, fromToken, balances) : undefined}
              </span>
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
          {picker('to')}
          <span className={form.label}>{swapText.youReceive}</span>
          <div className={form.row}>
            <output
              className={`${styles.quote} ${form.grow}`}
              data-swap-quote={
                shownQuote && toToken
                  ? swapAmountText(BigInt(shownQuote.toAmount), toToken.decimals)
                  : ''
              }
            >
              {shownQuote && toToken
                ? swapAmountText(BigInt(shownQuote.toAmount), toToken.decimals)
                : '—'}
            </output>
            <span>{toToken?.symbol}</span>
          </div>
          {/* The other side's worth: a pool priced off the market shows here against the first. */}
          {shownQuote && toToken && (
            <div className={form.hint}>
              <span data-swap-to-usd="">
                {swapUsdText(BigInt(shownQuote.toAmount), toToken, balances)}
              </span>
            </div>
          )}
        </div>
      </fieldset>
      <dl className={form.details}>
        <dt>{swapText.minimumReceived}</dt>
        <dd data-swap-minimum="">
          {shownQuote && toToken
            ? `${swapAmountText(BigInt(shownQuote.minimumReceived), toToken.decimals)} ${toToken.symbol}`
            : '—'}
        </dd>
        {impact !== undefined && (
          <>
            <dt>{swapText.priceImpact}</dt>
            <dd data-swap-price-impact="">{`${impactText}%`}</dd>
          </>
        )}
        {shownQuote?.route !== undefined && (
          <>
            <dt>{swapText.route}</dt>
            <dd data-swap-route="">{shownQuote.route.join(' → ')}</dd>
          </>
        )}
        <dt>{swapText.networkFee}</dt>
        <dd data-swap-fee="">
          {shown ? (shown.fee ? localDecimal(shown.fee.text) : swapText.feeUnavailable) : '—'}
        </dd>
      </dl>
      {impact !== undefined && impact >= swapPriceImpact.warnFrom && (
        <p className={`${form.error} ${styles.warning}`} role="alert" data-swap-impact-warning="">
          {impact >= swapPriceImpact.confirmFrom
            ? swapText.veryHighPriceImpact(Number(impactText))
            : swapText.highPriceImpact(Number(impactText))}
        </p>
      )}
      {offer && (offer.quote.priceImpact ?? 0) >= swapPriceImpact.confirmFrom && (
        <label className={form.row}>
          <input
            type="checkbox"
            checked={impactAccepted}
            disabled={!!busy}
            onChange={(event) => setImpactAccepted(event.target.checked)}
          />
          {swapText.acceptPriceImpact}
        </label>
      )}
      {approvalNeeded && (
        <label className={form.row}>
          <input
            type="checkbox"
            checked={unlimited}
            disabled={!!busy}
            onChange={(event) => setUnlimited(event.target.checked)}
          />
          {swapText.unlimitedApproval}
        </label>
      )}
      {saved.data !== undefined && (
        <SlippageControl
          slippage={slippage ?? saved.data ?? swapSlippageTolerance}
          onChange={chooseSlippage}
        />
      )}
      {shownQuote && (
        <p className={styles.slippage} data-swap-slippage="">
          {swapText.slippageTolerance(shownQuote.slippage)}
        </p>
      )}
      <Message text={message?.text ?? ''} error={message?.error ?? false} />
      <button type="submit" className={form.primary} disabled={!action.enabled}>
        {action.label}
      </button>
    </form>
  )
}
