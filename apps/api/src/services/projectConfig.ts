/**
 * The public view of a project that the modal needs: served as JSON and inlined in its page.
 * Its networks are the project's, or the whole catalogue when it names none; a network the
 * operator has since removed from the catalogue is left out, and a default that went with it.
 * What it offers is what the project switched on and this API can do (`offered`): the social
 * logins it has a client for, and buying crypto and swaps only with a provider configured.
 */

import type {
  NetworkConfig,
  ProjectConfig,
  SocialProvider,
  WalletConnectConfig,
} from '@airlock/protocol'
import type { Project } from './projects'

/** What this API can do of what a project may switch on. */
export type OfferedServices = {
  /** The social logins it has a client for (Farcaster with its relay). */
  socialLogins: readonly SocialProvider[]
  /** An onramp provider is configured (`AIRLOCK_ONRAMP_*`). */
  onramp: boolean
  /** A swap provider is configured on some network (1inch or a local router). */
  swaps: boolean
}

export function toProjectConfig(
  project: Project,
  catalogue: readonly NetworkConfig[],
  walletConnect: WalletConnectConfig | null,
  offered: OfferedServices,
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
      socials: project.features.socials.filter((provider) =>
        offered.socialLogins.includes(provider),
      ),
      onramp: project.features.onramp && offered.onramp,
      swaps: project.features.swaps && offered.swaps,
    },
    networks,
    configuredNetworks: configured.map((network) => network.caipNetworkId),
    defaultNetwork,
    theme: settings.theme,
    featuredWalletIds: settings.featuredWalletIds,
    excludeWallets: settings.excludeWallets,
    siwx: settings.siwx,
    admissionCacheSeconds: settings.admissionCacheSeconds,
    paymasterServices: settings.paymasterServices,
    walletConnect,
    walletAnnouncement: settings.walletAnnouncement,
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
