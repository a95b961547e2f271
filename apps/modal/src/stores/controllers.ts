/**
 * Controllers: plain functions that change the modal store. They hold the modal's decisions
 * (which networks the site gets, which alert shows, what the host sees) and run without React.
 */
import {
  type AirlockState,
  type Alert,
  type AlertId,
  alerts,
  type CaipNetworkId,
  type FeatureKey,
  type FrameOptions,
  InvalidParamsError,
  isFeatureOn,
  namespaceOf,
  type ProjectConfig,
  resolvePageOptions,
} from '@airlock/protocol'
import { activeConnection } from './connections'
import type { ModalState, ModalStore } from './store'

/**
 * Applies the site's options from the handshake (or `setOptions`): what the page runs with is
 * its project's configuration narrowed by them (`resolvePageOptions`).
 */
export function applyOptions(store: ModalStore, siteOptions: FrameOptions, isMobile: boolean) {
  store.setState({ siteOptions, isMobile })
  applyPageOptions(store)
}

/**
 * Takes the project's configuration as the API serves it now: a change the operator made reaches
 * a page that was already loaded, at its next open.
 */
export function applyProjectConfig(store: ModalStore, project: ProjectConfig) {
  const { config } = store.getState()
  if (JSON.stringify(config.project) === JSON.stringify(project)) return
  store.setState({ config: { ...config, project } })
  if (store.getState().siteOptions) applyPageOptions(store)
}

function applyPageOptions(store: ModalStore) {
  const { config, siteOptions, activeNetwork } = store.getState()
  if (!siteOptions) return
  const { options, refusedNetworks, siwx } = resolvePageOptions(config.project, siteOptions)
  const known = config.project?.networks ?? []
  const networks = options.networks.flatMap(
    (id) => known.find((network) => network.caipNetworkId === id) ?? [],
  )
  const stillActive = networks.some((network) => network.caipNetworkId === activeNetwork)
  store.setState({
    options,
    siwx,
    networks,
    activeNetwork: stillActive
      ? activeNetwork
      : (options.defaultNetwork ?? networks[0]?.caipNetworkId),
  })
  // Without a project there is no catalogue to look in; its own alert says why.
  if (refusedNetworks.length && config.project) showAlert(store, 'networkNotFound')
}

/** Shows an alert (from the catalogue, by id) in the alert bar; the same one again is no news. */
export function showAlert(store: ModalStore, alert: AlertId | Alert) {
  const next = typeof alert === 'string' ? alerts[alert] : alert
  if (store.getState().alert !== next) store.setState({ alert: next })
}

export function dismissAlert(store: ModalStore) {
  store.setState({ alert: undefined })
}

/** Makes a configured network the active one (before connecting, the one to connect on). */
export function selectNetwork(store: ModalStore, caipNetworkId: CaipNetworkId) {
  const { networks } = store.getState()
  if (!networks.some((network) => network.caipNetworkId === caipNetworkId)) {
    showAlert(store, 'networkNotFound')
    throw new InvalidParamsError({
      message: alerts.networkNotFound.shortMessage,
      details: `${caipNetworkId} is not one of the site's networks.`,
    })
  }
  store.setState({ activeNetwork: caipNetworkId })
}

/** Whether any chain adapter is configured: the site has at least one known network. */
export function hasAdapters(state: ModalState): boolean {
  return state.networks.length > 0
}

/** The state the host mirrors (`airlock.getState()`), without `open`, which the host owns. */
export function airlockState(state: ModalState): AirlockState {
  const result: AirlockState = { open: state.open, status: state.status }
  if (state.address) result.address = state.address
  if (state.caipAddress) result.caipAddress = state.caipAddress
  if (state.activeNetwork) {
    result.chainId = state.activeNetwork
    const namespace = namespaceOf(state.activeNetwork)
    if (namespace) result.namespace = namespace
  }
  // An email or social wallet is one connector inside the frame; the site sees how the visitor
  // signed in ('email', 'google', 'farcaster', …), as a wallet's id tells which wallet it is.
  const login = activeConnection(state)?.authProvider
  if (state.connectorId) result.connectorId = login ?? state.connectorId
  if (state.siwxSession) result.siwxSession = state.siwxSession
  return { ...result, ...state.accountProfile }
}

/** A feature switch (spec §6): on when the project allows it and the site did not switch it off. */
export function featureEnabled(state: ModalState, feature: FeatureKey): boolean {
  return isFeatureOn(state.config.project?.features, state.options?.features, feature)
}
