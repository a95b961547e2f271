/**
 * The example's wagmi config: the local chain (anvil, 31337) and Airlock's connector. Where
 * Airlock and the chain are comes from the page (`#example-config`, which serve.mjs writes).
 */
import { airlock } from '@airlock/wagmi'
import { createConfig, http } from 'wagmi'
import { foundry } from 'wagmi/chains'

type ExampleConfig = { projectId: string; modalUrl: string; rpcUrl: string }

export const example = JSON.parse(
  document.getElementById('example-config')?.textContent ?? '{}',
) as ExampleConfig

/** The Airlock options the connector and the React provider share: one Airlock on the page. */
export const airlockOptions = {
  projectId: example.projectId,
  modalUrl: example.modalUrl,
  networks: ['eip155:31337' as const],
}

export const config = createConfig({
  chains: [foundry],
  connectors: [airlock(airlockOptions)],
  transports: { [foundry.id]: http(example.rpcUrl) },
})

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}
