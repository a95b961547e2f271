// The onramp stand-ins `npm start` runs (scripts/devOnramp.mjs), against the API's own adapters and
// webhook readers: over real loopback HTTP they answer every call the adapters make, with the
// credentials each provider requires; their checkout pages complete or fail an order and post the
// provider's webhook, which the API's readers accept as signed with the stand-ins' secrets; and
// the order status APIs report it after. The providers are labelled as test providers.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DevOnramp, devOnrampKeys, startDevOnramp } from '../../../../../scripts/devOnramp.mjs'
import { readCoinbaseWebhook } from './coinbaseWebhook'
import { readMeldWebhook } from './meldWebhook'
import { createOnramp, onrampAdapters } from './onramp'
import { readOnrampConfig } from './onrampConfig'
import type { OnrampWebhookEvent } from './webhookEvent'

/** A stand-in for the API's webhook routes: each webhook read as the API reads it. */
type Received = { provider: string; event: OnrampWebhookEvent | undefined; error?: string }

let standIns: DevOnramp
let api: Server
let apiUrl = ''
const received: Received[] = []

beforeAll(async () => {
  api = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const provider = (request.url ?? '').split('/').at(-1) ?? ''
    const signed = {
      rawBody: Buffer.concat(chunks).toString(),
      header: (name: string) => request.headers[name.toLowerCase()] as string | undefined,
      url: `${apiUrl}${request.url}`,
    }
    try {
      const event =
        provider === 'meld'
          ? readMeldWebhook(signed, devOnrampKeys.meldWebhookSecret, Date.now())
          : readCoinbaseWebhook(signed, devOnrampKeys.coinbaseWebhookSecret, Date.now())
      received.push({ provider, event })
      response.writeHead(200).end('{}')
    } catch (error) {
      received.push({ provider, event: undefined, error: (error as Error).message })
      response.writeHead(401).end('{}')
    }
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  standIns = await startDevOnramp({ port: 0, apiUrl, quiet: true })
})
afterAll(async () => {
  await standIns?.close()
  await new Promise((resolve) => api?.close(resolve))
})

const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const purchase = {
  purchaseCurrency: 'USDC',
  paymentCurrency: 'USD',
  amount: '100',
  address,
  clientIp: '127.0.0.1',
}

/** Presses a button of a checkout page as the visitor's browser would: its form's POST. */
async function press(pageUrl: string, button: 'complete' | 'fail') {
  const html = await (await fetch(pageUrl)).text()
  const action = [...html.matchAll(/action="([^"]+)"/g)]
    .map((match) => (match[1] ?? '').replaceAll('&amp;', '&'))
    .find((path) => path.includes(`/${button}`))
  expect(action).toBeDefined()
  const answer = await fetch(new URL(action ?? '', pageUrl), { method: 'POST' })
  expect(answer.status).toBe(200)
  return { html, after: await answer.text() }
}

describe('the onramp stand-ins', () => {
  const onramp = () => createOnramp(onrampAdapters(readOnrampConfig(standIns.env()) ?? {}))

  test('behavior: both providers are offered as test providers, with the limits and quotes of their APIs', async () => {
    const service = onramp()
    const options = await service.options()
    expect(options.providers.map((provider) => provider.label)).toEqual([
      'Meld.io (test)',
      'Coinbase (test)',
    ])
    const meld = await service.quote({ ...purchase, network: 'eip155:1', provider: 'meld' })
    expect(meld).toMatchObject({
      purchaseAmount: { amount: '97.5', currency: 'USDC' },
      fees: { amount: '2.5', currency: 'USD' },
    })
    const coinbase = await service.quote({
      ...purchase,
      network: 'eip155:8453',
      provider: 'coinbase',
    })
    expect(coinbase).toMatchObject({
      purchaseAmount: { amount: '98.530000', currency: 'USDC' },
      fees: { amount: '1.47', currency: 'USD' },
    })
  })

  test('behavior: Meld’s checkout page completes the order with a webhook the API accepts, and its status says settled', async () => {
    const service = onramp()
    const { opened } = await service.checkout({
      ...purchase,
      network: 'eip155:1',
      provider: 'meld',
      orderId: 'ord_standInMeld',
    })
    expect(opened.url.startsWith(`${standIns.origin}/meld/checkout/`)).toBe(true)
    const meld = service.adapters.find((adapter) => adapter.provider.id === 'meld')
    expect(await meld?.orderStatus(opened.providerOrderId)).toBeUndefined()

    received.length = 0
    const { html, after } = await press(opened.url, 'complete')
    expect(html).toContain(`Pay 100 USD for 97.5 USDC, sent to ${address}.`)
    expect(after).toContain('the API answered 200')
    expect(received).toEqual([
      {
        provider: 'meld',
        event: {
          orderId: 'ord_standInMeld',
          providerOrderId: opened.providerOrderId,
          status: 'completed',
          purchaseAmount: undefined,
        },
      },
    ])
    expect(await meld?.orderStatus(opened.providerOrderId)).toEqual({
      status: 'completed',
      purchaseAmount: '97.5',
    })
  })

  test('behavior: Coinbase’s checkout page fails the order with a webhook the API accepts, and its transactions say failed', async () => {
    const service = onramp()
    const { opened } = await service.checkout({
      ...purchase,
      network: 'eip155:8453',
      provider: 'coinbase',
      orderId: 'ord_standInCoinbase',
    })
    expect(opened.url.startsWith(`${standIns.origin}/coinbase/checkout?`)).toBe(true)
    received.length = 0
    await press(opened.url, 'fail')
    expect(received).toMatchObject([
      { provider: 'coinbase', event: { orderId: 'ord_standInCoinbase', status: 'failed' } },
    ])
    const coinbase = service.adapters.find((adapter) => adapter.provider.id === 'coinbase')
    expect(await coinbase?.orderStatus('ord_standInCoinbase')).toMatchObject({ status: 'failed' })
  })

  test('security: the stand-ins refuse calls without their provider’s credential', async () => {
    const meld = await fetch(`${standIns.origin}/meld/payments/crypto/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'BASIC wrong-key' },
      body: '{}',
    })
    expect(meld.status).toBe(401)
    const coinbase = await fetch(`${standIns.origin}/coinbase/onramp/v1/buy/options`, {
      headers: { authorization: 'Bearer not.a.jwt' },
    })
    expect(coinbase.status).toBe(401)
  })
})
