/**
 * What a page gets: its project's configuration narrowed by the site's options (snippet or
 * `createAirlock`). The project is the ceiling: a site may name fewer networks, switch features
 * off, hide more wallets or switch an optional sign-in off; it can never add a network the
 * project lacks, switch a feature on or make sign-in optional. Theme and featured wallets are
 * presentation: the site's win over the project's.
 */
import type { CaipNetworkId } from './caip'
import type { FrameOptions } from './options'
import type { ProjectConfig, SiwxMode } from './project'

export type PageOptions = {
  /** The options the modal runs with (`networks`: the known ones, in the page's order). */
  options: FrameOptions
  /** Networks the site named that its project does not offer: shown as 'Network Not Found'. */
  refusedNetworks: CaipNetworkId[]
  /** Sign-in with X on this page. */
  siwx: SiwxMode
}

/**
 * @example
 * resolvePageOptions(project, { networks: [] }).options.networks // the project's networks
 */
export function resolvePageOptions(
  project: ProjectConfig | null | undefined,
  site: FrameOptions,
): PageOptions {
  const offered = project?.networks.map((network) => network.caipNetworkId) ?? []
  const asked = site.networks.length ? site.networks : (project?.configuredNetworks ?? [])
  const networks = asked.filter((id) => offered.includes(id))
  const refusedNetworks = asked.filter((id) => !offered.includes(id))
  const defaultNetwork = [site.defaultNetwork, project?.defaultNetwork].find(
    (id): id is CaipNetworkId => !!id && networks.includes(id),
  )
  const themeMode = site.themeMode ?? project?.theme.mode ?? undefined
  const themeVariables = { ...project?.theme.variables, ...site.themeVariables }
  const excludeWallets = [
    ...new Set([...(project?.excludeWallets ?? []), ...(site.excludeWallets ?? [])]),
  ]
  const featuredWalletIds = site.featuredWalletIds ?? project?.featuredWalletIds ?? []
  const siwx = siteSiwx(project?.siwx ?? 'off', site.siwx)
  const options: FrameOptions = {
    ...site,
    networks,
    excludeWallets,
    featuredWalletIds,
    themeVariables,
    siwx: siwx !== 'off',
  }
  if (defaultNetwork) options.defaultNetwork = defaultNetwork
  else delete options.defaultNetwork
  if (themeMode) options.themeMode = themeMode
  return { options, refusedNetworks, siwx }
}

/**
 * Sign-in on a page: the project's mode, unless the site switched an optional one off.
 * @example siteSiwx('optional', false) // 'off'
 */
export function siteSiwx(project: SiwxMode, site: boolean | undefined): SiwxMode {
  return project === 'optional' && site === false ? 'off' : project
}
