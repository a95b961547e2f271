/**
 * The project configuration the API serves (GET /v1/projects/:id/config) and inlines in the
 * modal's page (`<script id="airlock-config">`): its one schema, the types inferred from it, and
 * the readers the modal reads it with (`parseModalConfig`, `parseProjectConfig`). The schema is
 * valibot's, not zod's: the modal reads this config before its first view, and valibot brings
 * only the checks used here into that bundle, where zod would bring its whole shared core.
 */
import * as v from 'valibot'
import { type CaipNetworkId, caipNetworkIdMessage, isCaipNetworkId } from './caip'
import { projectIdMessage, projectIdPattern } from './projectId'
import { isThemeVariables, type ThemeVariables, themeModes } from './theme'
import { socialProviders } from './validation'

/**
 * Sign in with X (spec §4 "SIWX"): off; optional (the visitor may skip signing); required (no
 * connection without a signed session). A site can switch an optional sign-in off for its page,
 * never make it required or switch on one its project has off (`siteSiwx`).
 */
export const siwxModes = ['off', 'optional', 'required'] as const
export type SiwxMode = (typeof siwxModes)[number]

/**
 * How long a loaded modal relies on the API's last answer that its site's origin may embed it,
 * before it signs or sends for the site again (issue 33): at most a minute, so a revoked origin
 * is refused within it. A project may shorten it (`admissionCacheSeconds`), down to 0 (asked
 * before every call).
 */
export const maxAdmissionCacheSeconds = 60

/** A whole number of seconds from 0 to {@link maxAdmissionCacheSeconds}. */
export const isAdmissionCacheSeconds = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= maxAdmissionCacheSeconds

/** Why an admission cache is refused, word for word wherever it is checked. */
export const admissionCacheSecondsError = `must be a whole number of seconds from 0 to ${maxAdmissionCacheSeconds}`

/**
 * Why the modal's page has no project: the site gave no project id (`projectIdNotConfigured`,
 * alert 'Project ID Not Configured') or one the API doesn't know (`invalidProjectId`, alert
 * 'Invalid Project ID').
 */
export const modalConfigErrors = ['invalidProjectId', 'projectIdNotConfigured'] as const
export type ModalConfigError = (typeof modalConfigErrors)[number]

/** A CAIP-2 network id with a namespace the modal knows (`caip.ts`). */
const caipNetworkId = v.custom<CaipNetworkId>(isCaipNetworkId, caipNetworkIdMessage)

export const networkConfigSchema = v.object({
  caipNetworkId,
  name: v.string(),
  nativeCurrency: v.object({ name: v.string(), symbol: v.string(), decimals: v.number() }),
  rpcUrl: v.string(),
  blockExplorerUrl: v.exactOptional(v.string()),
})
export type NetworkConfig = v.InferOutput<typeof networkConfigSchema>

/** A project's feature switches (spec §6), every one of them resolved. */
export const projectFeaturesSchema = v.object({
  send: v.boolean(),
  receive: v.boolean(),
  onramp: v.boolean(),
  swaps: v.boolean(),
  activity: v.boolean(),
  email: v.boolean(),
  socials: v.array(v.picklist(socialProviders)),
  multiWallet: v.boolean(),
  analytics: v.boolean(),
  legalCheckbox: v.boolean(),
  smartSessions: v.boolean(),
  /** ERC-4337 smart accounts for the embedded wallet; the project's alone (no site switch). */
  smartAccounts: v.boolean(),
  /**
   * The network's paymaster (`AIRLOCK_PAYMASTER_URLS_JSON`) pays the smart accounts' gas: the
   * project's alone, as the operator pays for it.
   */
  gasSponsorship: v.boolean(),
  pay: v.boolean(),
})
export type ProjectFeatures = v.InferOutput<typeof projectFeaturesSchema>

/**
 * The switches of a project that chose none (spec §6): multiWallet, legal checkbox, smart
 * sessions, smart accounts, gas sponsorship and pay off.
 */
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
  smartAccounts: false,
  gasSponsorship: false,
  pay: false,
}

/**
 * Where the modal's WalletConnect client connects: the relay, the WalletConnect (Reown) project
 * id the relay knows the site by, and whether the Verify attestation step runs.
 */
export const walletConnectConfigSchema = v.object({
  relayUrl: v.string(),
  projectId: v.string(),
  verify: v.boolean(),
})
export type WalletConnectConfig = v.InferOutput<typeof walletConnectConfigSchema>

/** Theme variables of a safe shape only (`theme.ts`): the same rule for a project as for a site. */
export const themeVariablesSchema = v.custom<ThemeVariables>(
  isThemeVariables,
  'must be known theme variables with safe values',
)

/** A project's theme: its mode (null: the modal's default, dark) and CSS variables. */
export const projectThemeSchema = v.object({
  mode: v.nullable(v.picklist(themeModes)),
  variables: themeVariablesSchema,
})
export type ProjectTheme = v.InferOutput<typeof projectThemeSchema>

export const projectConfigSchema = v.object({
  /** Its id (`projectId.ts`): 'is required' when it is not a string. */
  id: v.pipe(v.string('is required'), v.regex(projectIdPattern, projectIdMessage)),
  allowedOrigins: v.array(v.string()),
  features: projectFeaturesSchema,
  /**
   * The networks a site of this project may use: the project's own, in its order, when it has
   * any; otherwise every network the API knows.
   */
  networks: v.array(networkConfigSchema),
  /**
   * The project's networks, in order: what the modal uses when the site names none. Empty: the
   * project leaves the choice to its sites (no network at all → spec §2 Opening rule 2).
   */
  configuredNetworks: v.array(caipNetworkId),
  /** The network to start on when the site names none; null: the first network. */
  defaultNetwork: v.nullable(caipNetworkId),
  theme: projectThemeSchema,
  /** Wallet ids (registry id, rdns or name) listed first, in this order. */
  featuredWalletIds: v.array(v.string()),
  /** Wallets (registry id, rdns or name) never listed. */
  excludeWallets: v.array(v.string()),
  siwx: v.picklist(siwxModes),
  /**
   * How long (seconds, 0 to 60) a loaded modal relies on the API's last answer that its site's
   * origin is allowed before it signs or sends for the site again; then it asks again.
   */
  admissionCacheSeconds: v.custom<number>(isAdmissionCacheSeconds, admissionCacheSecondsError),
  /**
   * ERC-7677 paymaster service URLs the project lets its sites name in `wallet_sendCalls`
   * (`capabilities.paymasterService.url`); any other is refused (EIP-5792's 5700).
   */
  paymasterServices: v.array(v.pipe(v.string(), v.url())),
  /** Null when the operator has not configured WalletConnect. */
  walletConnect: v.nullable(walletConnectConfigSchema),
  /**
   * How the SDK announces Airlock over EIP-6963 (walletAnnouncement.ts): the project's name,
   * icon and rdns (null: the default each); null: not announced. Absent (an API before it): the
   * defaults.
   */
  walletAnnouncement: v.optional(
    v.nullable(
      v.object({
        name: v.nullable(v.string()),
        icon: v.nullable(v.string()),
        rdns: v.nullable(v.string()),
      }),
    ),
  ),
})
export type ProjectConfig = v.InferOutput<typeof projectConfigSchema>

/**
 * What a project that chose no settings serves: no networks of its own, the default theme, no
 * wallet lists, no sign-in, Airlock announced over EIP-6963 by its defaults.
 */
export const unconfiguredProjectSettings: Readonly<
  Omit<ProjectConfig, 'id' | 'allowedOrigins' | 'features' | 'networks' | 'walletConnect'>
> = {
  configuredNetworks: [],
  defaultNetwork: null,
  theme: { mode: null, variables: {} },
  featuredWalletIds: [],
  excludeWallets: [],
  siwx: 'off',
  admissionCacheSeconds: maxAdmissionCacheSeconds,
  paymasterServices: [],
  walletAnnouncement: { name: null, icon: null, rdns: null },
}

/** What the API inlines into the modal's HTML as `<script id="airlock-config">`. */
export const modalConfigSchema = v.object({
  projectId: v.nullable(v.string()),
  project: v.nullable(projectConfigSchema),
  error: v.nullable(v.picklist(modalConfigErrors)),
})
export type ModalConfig = v.InferOutput<typeof modalConfigSchema>

/**
 * What reading a config gives: the value read (unknown keys dropped), or the first field that
 * breaks the shape (`path` joined with '.', e.g. `project.networks.0.caipNetworkId`; '' for the
 * value itself) and why.
 */
export type ConfigCheckResult<value> =
  | { success: true; data: value }
  | { success: false; error: { path: string; message: string } }

/**
 * Reads the configuration the API inlines into the modal's page (`<script id="airlock-config">`)
 * with {@link modalConfigSchema}.
 *
 * @example
 * const config = parseModalConfig(JSON.parse(element.textContent))
 * if (config.success) config.data.project // ProjectConfig | null
 */
export function parseModalConfig(value: unknown): ConfigCheckResult<ModalConfig> {
  return check(modalConfigSchema, value)
}

/**
 * Reads a project's configuration as the API serves it (GET /v1/projects/:id/config) with
 * {@link projectConfigSchema}.
 *
 * @example
 * const project = parseProjectConfig(await response.json())
 * if (!project.success) console.warn(`${project.error.path}: ${project.error.message}`)
 */
export function parseProjectConfig(value: unknown): ConfigCheckResult<ProjectConfig> {
  return check(projectConfigSchema, value)
}

// abortEarly: the first issue is the answer, so reading stops there.
function check<schema extends v.GenericSchema>(
  schema: schema,
  value: unknown,
): ConfigCheckResult<v.InferOutput<schema>> {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (result.success) return { success: true, data: result.output }
  const [issue] = result.issues
  return { success: false, error: { path: v.getDotPath(issue) ?? '', message: issue.message } }
}
