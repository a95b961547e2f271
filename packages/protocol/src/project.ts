/** The project configuration the API serves (GET /v1/projects/:id/config) and inlines in the modal. */
import type { CaipNetworkId } from './caip'

export type NetworkConfig = {
  caipNetworkId: CaipNetworkId
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrl: string
  blockExplorerUrl?: string
}

export type ProjectFeatures = {
  send: boolean
  receive: boolean
  onramp: boolean
  swaps: boolean
  activity: boolean
  email: boolean
  socials: string[]
  multiWallet: boolean
  analytics: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  pay: boolean
}

/**
 * Where the modal's WalletConnect client connects: the relay, the WalletConnect (Reown) project
 * id the relay knows the site by, and whether the Verify attestation step runs.
 */
export type WalletConnectConfig = {
  relayUrl: string
  projectId: string
  verify: boolean
}

export type ProjectConfig = {
  id: string
  allowedOrigins: string[]
  features: ProjectFeatures
  networks: NetworkConfig[]
  /** Absent when the operator has not configured WalletConnect. */
  walletConnect: WalletConnectConfig | null
}

/** What the API inlines into the modal's HTML as `<script id="airlock-config">`. */
export type ModalConfig = {
  projectId: string | null
  project: ProjectConfig | null
  error: null | 'invalidProjectId' | 'projectIdNotConfigured'
}
