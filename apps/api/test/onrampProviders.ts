/**
 * Meld's and Coinbase's onramp APIs, faked at the HTTP layer for tests: msw handlers on their real
 * URLs that answer as their docs show, record every request, and check the credentials each
 * provider requires (Meld's `BASIC <key>`; Coinbase's EdDSA JWT, verified against the test key's
 * public half, for the method and path it was signed for). A test changes one answer with
 * `server.use(...)` on the same URL.
 */
import { generateKeyPairSync, verify } from 'node:crypto'
import { HttpResponse, http } from 'msw'

export const meldApiKey = 'MeldTestKey0001:meld-secret-never-shown'
/** The webhook secrets the API is given, which the tests sign their webhooks with. */
export const meldWebhookSecret = 'meld-webhook-secret-0001'
export const coinbaseWebhookSecret = 'coinbase-webhook-secret-0001'
export const coinbaseAppId = 'cdp-project-0001'
export const coinbaseKeyId = 'organizations/org-1/apiKeys/key-1'

/** A CDP Ed25519 secret key as the CDP portal gives it: base64 of its seed and public key. */
const coinbaseKeyPair = (() => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' })
  const seed = Buffer.from(jwk.d ?? '', 'base64url')
  const pub = Buffer.from(jwk.x ?? '', 'base64url')
  return { secret: Buffer.concat([seed, pub]).toString('base64'), publicKey }
})()
export const coinbaseApiSecret = coinbaseKeyPair.secret

export const meldUrl = 'https://api.meld.io'
export const coinbaseUrl = 'https://api.developer.coinbase.com/onramp'

export type ProviderCall = {
  provider: 'meld' | 'coinbase'
  method: string
  path: string
  body: unknown
}

/** Whether a Coinbase request carries a JWT of the test key for its method and path. */
function coinbaseAuthorised(request: Request): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  const [header, claims, signature] = token?.split('.') ?? []
  if (!header || !claims || !signature) return false
  const signed = verify(
    null,
    Buffer.from(`${header}.${claims}`),
    coinbaseKeyPair.publicKey,
    Buffer.from(signature, 'base64url'),
  )
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>
  const url = new URL(request.url)
  const now = Date.now() / 1000
  return (
    signed &&
    head.alg === 'EdDSA' &&
    head.kid === coinbaseKeyId &&
    payload.sub === coinbaseKeyId &&
    payload.iss === 'cdp' &&
    payload.uri === `${request.method} ${url.host}${url.pathname}` &&
    typeof payload.exp === 'number' &&
    payload.exp > now &&
    typeof payload.nbf === 'number' &&
    payload.nbf <= now + 1
  )
}

/**
 * @example
 * const providers = fakeOnrampProviders()
 * const server = setupServer(...providers.handlers)
 * expect(providers.calls.map((call) => call.path)).toEqual(['/payments/crypto/quote'])
 */
export function fakeOnrampProviders() {
  const calls: ProviderCall[] = []
  /**
   * The transactions the providers' status APIs report, by Meld widget session id and by
   * Coinbase partnerUserRef; none: Meld answers 404, Coinbase an empty list.
   */
  const transactions = {
    meld: new Map<string, { status: string; destinationAmount?: number }>(),
    coinbase: new Map<
      string,
      { status: string; purchase_amount?: { value: string; currency: string } }
    >(),
  }
  const record = async (provider: ProviderCall['provider'], request: Request) => {
    const url = new URL(request.url)
    const text = request.method === 'GET' ? '' : await request.clone().text()
    calls.push({
      provider,
      method: request.method,
      path: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
    })
  }
  const meld =
    (answer: (request: Request) => Promise<Response> | Response) =>
    async ({ request }: { request: Request }) => {
      await record('meld', request)
      if (request.headers.get('authorization') !== `BASIC ${meldApiKey}`)
        return HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 })
      return answer(request)
    }
  const coinbase =
    (answer: (request: Request) => Promise<Response> | Response) =>
    async ({ request }: { request: Request }) => {
      await record('coinbase', request)
      if (!coinbaseAuthorised(request))
        return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })
      return answer(request)
    }

  const handlers = [
    http.get(
      `${meldUrl}/service-providers/limits/fiat-currency-purchases`,
      meld(() =>
        HttpResponse.json([
          { currencyCode: 'USD', defaultAmount: 150, minimumAmount: 20, maximumAmount: 5000 },
          { currencyCode: 'EUR', defaultAmount: 150, minimumAmount: 15, maximumAmount: 4000 },
        ]),
      ),
    ),
    http.post(
      `${meldUrl}/payments/crypto/quote`,
      meld(async (request) => {
        const body = (await request.json()) as Record<string, unknown>
        const quote = (serviceProvider: string, destinationAmount: number, totalFee: number) => ({
          transactionType: 'CRYPTO_PURCHASE',
          sourceAmount: body.sourceAmount,
          sourceAmountWithoutFees: Number(body.sourceAmount) - totalFee,
          sourceCurrencyCode: body.sourceCurrencyCode,
          destinationAmount,
          destinationCurrencyCode: body.destinationCurrencyCode,
          exchangeRate: 1,
          totalFee,
          networkFee: 0.1,
          transactionFee: totalFee - 0.1,
          paymentMethodType: body.paymentMethodType,
          customerScore: 20,
          serviceProvider,
        })
        return HttpResponse.json({
          quotes: [quote('BANXA', 96.1, 3.9), quote('TRANSAK', 97.5, 2.5)],
          message: null,
          error: null,
        })
      }),
    ),
    http.post(
      `${meldUrl}/crypto/session/widget`,
      meld(() =>
        HttpResponse.json({
          id: 'WePzm7gRdUgis7VHQjMYYL',
          customerId: 'WeP9qpZzvBizvKhR8bGigL',
          externalCustomerId: null,
          externalSessionId: null,
          widgetUrl: 'https://meldcrypto.com/?token=widget-token-1',
          token: 'widget-token-1',
        }),
      ),
    ),
    http.get(
      `${meldUrl}/payments/transactions/sessions/:sessionId`,
      meld(({ url }) => {
        const sessionId = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '')
        const transaction = transactions.meld.get(sessionId)
        if (transaction === undefined)
          return HttpResponse.json(
            { code: 'NOT_FOUND', message: 'Transaction not found' },
            { status: 404 },
          )
        return HttpResponse.json({
          transaction: { id: 'W9k9Tg12BFk1i68WpQYQY8', sessionId, ...transaction },
        })
      }),
    ),
    http.get(
      `${coinbaseUrl}/v1/buy/user/:partnerUserRef/transactions`,
      coinbase(({ url }) => {
        const ref = decodeURIComponent(new URL(url).pathname.split('/').at(-2) ?? '')
        const transaction = transactions.coinbase.get(ref)
        return HttpResponse.json({
          transactions: transaction ? [{ partner_user_ref: ref, ...transaction }] : [],
          next_page_key: '',
          total_count: transaction ? '1' : '0',
        })
      }),
    ),
    http.get(
      `${coinbaseUrl}/v1/buy/options`,
      coinbase(() =>
        HttpResponse.json({
          payment_currencies: [
            {
              id: 'USD',
              limits: [
                { id: 'CARD', min: '2', max: '7500' },
                { id: 'ACH_BANK_ACCOUNT', min: '2', max: '25000' },
                { id: 'APPLE_PAY', min: '2', max: '500' },
              ],
            },
            { id: 'EUR', limits: [{ id: 'CARD', min: '5', max: '8000' }] },
          ],
          purchase_currencies: [
            {
              id: '2b92315d-eab7-5bef-84fa-089a131333f5',
              name: 'USD Coin',
              symbol: 'USDC',
              networks: [
                {
                  name: 'ethereum',
                  display_name: 'Ethereum',
                  chain_id: '1',
                  contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
                },
              ],
            },
          ],
        }),
      ),
    ),
    http.post(
      `${coinbaseUrl}/v1/buy/quote`,
      coinbase(async (request) => {
        const body = (await request.json()) as Record<string, string>
        return HttpResponse.json({
          payment_total: { value: body.paymentAmount, currency: body.paymentCurrency },
          payment_subtotal: { value: '98.53', currency: body.paymentCurrency },
          purchase_amount: { value: '98.530000', currency: body.purchaseCurrency },
          coinbase_fee: { value: '1.22', currency: body.paymentCurrency },
          network_fee: { value: '0.25', currency: body.paymentCurrency },
          quote_id: 'quote-1',
        })
      }),
    ),
    http.post(
      `${coinbaseUrl}/v1/token`,
      coinbase(() => HttpResponse.json({ token: 'session-token-1', channel_id: '' })),
    ),
  ]
  return { handlers, calls, transactions }
}
