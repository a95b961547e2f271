// Local stand-ins of Meld's and Coinbase's onramp APIs (issue 36), so `npm start` and the e2e stack
// offer Buy offline and a newcomer can walk a whole purchase: HTTP servers on loopback speaking
// the parts of their APIs the API's adapters call (apps/api/src/services/onramp/meld.ts,
// coinbase.ts), each checking the credential its provider requires, and a checkout page per
// provider whose buttons complete or fail the order and send the provider's signed webhook to the
// API, as Meld and Coinbase sign theirs. The API labels them as test providers, and production
// refuses them (AIRLOCK_ONRAMP_TEST_PROVIDERS_URL). Nothing is charged and nothing is delivered.
//
//   /meld/…              Meld's API (BASIC key): limits, quote, widget session, transaction status
//   /meld/checkout/:id   the widget: Complete / Fail → TRANSACTION_CRYPTO_* webhook (Meld-Signature)
//   /coinbase/onramp/…   Coinbase's Onramp API (CDP JWT): options, quote, token, transactions
//   /coinbase/checkout   the checkout: Complete / Fail → onramp.transaction.* (X-Hook0-Signature)
import { createHmac, generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import { createServer } from 'node:http'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

/**
 * The stand-ins' keys and webhook secrets: public, as they guard nothing real. The Coinbase
 * signing key is made at each start (`env()` hands it to the API).
 */
export const devOnrampKeys = {
  meldApiKey: 'dev-meld-api-key-0001',
  meldWebhookSecret: 'dev-meld-webhook-secret-0001',
  coinbaseAppId: 'dev-cdp-project',
  coinbaseKeyId: 'organizations/dev/apiKeys/dev-onramp',
  coinbaseWebhookSecret: 'dev-coinbase-webhook-secret-0001',
}

const maxBodyBytes = 64 * 1024

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

/** Two decimals, as the providers quote: 97.5 → 97.5, 97.456 → 97.46. */
const cents = (/** @type {number} */ value) => Math.round(value * 100) / 100

/**
 * Starts the stand-ins on 127.0.0.1. `port` 0 picks a free one (default env ONRAMP_PORT, else
 * 8795); `apiUrl` is where the webhooks go (the API's public origin, as the provider would post).
 * @param {{ port?: number, apiUrl: string, quiet?: boolean }} options
 */
export async function startDevOnramp({
  port = Number(process.env.ONRAMP_PORT ?? 8795),
  apiUrl,
  quiet = false,
}) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const jwk = privateKey.export({ format: 'jwk' })
  const coinbaseSecret = Buffer.concat([
    Buffer.from(jwk.d ?? '', 'base64url'),
    Buffer.from(jwk.x ?? '', 'base64url'),
  ]).toString('base64')
  /** Meld widget sessions by id: what was asked, and the transaction once paid. */
  const meldSessions = new Map()
  /** Coinbase session tokens → the address; transactions by partnerUserRef. */
  const coinbaseTokens = new Map()
  const coinbaseTransactions = new Map()
  let origin = ''
  const log = (/** @type {string} */ line) => {
    if (!quiet) console.log(`[onramp] ${line}`)
  }

  /** Whether a Coinbase request carries a JWT of our key for its method, host and path. */
  function coinbaseAuthorised(/** @type {import('node:http').IncomingMessage} */ request) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const [header, claims, signature] = token?.split('.') ?? []
    if (!header || !claims || !signature) return false
    try {
      const payload = JSON.parse(Buffer.from(claims, 'base64url').toString())
      const path = new URL(request.url ?? '/', origin).pathname
      const now = Date.now() / 1000
      return (
        verify(
          null,
          Buffer.from(`${header}.${claims}`),
          publicKey,
          Buffer.from(signature, 'base64url'),
        ) &&
        payload.sub === devOnrampKeys.coinbaseKeyId &&
        payload.uri === `${request.method} ${new URL(origin).host}${path}` &&
        payload.exp > now
      )
    } catch {
      return false
    }
  }

  /** Posts a webhook to the API, signed; the API's answer status, or why it could not be sent. */
  async function sendWebhook(
    /** @type {'meld' | 'coinbase'} */ provider,
    /** @type {unknown} */ event,
  ) {
    const url = `${apiUrl}/v1/onramp/webhooks/${provider}`
    const body = JSON.stringify(event)
    /** @type {Record<string, string>} */
    const headers = { 'content-type': 'application/json' }
    if (provider === 'meld') {
      const timestamp = new Date().toISOString()
      headers['meld-signature'] = `${createHmac('sha256', devOnrampKeys.meldWebhookSecret)
        .update(`${timestamp}.${url}.${body}`)
        .digest('base64url')}=`
      headers['meld-signature-timestamp'] = timestamp
    } else {
      const t = Math.floor(Date.now() / 1000)
      const eventId = randomBytes(8).toString('hex')
      headers['x-hook0-id'] = eventId
      const v1 = createHmac('sha256', devOnrampKeys.coinbaseWebhookSecret)
        .update(`${t}.content-type x-hook0-id.application/json.${eventId}.${body}`)
        .digest('hex')
      headers['x-hook0-signature'] = `t=${t},h=content-type x-hook0-id,v1=${v1}`
    }
    try {
      const answer = await fetch(url, { method: 'POST', headers, body })
      log(`${provider} webhook → ${answer.status}`)
      return `the API answered ${answer.status}`
    } catch (error) {
      return `the API could not be reached (${error instanceof Error ? error.message : error})`
    }
  }

  /** @param {string} title @param {string} body */
  const page = (title, body) =>
    `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui;max-width:420px;margin:40px auto;padding:0 16px}
button{font:inherit;padding:8px 16px;margin:4px 8px 0 0}.note{color:#b45309}</style>
<h1>${escapeHtml(title)}</h1><p class="note">A test checkout: nothing is charged and nothing is delivered.</p>${body}`

  /** @param {string} action @param {string} what */
  const buttons = (action, what) =>
    `<p>${what}</p><form method="post" action="${escapeHtml(action)}/complete"><button>Complete purchase</button></form>
<form method="post" action="${escapeHtml(action)}/fail"><button>Fail purchase</button></form>`

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {URL} url
   * @param {unknown} body
   * @returns {Promise<{ status: number, json?: unknown, html?: string }>}
   */
  async function answer(request, url, body) {
    const path = url.pathname
    const method = request.method ?? 'GET'
    const json = /** @type {Record<string, any>} */ (body ?? {})

    // Meld's checkout widget and its buttons (no key: the visitor's browser opens it).
    const meldCheckout = /^\/meld\/checkout\/([\w-]+)(?:\/(complete|fail))?$/.exec(path)
    if (meldCheckout) {
      const session = meldSessions.get(meldCheckout[1])
      if (!session) return { status: 404, html: page('Meld.io (test)', '<p>No such checkout.</p>') }
      const what = `Pay ${session.sourceAmount} ${session.sourceCurrencyCode} for ${session.destinationAmount} ${session.symbol}, sent to ${session.walletAddress}.`
      if (method === 'GET' && !meldCheckout[2])
        return {
          status: 200,
          html: page('Meld.io (test) checkout', buttons(path, escapeHtml(what))),
        }
      if (method !== 'POST' || !meldCheckout[2]) return { status: 405 }
      const done = meldCheckout[2] === 'complete'
      session.status = done ? 'SETTLED' : 'FAILED'
      const sent = await sendWebhook('meld', {
        eventType: done ? 'TRANSACTION_CRYPTO_COMPLETE' : 'TRANSACTION_CRYPTO_FAILED',
        eventId: randomBytes(8).toString('hex'),
        timestamp: new Date().toISOString(),
        accountId: 'dev-account',
        version: '2025-03-01',
        payload: {
          accountId: 'dev-account',
          paymentTransactionId: `tx-${session.id}`,
          customerId: 'dev-customer',
          sessionId: session.id,
          externalSessionId: session.externalSessionId,
          paymentTransactionStatus: session.status,
        },
      })
      return {
        status: 200,
        html: page(
          `Purchase ${done ? 'completed' : 'failed'} (test)`,
          `<p>Meld's webhook was sent: ${escapeHtml(sent)}. You can close this window.</p>`,
        ),
      }
    }

    // Coinbase's checkout page and its buttons.
    const coinbaseCheckout = /^\/coinbase\/checkout(?:\/(complete|fail))?$/.exec(path)
    if (coinbaseCheckout) {
      const ref = url.searchParams.get('partnerUserRef') ?? ''
      const address = coinbaseTokens.get(url.searchParams.get('sessionToken') ?? '')
      if (!ref || !address)
        return { status: 400, html: page('Coinbase (test)', '<p>No such checkout.</p>') }
      const asset = url.searchParams.get('defaultAsset') ?? 'USDC'
      const what = `Pay ${url.searchParams.get('presetFiatAmount')} ${url.searchParams.get('fiatCurrency')} for ${asset}, sent to ${address}.`
      if (method === 'GET' && !coinbaseCheckout[1])
        return {
          status: 200,
          html: page(
            'Coinbase (test) checkout',
            buttons(`${path}`, escapeHtml(what)).replaceAll(
              /action="([^"]+)"/g,
              (_, action) => `action="${action}${escapeHtml(url.search)}"`,
            ),
          ),
        }
      if (method !== 'POST' || !coinbaseCheckout[1]) return { status: 405 }
      const done = coinbaseCheckout[1] === 'complete'
      const status = done ? 'ONRAMP_TRANSACTION_STATUS_SUCCESS' : 'ONRAMP_TRANSACTION_STATUS_FAILED'
      coinbaseTransactions.set(ref, { status, partner_user_ref: ref })
      const sent = await sendWebhook('coinbase', {
        eventType: done ? 'onramp.transaction.success' : 'onramp.transaction.failed',
        transactionId: randomBytes(8).toString('hex'),
        status,
        purchaseCurrency: asset,
        purchaseNetwork: url.searchParams.get('defaultNetwork'),
        partnerUserRef: ref,
        walletAddress: address,
      })
      return {
        status: 200,
        html: page(
          `Purchase ${done ? 'completed' : 'failed'} (test)`,
          `<p>Coinbase's webhook was sent: ${escapeHtml(sent)}. You can close this window.</p>`,
        ),
      }
    }

    if (path.startsWith('/meld/')) {
      if (request.headers.authorization !== `BASIC ${devOnrampKeys.meldApiKey}`)
        return { status: 401, json: { code: 'UNAUTHORIZED' } }
      if (method === 'GET' && path === '/meld/service-providers/limits/fiat-currency-purchases')
        return {
          status: 200,
          json: [
            { currencyCode: 'USD', defaultAmount: 150, minimumAmount: 20, maximumAmount: 5000 },
            { currencyCode: 'EUR', defaultAmount: 150, minimumAmount: 15, maximumAmount: 4000 },
          ],
        }
      if (method === 'POST' && path === '/meld/payments/crypto/quote') {
        const amount = Number(json.sourceAmount)
        const quote = (/** @type {string} */ serviceProvider, /** @type {number} */ rate) => ({
          transactionType: 'CRYPTO_PURCHASE',
          sourceAmount: amount,
          sourceCurrencyCode: json.sourceCurrencyCode,
          destinationAmount: cents(amount * (1 - rate)),
          destinationCurrencyCode: json.destinationCurrencyCode,
          totalFee: cents(amount * rate),
          paymentMethodType: json.paymentMethodType,
          serviceProvider,
        })
        return {
          status: 200,
          json: {
            quotes: [quote('BANXA', 0.039), quote('TRANSAK', 0.025)],
            message: null,
            error: null,
          },
        }
      }
      if (method === 'POST' && path === '/meld/crypto/session/widget') {
        const data = json.sessionData ?? {}
        const id = randomBytes(12).toString('base64url')
        const amount = Number(data.sourceAmount)
        meldSessions.set(id, {
          id,
          externalSessionId: json.externalSessionId,
          walletAddress: String(data.walletAddress),
          sourceAmount: amount,
          sourceCurrencyCode: String(data.sourceCurrencyCode),
          symbol: String(data.destinationCurrencyCode).split('_')[0],
          // TRANSAK's rate, the one the API chose.
          destinationAmount: cents(
            amount * (1 - (data.serviceProvider === 'BANXA' ? 0.039 : 0.025)),
          ),
          status: undefined,
        })
        log(`Meld checkout ${id} for order ${json.externalSessionId}`)
        return { status: 200, json: { id, widgetUrl: `${origin}/meld/checkout/${id}`, token: id } }
      }
      const transaction = /^\/meld\/payments\/transactions\/sessions\/([\w-]+)$/.exec(path)
      if (method === 'GET' && transaction) {
        const session = meldSessions.get(transaction[1])
        if (!session?.status) return { status: 404, json: { code: 'NOT_FOUND' } }
        return {
          status: 200,
          json: {
            transaction: {
              id: `tx-${session.id}`,
              sessionId: session.id,
              status: session.status,
              destinationAmount: session.destinationAmount,
            },
          },
        }
      }
      return { status: 404, json: { code: 'NOT_FOUND' } }
    }

    if (path.startsWith('/coinbase/onramp/')) {
      if (!coinbaseAuthorised(request)) return { status: 401, json: { message: 'Unauthorized' } }
      if (method === 'GET' && path === '/coinbase/onramp/v1/buy/options')
        return {
          status: 200,
          json: {
            payment_currencies: [
              {
                id: 'USD',
                limits: [
                  { id: 'CARD', min: '2', max: '7500' },
                  { id: 'ACH_BANK_ACCOUNT', min: '2', max: '25000' },
                ],
              },
              { id: 'EUR', limits: [{ id: 'CARD', min: '5', max: '8000' }] },
            ],
          },
        }
      if (method === 'POST' && path === '/coinbase/onramp/v1/buy/quote') {
        const amount = Number(json.paymentAmount)
        const fee = cents(amount * 0.0122)
        const money = (/** @type {number} */ value, /** @type {string} */ currency) => ({
          value: value.toFixed(2),
          currency,
        })
        return {
          status: 200,
          json: {
            payment_total: money(amount, json.paymentCurrency),
            payment_subtotal: money(amount - fee - 0.25, json.paymentCurrency),
            purchase_amount: {
              value: (amount - fee - 0.25).toFixed(6),
              currency: json.purchaseCurrency,
            },
            coinbase_fee: money(fee, json.paymentCurrency),
            network_fee: money(0.25, json.paymentCurrency),
            quote_id: randomBytes(8).toString('hex'),
          },
        }
      }
      if (method === 'POST' && path === '/coinbase/onramp/v1/token') {
        const token = randomBytes(16).toString('base64url')
        coinbaseTokens.set(token, String(json.addresses?.[0]?.address ?? ''))
        return { status: 200, json: { token, channel_id: '' } }
      }
      const transactions = /^\/coinbase\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(path)
      if (method === 'GET' && transactions) {
        const found = coinbaseTransactions.get(decodeURIComponent(transactions[1] ?? ''))
        return {
          status: 200,
          json: {
            transactions: found ? [found] : [],
            next_page_key: '',
            total_count: found ? '1' : '0',
          },
        }
      }
      return { status: 404, json: { message: 'Not found' } }
    }
    return { status: 404, json: { message: 'Not found' } }
  }

  const server = createServer(async (request, response) => {
    const chunks = []
    let size = 0
    for await (const chunk of request) {
      size += chunk.length
      if (size > maxBodyBytes) {
        response.writeHead(413).end()
        return
      }
      chunks.push(chunk)
    }
    const text = Buffer.concat(chunks).toString()
    let body
    try {
      body =
        text && request.headers['content-type']?.includes('json') ? JSON.parse(text) : undefined
    } catch {
      response.writeHead(400).end()
      return
    }
    const { status, json, html } = await answer(request, new URL(request.url ?? '/', origin), body)
    if (html !== undefined)
      response
        .writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy':
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        })
        .end(html)
    else if (json !== undefined)
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
    else response.writeHead(status).end()
  })
  const listening = await listenOnLoopback(server, port)
  origin = `http://127.0.0.1:${listening}`
  log(`Meld and Coinbase stand-ins on ${origin}`)

  return {
    origin,
    /** The API's environment for the stand-ins: their URL, keys and webhook secrets. */
    env() {
      return {
        AIRLOCK_ONRAMP_TEST_PROVIDERS_URL: origin,
        AIRLOCK_ONRAMP_MELD_API_KEY: devOnrampKeys.meldApiKey,
        AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET: devOnrampKeys.meldWebhookSecret,
        AIRLOCK_ONRAMP_COINBASE_APP_ID: devOnrampKeys.coinbaseAppId,
        AIRLOCK_ONRAMP_COINBASE_API_KEY: devOnrampKeys.coinbaseKeyId,
        AIRLOCK_ONRAMP_COINBASE_API_SECRET: coinbaseSecret,
        AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET: devOnrampKeys.coinbaseWebhookSecret,
      }
    },
    close: () => closeHttpServer(server),
  }
}
