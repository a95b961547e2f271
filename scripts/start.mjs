// `npm start`: builds the browser bundles, then runs anvil, its ERC-4337 bundler, the WalletConnect
// relay, the local Solana chain, the dev mail server, the dev OpenID provider (every social login),
// the dev Farcaster relay, the onramp stand-ins, the API, the demo site and the React example
// until Ctrl-C. Ports: API_PORT (8787), DEMO_PORT (5173), EXAMPLE_PORT (5174, the React + wagmi
// example), ANVIL_PORT (8545), RELAY_PORT (8789), SOLANA_PORT (8899), SMTP_PORT (2525, the
// dev mail server's SMTP), DEV_MAIL_PORT (8790, its page), OIDC_PORT (8791, the OpenID provider),
// FARCASTER_PORT (8792, the Farcaster relay and the sign-in page a Farcaster app would be) and
// BUNDLER_PORT (8793, alto, the ERC-4337 bundler; it listens on every interface) and
// PAYMASTER_PORT (8794, the dev ERC-7677 paymaster that sponsors gas for projects that ask) and
// ONRAMP_PORT (8795, the Meld and Coinbase stand-ins Buy goes through) and ESPLORA_PORT (8796,
// Bitcoin regtest: an Esplora API over a ledger that validates the transactions it is sent) and
// COSMOS_PORT (8797, Cosmos Local: a Cosmos SDK chain's RPC and REST API over a validating ledger)
// and POLKADOT_PORT (8798, Polkadot Local: a Substrate node's JSON-RPC over a validating ledger).
import { buildBundles, startStack } from './stack.mjs'

const port = (name, fallback) => Number(process.env[name] ?? fallback)

await buildBundles()
const stack = await startStack({
  apiPort: port('API_PORT', 8787),
  demoPort: port('DEMO_PORT', 5173),
  examplePort: port('EXAMPLE_PORT', 5174),
  anvilPort: port('ANVIL_PORT', 8545),
  relayPort: port('RELAY_PORT', 8789),
  solanaPort: port('SOLANA_PORT', 8899),
  smtpPort: port('SMTP_PORT', 2525),
  devMailPort: port('DEV_MAIL_PORT', 8790),
  oidcPort: port('OIDC_PORT', 8791),
  farcasterPort: port('FARCASTER_PORT', 8792),
  bundlerPort: port('BUNDLER_PORT', 8793),
  paymasterPort: port('PAYMASTER_PORT', 8794),
  onrampPort: port('ONRAMP_PORT', 8795),
  esploraPort: port('ESPLORA_PORT', 8796),
  cosmosPort: port('COSMOS_PORT', 8797),
  polkadotPort: port('POLKADOT_PORT', 8798),
})
console.log(`
Airlock is running:
  demo site   ${stack.urls.demo}
  React app   ${stack.urls.example}  (apps/example-react: wagmi + @airlock/wagmi + @airlock/react)
  modal + API ${stack.urls.api}  (loader: ${stack.urls.api}/airlock.js)
  EVM chain   ${stack.urls.anvil}  (anvil, chain id 31337)
  bundler     ${stack.urls.bundler}  (alto, ERC-4337 EntryPoint v0.8; listens on all interfaces)
  paymaster   ${stack.urls.paymaster}  (dev ERC-7677 paymaster: gas for projects with gasSponsorship)
  WC relay    ${stack.urls.relay}  (local WalletConnect relay)
  Solana      ${stack.urls.solana}  (litesvm, solana:localnet)
  dev mail    ${stack.urls.devMail}  (what the API mails, login codes too)
  social      ${stack.urls.oidc}/<provider>  (dev OpenID provider: every social login, as dev-user)
  farcaster   ${stack.urls.farcaster}  (dev Farcaster relay; its QR links sign in as @alice or @bob)
  onramp      ${stack.urls.onramp}  (Meld and Coinbase stand-ins: Buy on Ethereum, test checkouts)
  Bitcoin     ${stack.urls.esplora}  (Esplora API of regtest; POST /dev/fund {"address","sats"} pays an address)
  Cosmos      ${stack.urls.cosmos}  (Cosmos Local, airlock-local-1: REST API, /rpc; POST /dev/fund {"address","amount"} pays uatom)
  Polkadot    ${stack.urls.polkadot}  (Polkadot Local: JSON-RPC over HTTP and ws; POST /dev/fund {"address","amount"} pays plancks)
Press Ctrl-C to stop.
`)
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    await stack.stop()
    process.exit(0)
  })
