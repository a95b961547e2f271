/**
 * The public view of a project that the modal needs: served as JSON and inlined in its page.
 * Its networks are the project's, or the whole catalogue when it names none; a network the
 * operator has since removed from the catalogue is left out, and a default that went with it.
 * Its social logins are those of the project this API can sign in with (`socialLogins`: the
 * providers it has a client for); the others are not offered.
 */

import type {
  NetworkConfig,
  ProjectConfig,
  SocialProvider,
  WalletConnectConfig,
} from '@airlock/protocol'
import type { Project } from './projects'

export function toProjectConfig(
  project: Project,
  catalogue: readonly NetworkConfig[],
  walletConnect: WalletConnectConfig | null,
  socialLogins: readonly SocialProvider[],
): ProjectConfig {
  const { settings } = project
  const configured = configuredNetworks(project, catalogue)
  const networks = projectNetworks(project, catalogue)
  const defaultNetwork = networks.some(
    (network) => network.caipNetworkId === settings.defaultNetwork,
  )
    ? settings.defaultNetwork
    : null
  return {
    id: project.id,
    allowedOrigins: project.allowedOrigins,
    features: {
      ...project.features,
      socials: project.features.socials.filter((provider) => socialLogins.includes(provider)),
    },
    networks,
    configuredNetworks: configured.map((network) => network.caipNetworkId),
    defaultNetwork,
    theme: settings.theme,
    featuredWalletIds: settings.featuredWalletIds,
    excludeWallets: settings.excludeWallets,
    siwx: settings.siwx,
    walletConnect,
  }
}

/** The project's networks, from the catalogue: those it names, or (naming none) every one. */
export function projectNetworks(project: Project, catalogue: readonly NetworkConfig[]) {
  const configured = configuredNetworks(project, catalogue)
  return configured.length ? configured : [...catalogue]
}

const configuredNetworks = (project: Project, catalogue: readonly NetworkConfig[]) =>
  project.settings.networks.flatMap(
    (id) => catalogue.find((network) => network.caipNetworkId === id) ?? [],
  )
