// Preloaded into the e2e stack's API process (NODE_OPTIONS=--import): Meld's and Coinbase's
// onramp APIs faked at the HTTP layer with msw, on their real URLs, exactly as the API's own tests
// fake them (apps/api/test/onrampProviders.ts), and the API given those fakes' keys and webhook
// secrets. Everything
// else the API fetches goes out as it is. Only the e2e harness loads this.
import { register } from 'tsx/esm/api'

register()
const { setupServer } = await import('msw/node')
const {
  fakeOnrampProviders,
  meldApiKey,
  meldWebhookSecret,
  coinbaseAppId,
  coinbaseKeyId,
  coinbaseApiSecret,
  coinbaseWebhookSecret,
} = await import('../../apps/api/test/onrampProviders.ts')

Object.assign(process.env, {
  AIRLOCK_ONRAMP_MELD_API_KEY: meldApiKey,
  // The specs sign the providers' webhooks with these (buy-order.spec.ts).
  AIRLOCK_ONRAMP_MELD_WEBHOOK_SECRET: meldWebhookSecret,
  AIRLOCK_ONRAMP_COINBASE_WEBHOOK_SECRET: coinbaseWebhookSecret,
  AIRLOCK_ONRAMP_COINBASE_APP_ID: coinbaseAppId,
  AIRLOCK_ONRAMP_COINBASE_API_KEY: coinbaseKeyId,
  AIRLOCK_ONRAMP_COINBASE_API_SECRET: coinbaseApiSecret,
})
setupServer(...fakeOnrampProviders().handlers).listen({ onUnhandledRequest: 'bypass' })
