/**
 * The site's options for the modal, validated at both ends: by the SDK when the site calls
 * `createAirlock` (a config error surfaces at once, in the site's console) and by the frame when
 * they arrive over the bridge (the frame trusts nothing it is sent).
 */
import { type CaipNetworkId, type ChainNamespace, isCaipNetworkId, isChainNamespace } from './caip'
import { InvalidParamsError } from './errors'
import { type ThemeMode, type ThemeVariables, themeModes, themeVariableError } from './theme'
import { frameOnlyViews, isView, type View } from './views'

/** Features a site can switch off for its page (spec §6); the project's config is the ceiling. */
export const siteFeatureKeys = [
  'send',
  'receive',
  'onramp',
  'swaps',
  'activity',
  'email',
  'socials',
  'multiWallet',
  'analytics',
  'legalCheckbox',
  'smartSessions',
  // Not smartAccounts: it is the project's alone, and the host SDK has no bytes to spare for it.
  'pay',
] as const
export type SiteFeatures = Partial<Record<(typeof siteFeatureKeys)[number], boolean>>

/** The options that travel to the frame. */
export type FrameOptions = {
  networks: CaipNetworkId[]
  defaultNetwork?: CaipNetworkId
  features?: SiteFeatures
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  excludeWallets?: string[]
  featuredWalletIds?: string[]
  /** Sign-in with X: the modal asks for a signature after connecting. */
  siwx?: boolean
  /** Embedded mode renders inline in a container instead of as an overlay. */
  embedded?: boolean
  /**
   * false: this page does not announce Airlock over EIP-6963, though its project does (a site
   * narrows, never widens: true changes nothing when the project has it off).
   */
  announce?: boolean
}

/** Parameters of `airlock.open()`. */
export type OpenParams = { view?: View; namespace?: ChainNamespace }

function fail(details: string, shortMessage = 'Invalid Airlock options.'): never {
  throw new InvalidParamsError({ message: shortMessage, details })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stringList(value: unknown, name: string, check?: (item: string) => boolean): string[] {
  if (!Array.isArray(value)) fail(`${name} must be an array of strings.`)
  return value.map((item, index) => {
    if (typeof item !== 'string' || !item.trim() || (check && !check(item)))
      fail(`${name}[${index}] is not valid: ${JSON.stringify(item)}.`)
    return item
  })
}

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], name: string) {
  for (const key of Object.keys(value))
    if (!keys.includes(key)) fail(`${name} has an unknown key "${key}".`)
}

/**
 * Validates the options a site passes for the frame. Throws InvalidParamsError naming the
 * first bad field.
 * @example parseFrameOptions({ networks: ['eip155:1'] })
 */
export function parseFrameOptions(value: unknown): FrameOptions {
  if (!isRecord(value)) fail('options must be an object.')
  onlyKeys(
    value,
    [
      'networks',
      'defaultNetwork',
      'features',
      'themeMode',
      'themeVariables',
      'excludeWallets',
      'featuredWalletIds',
      'siwx',
      'embedded',
      'announce',
    ],
    'options',
  )
  const options: FrameOptions = {
    networks: stringList(value.networks ?? [], 'networks', isCaipNetworkId) as CaipNetworkId[],
  }
  const { defaultNetwork, features, themeMode, themeVariables, siwx, embedded, announce } = value
  if (defaultNetwork !== undefined) {
    if (!isCaipNetworkId(defaultNetwork) || !options.networks.includes(defaultNetwork))
      fail('defaultNetwork must be one of networks.')
    options.defaultNetwork = defaultNetwork
  }
  if (features !== undefined) {
    if (!isRecord(features)) fail('features must be an object.')
    onlyKeys(features, siteFeatureKeys, 'features')
    for (const [key, flag] of Object.entries(features))
      if (typeof flag !== 'boolean') fail(`features.${key} must be a boolean.`)
    options.features = features as SiteFeatures
  }
  if (themeMode !== undefined) {
    if (!(themeModes as readonly unknown[]).includes(themeMode))
      fail('themeMode must be "dark" or "light".')
    options.themeMode = themeMode as ThemeMode
  }
  if (themeVariables !== undefined) {
    if (!isRecord(themeVariables)) fail('themeVariables must be an object.')
    for (const [key, variable] of Object.entries(themeVariables)) {
      const error = themeVariableError(key, variable)
      if (error) fail(error)
    }
    options.themeVariables = themeVariables as ThemeVariables
  }
  if (value.excludeWallets !== undefined)
    options.excludeWallets = stringList(value.excludeWallets, 'excludeWallets')
  if (value.featuredWalletIds !== undefined)
    options.featuredWalletIds = stringList(value.featuredWalletIds, 'featuredWalletIds')
  for (const [key, flag] of Object.entries({ siwx, embedded, announce })) {
    if (flag === undefined) continue
    if (typeof flag !== 'boolean') fail(`${key} must be a boolean.`)
    options[key as 'siwx' | 'embedded' | 'announce'] = flag
  }
  return options
}

/**
 * Validates `open()` parameters.
 * @example parseOpenParams({ view: 'Account' })
 */
export function parseOpenParams(value: unknown): OpenParams {
  const short = 'Invalid open() parameters.'
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) fail('open() takes an object: { view?, namespace? }.', short)
  for (const key of Object.keys(value))
    if (key !== 'view' && key !== 'namespace') fail(`Unknown key "${key}".`, short)
  const params: OpenParams = {}
  if (value.view !== undefined) {
    if (!isView(value.view)) fail(`Unknown view ${JSON.stringify(value.view)}.`, short)
    if (frameOnlyViews.includes(value.view))
      fail(`The ${value.view} view opens only from the modal's Account view.`, short)
    params.view = value.view
  }
  if (value.namespace !== undefined) {
    if (!isChainNamespace(value.namespace))
      fail(`Unknown namespace ${JSON.stringify(value.namespace)}.`, short)
    params.namespace = value.namespace
  }
  return params
}
