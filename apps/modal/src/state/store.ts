/**
 * The modal's state: one framework-free store (zustand/vanilla). Controllers in
 * `controllers.ts` change it; React reads it through `useModalState`.
 */
import type {
  Alert,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  FrameOptions,
  HostWalletInfo,
  ModalConfig,
  NetworkConfig,
} from '@airlock/protocol'
import { createStore } from 'zustand/vanilla'

export type ModalState = {
  config: ModalConfig
  /** The site's options, once the handshake has delivered them. */
  options: FrameOptions | undefined
  /** The site's networks that the API knows, in the site's order. */
  networks: NetworkConfig[]
  activeNetwork: CaipNetworkId | undefined
  status: ConnectionStatus
  address: string | undefined
  caipAddress: CaipAddress | undefined
  connectorId: string | undefined
  hostWallets: HostWalletInfo[]
  host: { origin: string; href: string } | undefined
  isMobile: boolean
  /** The namespace the last `open()` asked for. */
  requestedNamespace: ChainNamespace | undefined
  open: boolean
  alert: Alert | undefined
}

export type ModalStore = ReturnType<typeof createModalStore>

export function createModalStore(config: ModalConfig) {
  return createStore<ModalState>()(() => ({
    config,
    options: undefined,
    networks: [],
    activeNetwork: undefined,
    status: 'disconnected',
    address: undefined,
    caipAddress: undefined,
    connectorId: undefined,
    hostWallets: [],
    host: undefined,
    isMobile: false,
    requestedNamespace: undefined,
    open: false,
    alert: undefined,
  }))
}

export function namespaceOf(caipNetworkId: CaipNetworkId | undefined): ChainNamespace | undefined {
  return caipNetworkId?.split(':')[0] as ChainNamespace | undefined
}
