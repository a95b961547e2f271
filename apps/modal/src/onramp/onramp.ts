/**
 * Buying crypto (issue 22; spec §3 Onramp state and provider, §6, §7 "onramp options" and "onramp
 * quote", §9 Onramp): the Buy form's state, what the options offer on a network (currencies,
 * payment methods and their limits, providers), the quotes ranked and the provider chosen, and the
 * API's onramp routes called with their answers checked. The OnRamp view shows it.
 */
import {
  type CaipNetworkId,
  chainSupport,
  coinbasePayNetworks,
  type OnrampOptions,
  type OnrampPaymentMethodLimit,
  type OnrampProvider,
  type OnrampProviderId,
  type OnrampQuote,
  type OnrampQuoteRequest,
  onrampCheckoutRequestSchema,
  onrampCheckoutSchema,
  onrampDefaultLimits,
  onrampDefaultPaymentCurrency,
  onrampDefaultPaymentMethod,
  onrampOptionsSchema,
  onrampQuoteRequestSchema,
  onrampQuoteSchema,
} from '@airlock/protocol'
import { HttpError, RequestTimeoutError } from '../api'
import { onRampText } from '../messages/onRampText'
import type { Modal } from '../modal'
import type { OnrampForm } from '../stores/onrampState'
import type { ModalState, ModalStore } from '../stores/store'
import { namespaceOf } from '../stores/store'

/** The pause after the visitor's last keystroke before quotes are asked for. */
export const onrampQuoteDelayMs = 300

/** The payment methods the form offers, in its order: card first (the default). */
export const onrampPaymentMethods = ['card', 'ach_bank_account'] as const

/** The Buy form in the store. */
export function onrampFormOf(state: ModalState): OnrampForm {
  return state.onramp
}

/** Changes the Buy form in the store. */
export function updateOnrampForm(store: ModalStore, patch: Partial<OnrampForm>): void {
  store.setState({ onramp: { ...store.getState().onramp, ...patch } })
}

/** Whether buying is offered on the network at all: eip155 and solana only (spec §6). */
export function isOnrampNetwork(network: CaipNetworkId | undefined): network is CaipNetworkId {
  const namespace = namespaceOf(network)
  return namespace !== undefined && (chainSupport.onramp as readonly string[]).includes(namespace)
}

const coinbaseNetworks: readonly string[] = Object.values(coinbasePayNetworks)

/**
 * The providers that deliver on `network`: those listing it in `supportedChains`, Coinbase only
 * on Coinbase Pay's own chains (spec §9).
 */
export function onrampProvidersOn(options: OnrampOptions, network: CaipNetworkId) {
  return options.providers.filter(
    (provider) =>
      provider.supportedChains.includes(network) &&
      (provider.id !== 'coinbase' || coinbaseNetworks.includes(network)),
  )
}

/** What the form offers on a network, each choice resolved to the visitor's or the default. */
export type OnrampChoices = {
  providers: OnrampProvider[]
  /** The symbols of the currencies bought on the network. */
  purchaseCurrencies: string[]
  purchaseCurrency: string | undefined
  paymentCurrencies: string[]
  paymentCurrency: string
  /** The payment methods offered in the payment currency, card first. */
  paymentMethods: OnrampPaymentMethodLimit[]
  paymentMethod: string
  /** The chosen payment method's limits. */
  limits: OnrampPaymentMethodLimit | undefined
}

/**
 * The options narrowed to `network` and the form's choices: the purchase currency the visitor
 * picked, else the options' default (USDC) where it is offered on the network, else the first
 * offered; the payment currency (USD by default) and method (card by default) likewise. USD's
 * limits are spec §9's, as the API checks them; another currency's are what the options list.
 *
 * @example
 * onrampChoices(options, 'eip155:1', emptyOnrampForm).limits // { id: 'card', min: '10.00', max: '7500.00' }
 */
export function onrampChoices(
  options: OnrampOptions,
  network: CaipNetworkId,
  form: OnrampForm,
): OnrampChoices {
  const purchaseCurrencies = options.purchaseCurrencies
    .filter((currency) => currency.networks.some((entry) => entry.caipNetworkId === network))
    .map((currency) => currency.symbol)
  const purchaseCurrency =
    [form.purchaseCurrency, options.defaultPurchaseCurrency].find(
      (symbol) => symbol !== undefined && purchaseCurrencies.includes(symbol),
    ) ?? purchaseCurrencies[0]

  const listed =
    options.paymentCurrencies.length > 0
      ? options.paymentCurrencies
      : [
          {
            id: onrampDefaultPaymentCurrency.id,
            payment_method_limits: [...onrampDefaultPaymentCurrency.payment_method_limits],
          },
        ]
  const paymentCurrencies = listed.map((currency) => currency.id)
  const paymentCurrency =
    [form.paymentCurrency, options.defaultPaymentCurrency].find(
      (id) => id !== undefined && paymentCurrencies.includes(id),
    ) ??
    paymentCurrencies[0] ??
    onrampDefaultPaymentCurrency.id

  const offered = listed.find((currency) => currency.id === paymentCurrency)
  // The methods the options list for the currency, with spec §9's limits where it sets them (as
  // the API checks those), else the listed ones.
  const paymentMethods = onrampPaymentMethods.flatMap((method) => {
    const listedLimit = offered?.payment_method_limits.find((entry) => entry.id === method)
    if (!listedLimit) return []
    return [onrampDefaultLimits(paymentCurrency, method) ?? listedLimit]
  })
  const methodIds = paymentMethods.map((method) => method.id)
  const paymentMethod =
    [form.paymentMethod, onrampDefaultPaymentMethod].find(
      (id) => id !== undefined && methodIds.includes(id),
    ) ??
    methodIds[0] ??
    onrampDefaultPaymentMethod
  return {
    providers: onrampProvidersOn(options, network),
    purchaseCurrencies,
    purchaseCurrency,
    paymentCurrencies,
    paymentCurrency,
    paymentMethods,
    paymentMethod,
    limits: paymentMethods.find((method) => method.id === paymentMethod),
  }
}

/**
 * A payment method's limits in words: 'From 10.00 to 7,500.00 USD', rounded inwards to cents as
 * the amount messages round them.
 */
export function onrampLimitsText(limits: { min: string; max: string }, currency: string): string {
  return onRampText.limits(fiatText(limits.min, 'up'), fiatText(limits.max, 'down'), currency)
}

/** '7500' → '7,500.00'; text that is not a plain decimal is shown as it is. */
function fiatText(value: string, rounding: 'up' | 'down'): string {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || value.trim() === '' || value.trim() === '.') return value
  const fraction = match[2] ?? ''
  let cents = BigInt(`${match[1] || '0'}${fraction.slice(0, 2).padEnd(2, '0')}`)
  if (rounding === 'up' && /[1-9]/.test(fraction.slice(2))) cents += 1n
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`
}

/** A decimal as an integer of 10^-18 units, for comparing amounts exactly; -1 when not one. */
function scaled(value: string): bigint {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || value.trim() === '' || value.trim() === '.') return -1n
  return BigInt(`${match[1] || '0'}${(match[2] ?? '').slice(0, 18).padEnd(18, '0')}`)
}

/** One provider's quote for the form as it stands. */
export type OnrampQuoteResult =
  | { status: 'loading' }
  | { status: 'quoted'; quote: OnrampQuote }
  | { status: 'failed'; message: string }

/** A provider's row: its quote, or undefined before one is asked for. */
export type OnrampProviderRow = { provider: OnrampProvider; result: OnrampQuoteResult | undefined }

/**
 * The providers' rows, best first: quotes by the crypto they deliver (most first), then those
 * still answering, then those that failed; ties keep the options' order.
 */
export function rankOnrampProviders(
  providers: readonly OnrampProvider[],
  results: Partial<Record<OnrampProviderId, OnrampQuoteResult>>,
): OnrampProviderRow[] {
  const rank = (result: OnrampQuoteResult | undefined) =>
    result?.status === 'quoted' ? 0 : result?.status === 'failed' ? 2 : 1
  return providers
    .map((provider) => ({ provider, result: results[provider.id] }))
    .sort((a, b) => {
      const byStatus = rank(a.result) - rank(b.result)
      if (byStatus !== 0 || a.result?.status !== 'quoted' || b.result?.status !== 'quoted')
        return byStatus
      const left = scaled(a.result.quote.purchaseAmount.amount)
      const right = scaled(b.result.quote.purchaseAmount.amount)
      return left === right ? 0 : left > right ? -1 : 1
    })
}

/** The provider the checkout is with: the visitor's pick while it has a quote, else the best. */
export function chosenOnrampProvider(
  rows: readonly OnrampProviderRow[],
  selected: OnrampProviderId | undefined,
): OnrampProviderRow | undefined {
  const quoted = rows.filter((row) => row.result?.status === 'quoted')
  return quoted.find((row) => row.provider.id === selected) ?? quoted[0]
}

/** The quote request for the form, without a provider (each provider is asked on its own). */
export function onrampQuoteRequest(
  choices: Pick<OnrampChoices, 'purchaseCurrency' | 'paymentCurrency' | 'paymentMethod'>,
  network: CaipNetworkId,
  paymentAmount: string,
): Omit<OnrampQuoteRequest, 'provider'> | undefined {
  if (choices.purchaseCurrency === undefined) return undefined
  return {
    purchaseCurrency: choices.purchaseCurrency,
    paymentCurrency: choices.paymentCurrency,
    amount: paymentAmount.trim(),
    network,
    paymentMethod: choices.paymentMethod,
  }
}

/**
 * The checkout's address when it is one to send the visitor to: https only (a provider's page),
 * never `javascript:` or plain http.
 */
export function safeCheckoutUrl(url: string): string | undefined {
  try {
    return new URL(url).protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * An onramp call failed: `message` is what the visitor reads (the API's words for a bad amount or
 * a provider's failure), `code` the API's error code when it gave one.
 */
export class OnrampApiError extends Error {
  override name = 'OnrampApiError' as const
  readonly code: string | undefined
  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(message, { cause: options.cause })
    this.code =
      options.code ?? (options.cause instanceof HttpError ? options.cause.code : undefined)
  }
}

/** Whether the API says buying is off here: not configured, or the project's feature off. */
export const isOnrampOff = (error: unknown): boolean =>
  error instanceof OnrampApiError &&
  (error.code === 'onrampNotConfigured' || error.code === 'onrampDisabled')

/** The words for a failed call: the API's own message when it sent one, else `fallback`. */
function failureWords(error: unknown, fallback: string): string {
  if (error instanceof OnrampApiError) return error.message
  if (error instanceof RequestTimeoutError) return onRampText.timedOut
  if (error instanceof HttpError) {
    const said = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
    if (typeof said === 'string' && said.trim() !== '') return said
  }
  return fallback
}

async function call<result>(fallback: string, work: () => Promise<result>): Promise<result> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof OnrampApiError) throw error
    throw new OnrampApiError(failureWords(error, fallback), { cause: error })
  }
}

type OnrampApiContext = Pick<Modal, 'api' | 'store'>

/** The route of `action` for this modal's project and the site it is on. */
function route(modal: OnrampApiContext, action: 'options' | 'quote' | 'checkout') {
  const { config, host } = modal.store.getState()
  if (!config.projectId || !host)
    throw new OnrampApiError(onRampText.notAvailable, { code: 'onrampNotConfigured' })
  return {
    path: `/v1/projects/${encodeURIComponent(config.projectId)}/onramp/${action}`,
    query: { hostOrigin: host.origin },
  }
}

/** "onramp options" (spec §7): what can be bought, paid how, through which providers. */
export function fetchOnrampOptions(
  modal: OnrampApiContext,
  signal?: AbortSignal,
): Promise<OnrampOptions> {
  return call(onRampText.optionsFailed, async () => {
    const { path, query } = route(modal, 'options')
    const answer = await modal.api.apiFetch('GET', path, {
      query,
      quiet: true,
      ...(signal ? { signal } : {}),
    })
    return onrampOptionsSchema.parse(answer)
  })
}

/** "onramp quote" (spec §7) from one provider; a failure's message is the provider's. */
export function fetchOnrampQuote(
  modal: OnrampApiContext,
  request: OnrampQuoteRequest,
  signal?: AbortSignal,
): Promise<OnrampQuote> {
  return call(onRampText.quoteFailed, async () => {
    const { path, query } = route(modal, 'quote')
    const answer = await modal.api.apiFetch('POST', path, {
      query,
      body: onrampQuoteRequestSchema.parse(request),
      quiet: true,
      ...(signal ? { signal } : {}),
    })
    const quote = onrampQuoteSchema.parse(answer)
    if (quote.provider !== request.provider) throw new Error('The quote is another provider’s.')
    return quote
  })
}

/** The checkout for the connected address: the provider's https page to send the visitor to. */
export function fetchOnrampCheckout(
  modal: OnrampApiContext,
  request: OnrampQuoteRequest & { provider: OnrampProviderId; address: string },
): Promise<string> {
  return call(onRampText.checkoutFailed, async () => {
    const { path, query } = route(modal, 'checkout')
    const answer = await modal.api.apiFetch('POST', path, {
      query,
      body: onrampCheckoutRequestSchema.parse(request),
      quiet: true,
    })
    const url = safeCheckoutUrl(onrampCheckoutSchema.parse(answer).url)
    if (url === undefined) throw new OnrampApiError(onRampText.unsafeCheckout)
    return url
  })
}

/**
 * The checkout's window, opened blank in the visitor's click itself so no browser blocks it; the
 * checkout's address is given to it once the API answers. It keeps its opener: the frame's
 * sandbox (no `allow-popups-to-escape-sandbox`) passes to the window, and a sandboxed window may
 * not navigate other windows, so the checkout cannot send the modal elsewhere (e2e buy.spec.ts);
 * cutting the opener would also cut the frame's right to give the window its address.
 *
 * @returns undefined when the browser blocked it.
 */
export function openCheckoutWindow(): Window | undefined {
  const width = 480
  const height = 760
  const left = Math.max(0, (screen.width - width) / 2)
  const top = Math.max(0, (screen.height - height) / 2)
  return (
    window.open(
      'about:blank',
      'airlock-onramp',
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    ) ?? undefined
  )
}

export { emptyOnrampForm, type OnrampForm } from '../stores/onrampState'
