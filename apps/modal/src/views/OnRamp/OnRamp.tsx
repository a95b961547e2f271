/**
 * OnRamp ("Buy", issue 22): buying crypto onto the connected address through an onramp provider.
 * The visitor picks what to buy and how to pay, types a fiat amount (checked as they type against
 * the payment method's limits), and each provider on the network quotes it, with its own fees,
 * after a pause in the typing; the best quote is chosen unless they pick another. Continue opens
 * the provider's checkout in a new window — opened in the click, sent to the checkout once the API
 * answers. The order it opened is then followed (Activity lists it; a toast says when it
 * completes).
 */

import {
  type CaipNetworkId,
  formatFiatAmount,
  type NetworkConfig,
  type OnrampMoney,
  type OnrampOptions,
  type OnrampProviderId,
  type OnrampQuoteRequest,
  onrampAmountError,
  truncateAddress,
} from '@airlock/protocol'
import { useMutation, useQueries, useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { AmountField } from '../../components/AmountField'
import { useDebouncedValue } from '../../components/useDebouncedValue'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { onRampText } from '../../messages/onRampText'
import { localizeMessage } from '../../messages/specText'
import { openCheckoutWindow } from '../../onramp/checkoutWindow'
import { createOnrampApi, isOnrampOff, type OnrampApiContext } from '../../onramp/onrampApi'
import {
  chosenOnrampProvider,
  isOnrampNetwork,
  type OnrampQuoteResult,
  onrampChoices,
  onrampQuoteRequest,
  rankOnrampProviders,
} from '../../onramp/onrampChoices'
import { onrampLimitsText } from '../../onramp/onrampFormat'
import { countryName, onrampCountryCurrencies } from '../../onramp/onrampLocale'
import {
  onrampOptionsQuery,
  onrampOrdersKey,
  onrampQuoteDelayMs,
  onrampQuoteQuery,
} from '../../onramp/onrampQueries'
import { useOnrampOrders } from '../../onramp/useOnrampOrders'
import { queryClientOf } from '../../queries/queryClient'
import { type OnrampForm, onrampFormOf, updateOnrampForm } from '../../stores/onramp'
import { activeNetworkOf } from '../../stores/store'
import form from '../form.module.css'
import list from '../list.module.css'
import styles from './OnRamp.module.css'

/** The onramp feature's context for this modal: its API client and its store. */
function useOnrampContext(): OnrampApiContext {
  const { store, api } = useModal()
  return useMemo(() => ({ store, apiFetch: api.apiFetch }), [store, api])
}

export function OnRamp() {
  const network = useModalState((state) => state.activeNetwork)
  if (!isOnrampNetwork(network))
    return (
      <p className={list.note} role="status" data-onramp-error="">
        {onRampText.unsupportedNetwork}
      </p>
    )
  return <OnRampOptionsLoader network={network} />
}

type OptionsLoad =
  | { status: 'loading' }
  | { status: 'loaded'; options: OnrampOptions }
  | { status: 'failed'; message: string; off: boolean }

/** Why the options can't be had: buying off here (no Try again), or the failure's words. */
function optionsFailure(error: unknown): OptionsLoad {
  const off = isOnrampOff(error)
  const message = off
    ? onRampText.notAvailable
    : error instanceof Error
      ? error.message
      : onRampText.optionsFailed
  return { status: 'failed', message, off }
}

/** Loads the options, then shows the form; says why when they can't be had. */
function OnRampOptionsLoader({ network }: { network: CaipNetworkId }) {
  const context = useOnrampContext()
  const options = useQuery(onrampOptionsQuery(context), queryClientOf(context.store))
  const load: OptionsLoad =
    options.isPending || (options.isFetching && options.isError)
      ? { status: 'loading' }
      : options.isError
        ? optionsFailure(options.error)
        : { status: 'loaded', options: options.data }
  const retry = () => void options.refetch()

  if (load.status === 'loaded') return <OnRampForm options={load.options} network={network} />
  if (load.status === 'loading')
    return (
      <p className={list.note} role="status" aria-busy="true">
        {onRampText.loading}
      </p>
    )
  return (
    <div className={styles.handoff}>
      <p className={`${form.message} ${form.error}`} role="status" data-onramp-error="">
        {localizeMessage(load.message)}
      </p>
      {!load.off && (
        <button type="button" className={list.button} onClick={retry}>
          {onRampText.retry}
        </button>
      )}
    </div>
  )
}

/** Where the checkout stands after Continue. */
type Handoff =
  | { status: 'opening'; provider: string }
  | { status: 'handedOff'; provider: string; url: string }
  | { status: 'blocked'; provider: string; url: string }
  | { status: 'failed'; message: string }

function OnRampForm({ options, network }: { options: OnrampOptions; network: CaipNetworkId }) {
  const context = useOnrampContext()
  const { store } = context
  const onramp = useModalState(onrampFormOf)
  const address = useModalState((state) => state.address)
  const networkName = useModalState((state) => activeNetworkOf(state)?.name ?? state.activeNetwork)
  const offered = useModalState((state) => state.networks)
  const id = useId()
  const [handoff, setHandoff] = useState<Handoff>()
  // The purchases of the address, followed here too: the toast says when one completes.
  useOnrampOrders(context, address, network)

  const choices = useMemo(
    () => onrampChoices(options, network, onramp, navigator.language),
    [options, network, onramp],
  )
  const countries = useMemo(() => countryChoices(navigator.language), [])
  const amountError = onrampAmountError(
    onramp.paymentAmount,
    choices.limits,
    choices.paymentCurrency,
  )
  const request = amountError
    ? undefined
    : onrampQuoteRequest(choices, network, onramp.paymentAmount)
  const providerIds = choices.providers.map((provider) => provider.id)
  const results = useOnrampQuotes(context, request, providerIds)
  const checkoutCall = useMutation(
    { mutationFn: createOnrampApi(context).checkout },
    queryClientOf(store),
  )
  const rows = rankOnrampProviders(choices.providers, results)
  const chosen = chosenOnrampProvider(rows, onramp.selectedProvider)
  const allFailed =
    rows.length > 0 && rows.every(({ result }) => result?.status === 'failed') && !!request

  const update = (patch: Partial<OnrampForm>) => {
    setHandoff(undefined)
    updateOnrampForm(store, patch)
  }

  /** Continue: the window opens now, in the click; the checkout's address follows. */
  function checkout() {
    if (!chosen || !request || !address) return
    const provider = chosen.provider
    const popup = openCheckoutWindow()
    setHandoff({ status: 'opening', provider: provider.label })
    checkoutCall.mutate(
      { ...request, provider: provider.id, address },
      {
        onSuccess: (url) => {
          // The order the checkout opened is pending now: Activity and this view follow it.
          void queryClientOf(store).invalidateQueries({ queryKey: onrampOrdersKey })
          if (!popup || popup.closed) {
            setHandoff({ status: 'blocked', provider: provider.label, url })
            return
          }
          popup.location.href = url
          setHandoff({ status: 'handedOff', provider: provider.label, url })
        },
        onError: (error) => {
          popup?.close()
          const message = error instanceof Error ? error.message : onRampText.checkoutFailed
          setHandoff({ status: 'failed', message })
        },
      },
    )
  }

  if (handoff?.status === 'handedOff')
    return (
      <div className={styles.handoff}>
        <p className={form.message} role="status" data-onramp-handoff="">
          {onRampText.handoff(handoff.provider)}
        </p>
        <a className={styles.link} href={handoff.url} target="_blank" rel="noopener noreferrer">
          {onRampText.openAgain(handoff.provider)}
        </a>
        <button type="button" className={list.button} onClick={() => setHandoff(undefined)}>
          {onRampText.changeAmount}
        </button>
      </div>
    )

  const message =
    choices.purchaseCurrency === undefined
      ? nothingToBuy(options, offered)
      : choices.providers.length === 0
        ? onRampText.noProvider
        : !address
          ? onRampText.notConnected
          : (amountError ??
            (allFailed ? onRampText.noQuotes : undefined) ??
            (handoff?.status === 'failed' ? handoff.message : undefined))
  // Nothing typed yet is not the visitor's mistake: said, but not as an error.
  const isError = !!message && onramp.paymentAmount !== ''
  const opening = handoff?.status === 'opening'

  return (
    <div className={form.form}>
      <div className={form.field}>
        {choices.purchaseCurrencies.length > 1 ? (
          <>
            <label className={form.label} htmlFor={`${id}-purchase`}>
              {onRampText.purchaseCurrency}
            </label>
            <select
              id={`${id}-purchase`}
              className={styles.select}
              value={choices.purchaseCurrency}
              onChange={(event) => update({ purchaseCurrency: event.target.value })}
            >
              {choices.purchaseCurrencies.map((symbol) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </select>
          </>
        ) : (
          <>
            <span className={form.label}>{onRampText.purchaseCurrency}</span>
            <span className={form.big} data-onramp-currency="">
              {choices.purchaseCurrency ?? '—'}
            </span>
          </>
        )}
        {address && (
          <span className={form.hint} title={address}>
            {onRampText.deliveredTo(truncateAddress(address), networkName ?? '')}
          </span>
        )}
      </div>
      <div className={form.field}>
        <AmountField
          label={onRampText.amount}
          placeholder="0.00"
          value={onramp.paymentAmount}
          onChange={(paymentAmount) => update({ paymentAmount })}
        >
          {choices.paymentCurrencies.length > 1 ? (
            <select
              className={styles.select}
              aria-label={onRampText.paymentCurrency}
              value={choices.paymentCurrency}
              onChange={(event) => update({ paymentCurrency: event.target.value })}
            >
              {choices.paymentCurrencies.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          ) : (
            <span>{choices.paymentCurrency}</span>
          )}
        </AmountField>
        <div className={form.hint}>
          <span data-onramp-limits="">
            {choices.limits ? onrampLimitsText(choices.limits, choices.paymentCurrency) : ''}
          </span>
          {choices.paymentMethods.length > 1 ? (
            <select
              className={styles.select}
              aria-label={onRampText.paymentMethod}
              value={choices.paymentMethod}
              onChange={(event) => update({ paymentMethod: event.target.value })}
            >
              {choices.paymentMethods.map((method) => (
                <option key={method.id} value={method.id}>
                  {onRampText.paymentMethods[method.id] ?? method.id}
                </option>
              ))}
            </select>
          ) : (
            <span>{onRampText.paymentMethods[choices.paymentMethod] ?? choices.paymentMethod}</span>
          )}
        </div>
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${id}-country`}>
          {onRampText.country}
        </label>
        {/* The country's currency follows it, unless the visitor picked another. */}
        <select
          id={`${id}-country`}
          className={styles.select}
          value={choices.country}
          onChange={(event) => update({ country: event.target.value, paymentCurrency: undefined })}
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {rows.length > 0 && (
        <ul className={list.list} aria-label={onRampText.providers}>
          {rows.map(({ provider, result }) => (
            <li key={provider.id}>
              <button
                type="button"
                className={`${list.item} ${styles.provider}`}
                aria-pressed={chosen?.provider.id === provider.id}
                disabled={result?.status !== 'quoted'}
                data-onramp-provider={provider.id}
                onClick={() => update({ selectedProvider: provider.id })}
              >
                <span className={styles.stacked}>
                  <span className={list.name}>{provider.label}</span>
                  {/* The provider's own fees for this amount, from its quote (issue 36). */}
                  {result?.status === 'quoted' && (
                    <small data-onramp-fees="">{quoteFeesText(result.quote.fees)}</small>
                  )}
                </span>
                <QuoteText result={result} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p
        className={`${form.message} ${isError ? form.error : ''}`}
        role="status"
        data-onramp-error=""
      >
        {handoff?.status === 'blocked' ? (
          <>
            {onRampText.popupBlocked(handoff.provider)}{' '}
            <a className={styles.link} href={handoff.url} target="_blank" rel="noopener noreferrer">
              {onRampText.openProvider(handoff.provider)}
            </a>
          </>
        ) : (
          (message ?? '')
        )}
      </p>
      <button
        type="button"
        className={form.primary}
        disabled={!chosen || !address || opening}
        onClick={checkout}
      >
        {opening
          ? onRampText.opening(handoff.provider)
          : chosen
            ? onRampText.continueWith(chosen.provider.label)
            : onRampText.continue}
      </button>
    </div>
  )
}

/** The countries the picker offers, by name in the visitor's language. */
function countryChoices(language: string) {
  return Object.keys(onrampCountryCurrencies)
    .map((code) => ({ code, name: countryName(code, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, language))
}

/** A quote's fees as the visitor reads them: 'Fees 2.50 USD'. */
function quoteFeesText({ amount, currency }: OnrampMoney): string {
  return onRampText.fees(`${formatFiatAmount(amount, { rounding: 'up' }) ?? amount} ${currency}`)
}

/** What a provider's row says of its quote: the crypto it delivers, or why it has none. */
function QuoteText({ result }: { result: OnrampQuoteResult | undefined }) {
  if (result?.status === 'quoted') {
    const { amount, currency } = result.quote.purchaseAmount
    return (
      <span className={styles.receive} data-onramp-receive="">
        {onRampText.receive(amount, currency)}
      </span>
    )
  }
  if (result?.status === 'failed')
    return (
      <span className={styles.quoteFailure} data-onramp-quote-error="">
        {localizeMessage(result.message)}
      </span>
    )
  return (
    <span className={styles.quoteNote}>{result ? onRampText.quoting : onRampText.noQuoteYet}</span>
  )
}

type QuoteResults = Partial<Record<OnrampProviderId, OnrampQuoteResult>>

/**
 * Each provider's quote for `request`, one query per provider, asked once the visitor has stopped
 * typing for `onrampQuoteDelayMs`; a new request drops the answers to the old one. No request (a
 * bad amount): no quotes, none asked.
 */
function useOnrampQuotes(
  context: OnrampApiContext,
  request: Omit<OnrampQuoteRequest, 'provider'> | undefined,
  providers: readonly OnrampProviderId[],
): QuoteResults {
  const key = request ? JSON.stringify(request) : undefined
  const settled = useDebouncedValue(key, onrampQuoteDelayMs) === key
  const quotes = useQueries(
    {
      queries: providers.map((provider) =>
        onrampQuoteQuery(context, settled ? request : undefined, provider),
      ),
    },
    queryClientOf(context.store),
  )
  if (key === undefined) return {}
  return Object.fromEntries(
    providers.map((provider, index): [OnrampProviderId, OnrampQuoteResult] => {
      const quote = quotes[index]
      if (!settled || !quote || quote.isPending || quote.isFetching)
        return [provider, { status: 'loading' }]
      if (quote.isError)
        return [
          provider,
          {
            status: 'failed',
            message: quote.error instanceof Error ? quote.error.message : onRampText.quoteFailed,
          },
        ]
      return [provider, { status: 'quoted', quote: quote.data }]
    }),
  )
}

/** Why nothing can be bought here, and on which of the page's networks something can. */
function nothingToBuy(options: OnrampOptions, offered: readonly NetworkConfig[]): string {
  const buyable = new Set(
    options.purchaseCurrencies.flatMap((currency) =>
      currency.networks.map((network) => network.caipNetworkId),
    ),
  )
  const names = offered
    .filter((network) => buyable.has(network.caipNetworkId))
    .map((network) => network.name)
  return names.length ? onRampText.buyableOn(names.join(', ')) : onRampText.nothingToBuy
}
