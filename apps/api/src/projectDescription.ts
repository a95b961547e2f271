/**
 * What `projects show` (and `projects set`) print of a project: every setting, with what the
 * default means.
 */
import { entryPointOf, type NetworkConfig, type SmartAccountNetwork } from '@airlock/protocol'
import { redactedUrl } from './services/bundlers/projectSmartAccounts'
import type { ProjectSettings } from './services/projectSettings'
import type { Project } from './services/projects'
import { sponsoredCallText } from './services/sponsorshipSettings'

/** `projects show`: every setting, with what the default means. */
export function describeProject(project: Project, catalogue: readonly NetworkConfig[]): string {
  const { settings, features } = project
  const networkName = (id: string) => {
    const network = catalogue.find((known) => known.caipNetworkId === id)
    return network ? `${id} (${network.name})` : `${id} (not known to this API: left out)`
  }
  const list = (items: readonly string[], none: string) => (items.length ? items.join(', ') : none)
  const switches = Object.entries(features).map(([key, value]) =>
    Array.isArray(value) ? `${key} ${list(value, 'none')}` : `${key} ${value ? 'on' : 'off'}`,
  )
  const variables = Object.entries(settings.theme.variables).map(
    ([key, value]) => `${key}=${value}`,
  )
  return [
    project.id,
    `  name: ${settings.name ?? `${project.id} (its id)`}`,
    `  allowed origins: ${list(project.allowedOrigins, 'none')}`,
    `  networks: ${list(settings.networks.map(networkName), 'none (sites choose from all the API knows)')}`,
    `  default network: ${settings.defaultNetwork ?? 'the first'}`,
    `  features: ${switches.join(', ')}`,
    `  theme: ${settings.theme.mode ?? 'dark (default)'}; variables: ${list(variables, 'none')}`,
    `  featured wallets: ${list(settings.featuredWalletIds, 'none')}`,
    `  excluded wallets: ${list(settings.excludeWallets, 'none')}`,
    `  siwx: ${settings.siwx}`,
    `  sponsored a day (with gasSponsorship on): per account ${settings.sponsorship.accountOperations} operations, ${settings.sponsorship.accountGas} gas; per project ${settings.sponsorship.projectOperations} operations, ${settings.sponsorship.projectGas} gas`,
    `  sponsored calls: ${list(settings.sponsoredCalls.map(sponsoredCallText), 'none (no call is sponsored)')}`,
    `  paymaster services sites may name: ${list(settings.paymasterServices, 'none')}`,
    `  smart account networks (over the deployment's): ${list(
      Object.entries(settings.smartAccountNetworks).map(([network, services]) =>
        smartAccountNetworkText(network, services ?? {}),
      ),
      'none',
    )}`,
    `  admission cache: ${settings.admissionCacheSeconds} s`,
    `  names parent: ${settings.namesParent ?? "the API's (AIRLOCK_NAMES_PARENT)"}`,
    `  EIP-6963 announcement: ${announcementOf(settings.walletAnnouncement)}`,
    '',
  ].join('\n')
}

/** A project's own services on a network, as `projects show` prints them: no URL's path or key. */
function smartAccountNetworkText(network: string, services: SmartAccountNetwork): string {
  const parts = [
    services.bundlerUrl && `bundler ${redactedUrl(services.bundlerUrl)}`,
    services.paymasterUrl && `paymaster ${redactedUrl(services.paymasterUrl)}`,
    services.account &&
      `account ${services.account.kind === 'safe' ? `Safe ${services.account.version}` : `EIP-7702 to ${services.account.implementation}`} (EntryPoint ${entryPointOf(services.account)})`,
  ].filter(Boolean)
  return `${network} (${parts.join(', ') || 'nothing of its own'})`
}

/** The announcement as `projects show` says it: off, or each field (the default where unset). */
function announcementOf(announcement: ProjectSettings['walletAnnouncement']): string {
  if (announcement === null) return 'off'
  const { name, icon, rdns } = announcement
  return `on (name ${name ?? 'Airlock (default)'}, rdns ${rdns ?? "the modal's host reversed (default)"}, icon ${icon ? `${icon.slice(0, 40)}…` : "Airlock's (default)"})`
}
