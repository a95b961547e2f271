// Where the e2e stack listens. Fixed loopback ports, away from `npm start`'s, overridable by env.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

export const ports = {
  api: port('E2E_API_PORT', 18787),
  demo: port('E2E_DEMO_PORT', 15173),
  /** The React + wagmi example dapp (apps/example-react). */
  example: port('E2E_EXAMPLE_PORT', 15176),
  anvil: port('E2E_ANVIL_PORT', 18545),
  relay: port('E2E_RELAY_PORT', 18789),
  solana: port('E2E_SOLANA_PORT', 18899),
  smtp: port('E2E_SMTP_PORT', 12525),
  devMail: port('E2E_DEV_MAIL_PORT', 18790),
  oidc: port('E2E_OIDC_PORT', 18791),
  farcaster: port('E2E_FARCASTER_PORT', 18792),
  bundler: port('E2E_BUNDLER_PORT', 18793),
  paymaster: port('E2E_PAYMASTER_PORT', 18794),
  /** The onramp stand-ins; 0: a free port (the checkout's address comes from the API). */
  onramp: port('E2E_ONRAMP_PORT', 0),
  /** The Esplora API stand-in of Bitcoin regtest (scripts/devEsplora.mjs). */
  esplora: port('E2E_ESPLORA_PORT', 18796),
  /** The Cosmos chain stand-in, Cosmos Local (scripts/devCosmos.mjs). */
  cosmos: port('E2E_COSMOS_PORT', 18797),
  /** The Polkadot node stand-in, Polkadot Local (scripts/devPolkadot.mjs). */
  polkadot: port('E2E_POLKADOT_PORT', 18798),
  fixtures: port('E2E_FIXTURES_PORT', 15174),
  hostile: port('E2E_HOSTILE_PORT', 15175),
}

/** The modal's origin, the host pages' origins (demo, fixtures, the React example), and a third origin nobody allowed. */
export const origins = {
  modal: `http://localhost:${ports.api}`,
  demo: `http://127.0.0.1:${ports.demo}`,
  example: `http://127.0.0.1:${ports.example}`,
  fixtures: `http://127.0.0.1:${ports.fixtures}`,
  hostile: `http://127.0.0.2:${ports.hostile}`,
}
