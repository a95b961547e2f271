/** The project configuration the API serves (GET /v1/projects/:id/config) and inlines in the modal. */
import type { CaipNetworkId } from './caip'
import { socialProviders } from './validation'

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

/** The switches of a project that chose none (spec §6): multiWallet, legal checkbox, smart sessions and pay off. */
export const defaultProjectFeatures: Readonly<ProjectFeatures> = {
  send: true,
  receive: true,
  onramp: true,
  swaps: true,
  activity: true,
  email: true,
  socials: [...socialProviders],
  multiWallet: false,
  analytics: true,
  legalCheckbox: false,
  smartSessions: false,
  pay: false,
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
