/**
 * The view tests' chains (scripts/viewTestChain.ts starts them): a real anvil, an RPC before it
 * that answers as a node without `eth_simulateV1`, one that never answers, and the local Solana
 * RPC; with the network configs that name them and anvil's funded dev key.
 */
import type { NetworkConfig } from '@airlock/protocol'
import { inject } from 'vitest'
// Type only (declared where the chains start, with what `inject` provides): nothing of it runs here.
import type { ViewTestChain } from '../../../../scripts/viewTestChain'
import { anvil, solanaLocalnet } from './renderView'

/** The test's anvil network (`eip155:31337`) on the RPC of `which`. */
export function anvilOn(which: 'anvil' | 'noSimulate' | 'silent'): NetworkConfig {
  const chain: ViewTestChain = inject('viewTestChain')
  const rpcUrl = {
    anvil: chain.rpcUrl,
    noSimulate: chain.noSimulateRpcUrl,
    silent: chain.silentRpcUrl,
  }[which]
  return { ...anvil, rpcUrl }
}

/** The test's Solana localnet on the local Solana RPC (seeded: dev accounts, sUSD). */
export function solanaOnRpc(): NetworkConfig {
  return { ...solanaLocalnet, rpcUrl: inject('viewTestChain').solanaRpcUrl }
}

/** Anvil's account #0 key: public, funded on any fresh anvil; it deploys the tests' contracts. */
export const anvilFunderKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
