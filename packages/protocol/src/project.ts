/**
 * The project configuration the API serves (GET /v1/projects/:id/config) and inlines in the
 * modal's page (`<script id="airlock-config">`): the zod schemas the API holds them to, and the
 * types it builds them as, inferred from the schemas so each shape is written once. The modal
 * reads them with `projectConfigCheck.ts`, which accepts exactly what these schemas accept
 * without bringing zod into its first bundle.
 */
import * as z from 'zod/mini'
import { type CaipNetworkId, isCaipNetworkId } from './caip'
import {
  admissionCacheSecondsError,
  isAdmissionCacheSeconds,
  maxAdmissionCacheSeconds,
  modalConfigErrors,
  siwxModes,
} from './projectConfigCheck'
import { projectIdPattern } from './projectId'
import { isThemeVariables, type ThemeVariables, themeModes } from './theme'
import { socialProviders } from './validation'

/** A CAIP-2 network id with a namespace the modal knows (`caip.ts`). */
export const caipNetworkIdSchema = z.custom<CaipNetworkId>(isCaipNetworkId, {
  error: 'must be a CAIP-2 network id such as eip155:1',
})

/**
 * A well-formed project id (`projectId.ts`), as a query or path parameter; whether the project
 * exists is the API's to say.
 */
export const projectIdSchema = z
  .string({ error: 'is required' })
  .check(
    z.regex(projectIdPattern, 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'),
  )

export const networkConfigSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  name: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  rpcUrl: z.string(),
  blockExplorerUrl: z.exactOptional(z.string()),
})
export type NetworkConfig = z.infer<typeof networkConfigSchema>

/** A project's feature switches (spec §6), every one of them resolved. */
export const projectFeaturesSchema = z.object({
  send: z.boolean(),
  receive: z.boolean(),
  onramp: z.boolean(),
  swaps: z.boolean(),
  activity: z.boolean(),
  email: z.boolean(),
  socials: z.array(z.enum(socialProviders)),
  multiWallet: z.boolean(),
  analytics: z.boolean(),
  legalCheckbox: z.boolean(),
  smartSessions: z.boolean(),
  /** ERC-4337 smart accounts for the embedded wallet; the project's alone (no site switch). */
  smartAccounts: z.boolean(),
  /**
   * The network's paymaster (`AIRLOCK_PAYMASTER_URLS_JSON`) pays the smart accounts' gas: the
   * project's alone, as the operator pays for it.
   */
  gasSponsorship: z.boolean(),
  pay: z.boolean(),
})
export type ProjectFeatures = z.infer<typeof projectFeaturesSchema>

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
export const walletConnectConfigSchema = z.object({
  relayUrl: z.string(),
  projectId: z.string(),
  verify: z.boolean(),
})
export type WalletConnectConfig = z.infer<typeof walletConnectConfigSchema>

/** Theme variables of a safe shape only (`theme.ts`): the same rule for a project as for a site. */
export const themeVariablesSchema = z.custom<ThemeVariables>(isThemeVariables, {
  error: 'must be known theme variables with safe values',
})

/** A project's theme: its mode (null: the modal's default, dark) and CSS variables. */
export const projectThemeSchema = z.object({
  mode: z.nullable(z.enum(themeModes)),
  variables: themeVariablesSchema,
})
export type ProjectTheme = z.infer<typeof projectThemeSchema>

export const projectConfigSchema = z.object({
  id: projectIdSchema,
  allowedOrigins: z.array(z.string()),
  features: projectFeaturesSchema,
  /**
   * The networks a site of this project may use: the project's own, in its order, when it has
   * any; otherwise every network the API knows.
   */
  networks: z.array(networkConfigSchema),
  /**
   * The project's networks, in order: what the modal uses when the site names none. Empty: the
   * project leaves the choice to its sites (no network at all → spec §2 Opening rule 2).
   */
  configuredNetworks: z.array(caipNetworkIdSchema),
  /** The network to start on when the site names none; null: the first network. */
  defaultNetwork: z.nullable(caipNetworkIdSchema),
  theme: projectThemeSchema,
  /** Wallet ids (registry id, rdns or name) listed first, in this order. */
  featuredWalletIds: z.array(z.string()),
  /** Wallets (registry id, rdns or name) never listed. */
  excludeWallets: z.array(z.string()),
  siwx: z.enum(siwxModes),
  /**
   * How long (seconds, 0 to 60) a loaded modal relies on the API's last answer that its site's
   * origin is allowed before it signs or sends for the site again; then it asks again.
   */
  admissionCacheSeconds: z.custom<number>(isAdmissionCacheSeconds, {
    error: admissionCacheSecondsError,
  }),
  /** Null when the operator has not configured WalletConnect. */
  walletConnect: z.nullable(walletConnectConfigSchema),
})
export type ProjectConfig = z.infer<typeof projectConfigSchema>

/** What a project that chose no settings serves: no networks of its own, the default theme, no wallet lists, no sign-in. */
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
}

/** What the API inlines into the modal's HTML as `<script id="airlock-config">`. */
export const modalConfigSchema = z.object({
  projectId: z.nullable(z.string()),
  project: z.nullable(projectConfigSchema),
  error: z.nullable(z.enum(modalConfigErrors)),
})
export type ModalConfig = z.infer<typeof modalConfigSchema>
