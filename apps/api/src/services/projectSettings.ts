/**
 * A project's settings besides its origins and feature switches: its name, its networks and the
 * one to start on, its theme, the wallets it features and hides, sign in with X, how long a
 * loaded modal relies on its last check that its site is still allowed, and the daily caps of the
 * gas it sponsors and the calls it sponsors (`sponsorshipSettings.ts`). All but the caps and the
 * sponsored calls (which stay on the API) reach the modal in its boot config
 * (`projectConfig.ts`), where a site's options can only narrow them.
 * A project stores the settings its operator chose, as JSON; reading fills in the defaults. Every
 * change is checked here, against the API's network catalogue, so no caller (CLI, seed) can store
 * a value the modal would refuse; the error names the setting and the value.
 */

import {
  admissionCacheSecondsError,
  type CaipNetworkId,
  isAdmissionCacheSeconds,
  maxAdmissionCacheSeconds,
  type NetworkConfig,
  nameLengthError,
  type ProjectTheme,
  type ProjectWalletAnnouncement,
  type SiwxMode,
  siwxModes,
  type ThemeMode,
  themeModes,
  themeVariableError,
  walletAnnouncementError,
} from '@airlock/protocol'
import { normalize } from 'viem/ens'
import { z } from 'zod'
import { type SmartAccountNetworks, smartAccountNetworksOf } from './bundlers/projectSmartAccounts'
import { paymasterServiceList, type SponsoredCall, sponsoredCallList } from './sponsorshipSettings'

/**
 * How much gas the paymaster sponsors a day (UTC), when the project has `gasSponsorship` on: user
 * operations and their gas limits' sum, per account (one smart account) and for the whole
 * project. Counted in the database (`services/bundlers/sponsorship.ts`).
 */
export type SponsorshipCaps = {
  accountOperations: number
  accountGas: number
  projectOperations: number
  projectGas: number
}

/**
 * The caps by default: a visitor's few operations a day (a smart account's first, which deploys
 * it, takes about 500,000 gas), and what a small project's budget bears.
 */
export const defaultSponsorshipCaps: Readonly<SponsorshipCaps> = {
  accountOperations: 10,
  accountGas: 5_000_000,
  projectOperations: 1_000,
  projectGas: 500_000_000,
}

/** What each cap is called in errors, the CLI and `projects show`. */
export const sponsorshipCapNames: Readonly<Record<keyof SponsorshipCaps, string>> = {
  accountOperations: 'sponsored operations per account',
  accountGas: 'sponsored gas per account',
  projectOperations: 'sponsored operations per project',
  projectGas: 'sponsored gas per project',
}

export type ProjectSettings = {
  /** What the project's mails call the site (login codes); null: the project's id. */
  name: string | null
  /** In the order the modal lists them; empty: the project's sites choose from the catalogue. */
  networks: CaipNetworkId[]
  /** One of `networks` (or of the catalogue when `networks` is empty); null: the first. */
  defaultNetwork: CaipNetworkId | null
  theme: ProjectTheme
  featuredWalletIds: string[]
  excludeWallets: string[]
  siwx: SiwxMode
  sponsorship: SponsorshipCaps
  /** The calls the paymaster sponsors: none listed, none sponsored. */
  sponsoredCalls: SponsoredCall[]
  /** ERC-7677 paymaster service URLs a site may name in `wallet_sendCalls`. */
  paymasterServices: string[]
  /**
   * The project's own bundler, paymaster and account per network, over the deployment's
   * (`bundlers/projectSmartAccounts.ts`); they stay on the API.
   */
  smartAccountNetworks: SmartAccountNetworks
  /**
   * Seconds (0 to 60) a loaded modal signs and sends for a site on the API's last answer that
   * the site's origin is allowed; then it asks again (a revoked origin is refused within it).
   */
  admissionCacheSeconds: number
  /**
   * The parent name the project's visitors register names under (`names.acme.eth`), ENSIP-15
   * normalised; null: the API's `AIRLOCK_NAMES_PARENT`.
   */
  namesParent: string | null
  /**
   * How the SDK announces Airlock over EIP-6963 on the project's sites (its name, icon and rdns;
   * null each: the default), or null: not announced.
   */
  walletAnnouncement: ProjectWalletAnnouncement | null
}

export const defaultProjectSettings: Readonly<ProjectSettings> = {
  name: null,
  networks: [],
  defaultNetwork: null,
  theme: { mode: null, variables: {} },
  featuredWalletIds: [],
  excludeWallets: [],
  siwx: 'off',
  sponsorship: { ...defaultSponsorshipCaps },
  sponsoredCalls: [],
  paymasterServices: [],
  smartAccountNetworks: {},
  admissionCacheSeconds: maxAdmissionCacheSeconds,
  namesParent: null,
  walletAnnouncement: { name: null, icon: null, rdns: null },
}

/**
 * What to change: each field given replaces that setting. `defaultNetwork: null` and
 * `themeMode: null` go back to the default; a theme variable set to null is removed.
 */
export type ProjectSettingsChange = {
  name?: string | null
  networks?: readonly string[]
  defaultNetwork?: string | null
  themeMode?: string | null
  themeVariables?: Readonly<Record<string, string | null>>
  featuredWalletIds?: readonly string[]
  excludeWallets?: readonly string[]
  siwx?: string
  /** Each cap given replaces that cap: a whole number, as a number or decimal text. */
  sponsorship?: Partial<Record<keyof SponsorshipCaps, number | string>>
  /** Each `eip155:<chain>:<contract>[@<selector>+…]`; replaces the list. */
  sponsoredCalls?: readonly string[]
  /** Paymaster service URLs; replaces the list. */
  paymasterServices?: readonly string[]
  /** A JSON object (or its text) from a network to `{ bundler?, paymaster?, account? }`, or `none`; replaces them. */
  smartAccountNetworks?: string | Readonly<Record<string, unknown>>
  /** Whole seconds, as a number or its digits (the CLI's text). */
  admissionCacheSeconds?: number | string
  /** A name in ENSIP-15 normal form with a dot (`acme.eth`); null: the API's parent. */
  namesParent?: string | null
  /** Whether the SDK announces Airlock over EIP-6963 (`on`, the default, or `off`). */
  announce?: string
  /** The announcement's name, icon (a data:image/ URI) and rdns; null: the default. */
  announceName?: string | null
  announceIcon?: string | null
  announceRdns?: string | null
}

/** A setting refused, naming it and the value. */
export class InvalidProjectSettingError extends Error {
  override readonly name = 'InvalidProjectSettingError'
  constructor(
    readonly setting: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid ${setting} ${JSON.stringify(value)}: ${reason}.`)
  }
}

/** A project's name, as its mails show it. */
const namePattern = /^[^\p{Cc}]{1,64}$/u

/** Wallet lists: registry ids, rdns or names, as `excludeWallets` and `featuredWalletIds` match. */
const maxWallets = 100
const walletIdPattern = /^[^\p{Cc}]{1,200}$/u

const storedSettingsSchema = z
  .strictObject({
    name: z.string().nullable(),
    networks: z.array(z.string()),
    defaultNetwork: z.string().nullable(),
    theme: z.strictObject({
      mode: z.enum(themeModes).nullable(),
      variables: z.record(z.string(), z.string()),
    }),
    featuredWalletIds: z.array(z.string()),
    excludeWallets: z.array(z.string()),
    siwx: z.enum(siwxModes),
    sponsorship: z
      .strictObject({
        accountOperations: z.number(),
        accountGas: z.number(),
        projectOperations: z.number(),
        projectGas: z.number(),
      })
      .partial(),
    sponsoredCalls: z.array(
      z.strictObject({
        network: z.templateLiteral(['eip155:', z.string()]),
        contract: z.templateLiteral(['0x', z.string()]),
        selectors: z.array(z.templateLiteral(['0x', z.string()])),
      }),
    ),
    paymasterServices: z.array(z.string()),
    smartAccountNetworks: z.record(
      z.templateLiteral(['eip155:', z.string()]),
      z.strictObject({
        bundlerUrl: z.string().optional(),
        paymasterUrl: z.string().optional(),
        account: z
          .discriminatedUnion('kind', [
            z.strictObject({
              kind: z.literal('eip7702'),
              implementation: z.templateLiteral(['0x', z.string()]),
            }),
            z.strictObject({ kind: z.literal('safe'), version: z.literal('1.4.1') }),
          ])
          .optional(),
      }),
    ),
    admissionCacheSeconds: z.number().int().min(0).max(maxAdmissionCacheSeconds),
    namesParent: z.string().nullable(),
    walletAnnouncement: z
      .strictObject({
        name: z.string().nullable(),
        icon: z.string().nullable(),
        rdns: z.string().nullable(),
      })
      .nullable(),
  })
  .partial()

/** Reads a project's stored settings and fills in the defaults. */
export function resolveSettings(storedJson: string): ProjectSettings {
  const stored = storedSettingsSchema.parse(JSON.parse(storedJson))
  const defaults = structuredClone(defaultProjectSettings)
  return {
    ...defaults,
    ...stored,
    sponsorship: { ...defaults.sponsorship, ...stored.sponsorship },
  } as ProjectSettings
}

/** The stored form: only what differs from the defaults. */
export function storedSettings(settings: ProjectSettings): string {
  const stored: Partial<ProjectSettings> = {}
  for (const key of Object.keys(defaultProjectSettings) as (keyof ProjectSettings)[])
    if (JSON.stringify(settings[key]) !== JSON.stringify(defaultProjectSettings[key]))
      Object.assign(stored, { [key]: settings[key] })
  return JSON.stringify(stored)
}

/**
 * Applies a change to a project's settings, checked against the API's network catalogue; in
 * production mode (`options.production`) the service URLs it names must be https off loopback, as
 * the start checks them (productionChecks.ts), so a change is refused before it is stored.
 *
 * @throws InvalidProjectSettingError naming the first bad setting and value.
 * @example
 * changeSettings(defaultProjectSettings, { networks: ['eip155:31337'] }, catalogue)
 */
export function changeSettings(
  current: ProjectSettings,
  change: ProjectSettingsChange,
  catalogue: readonly NetworkConfig[],
  options: { production?: boolean | undefined } = {},
): ProjectSettings {
  const production = options.production ?? false
  const next: ProjectSettings = structuredClone(current)
  if (change.name !== undefined) {
    const name = change.name?.trim() ?? null
    if (name !== null && !namePattern.test(name))
      throw new InvalidProjectSettingError(
        'name',
        change.name,
        'use 1 to 64 characters, no control characters',
      )
    next.name = name
  }
  const known = catalogue.map((network) => network.caipNetworkId)
  if (change.networks !== undefined) {
    const networks: CaipNetworkId[] = []
    for (const id of change.networks) {
      if (!(known as string[]).includes(id))
        throw new InvalidProjectSettingError(
          'network',
          id,
          `the API knows ${known.join(', ')} (add others with AIRLOCK_NETWORKS_JSON)`,
        )
      if ((networks as string[]).includes(id))
        throw new InvalidProjectSettingError('network', id, 'listed twice')
      networks.push(id as CaipNetworkId)
    }
    next.networks = networks
  }
  if (change.defaultNetwork !== undefined) next.defaultNetwork = change.defaultNetwork as never
  // A default must be one of the project's networks, or of the catalogue when it has none; a
  // change of the networks that leaves it out is refused, not silently dropped.
  const offered = next.networks.length ? next.networks : known
  if (next.defaultNetwork !== null && !(offered as string[]).includes(next.defaultNetwork))
    throw new InvalidProjectSettingError(
      'default network',
      next.defaultNetwork,
      `must be one of the project's networks (${offered.join(', ') || 'none'})`,
    )
  if (change.themeMode !== undefined) {
    const mode = change.themeMode
    if (mode !== null && !(themeModes as readonly string[]).includes(mode))
      throw new InvalidProjectSettingError('theme mode', mode, 'use dark or light')
    next.theme.mode = mode as ThemeMode | null
  }
  for (const [key, value] of Object.entries(change.themeVariables ?? {})) {
    const variables = next.theme.variables as Record<string, string>
    if (value === null) {
      delete variables[key]
      continue
    }
    const error = themeVariableError(key, value)
    // themeVariableError's sentence ends with its own period; the error adds one.
    if (error)
      throw new InvalidProjectSettingError(`theme variable ${key}`, value, error.replace(/\.$/, ''))
    variables[key] = value.trim()
  }
  if (change.featuredWalletIds !== undefined)
    next.featuredWalletIds = walletList('featured wallet', change.featuredWalletIds)
  if (change.excludeWallets !== undefined)
    next.excludeWallets = walletList('excluded wallet', change.excludeWallets)
  if (change.siwx !== undefined) {
    if (!(siwxModes as readonly string[]).includes(change.siwx))
      throw new InvalidProjectSettingError(
        'siwx mode',
        change.siwx,
        'use off, optional or required',
      )
    next.siwx = change.siwx as SiwxMode
  }
  for (const [cap, value] of Object.entries(change.sponsorship ?? {}))
    next.sponsorship[cap as keyof SponsorshipCaps] = sponsorshipCap(
      cap as keyof SponsorshipCaps,
      value,
    )
  const refuse = (setting: string, value: unknown, reason: string) =>
    new InvalidProjectSettingError(setting, value, reason)
  if (change.sponsoredCalls !== undefined)
    next.sponsoredCalls = sponsoredCallList(change.sponsoredCalls, catalogue, refuse)
  if (change.paymasterServices !== undefined)
    next.paymasterServices = paymasterServiceList(change.paymasterServices, refuse, production)
  if (change.smartAccountNetworks !== undefined)
    next.smartAccountNetworks = smartAccountNetworksOf(
      change.smartAccountNetworks,
      catalogue,
      refuse,
      production,
    )
  if (change.admissionCacheSeconds !== undefined) {
    const given = change.admissionCacheSeconds
    const seconds = typeof given === 'string' && /^\d{1,3}$/.test(given) ? Number(given) : given
    if (!isAdmissionCacheSeconds(seconds))
      throw new InvalidProjectSettingError(
        'admission cache',
        given,
        admissionCacheSecondsError.replace(/^must be/, 'use'),
      )
    next.admissionCacheSeconds = seconds
  }
  if (change.namesParent !== undefined) next.namesParent = namesParentOf(change.namesParent)
  next.walletAnnouncement = walletAnnouncementOf(next.walletAnnouncement, change)
  return next
}

/**
 * The EIP-6963 announcement after a change: `announce` turns it on (with the fields it had, else
 * the defaults) or off; each field given replaces its own, checked as EIP-6963 wants it. A field
 * given while the announcement is off is refused, not kept for later.
 */
function walletAnnouncementOf(
  current: ProjectWalletAnnouncement | null,
  change: ProjectSettingsChange,
): ProjectWalletAnnouncement | null {
  const { announce, announceName, announceIcon, announceRdns } = change
  if (announce !== undefined && announce !== 'on' && announce !== 'off')
    throw new InvalidProjectSettingError('announce', announce, 'use on or off')
  let next: ProjectWalletAnnouncement | null =
    announce === 'off'
      ? null
      : announce === 'on'
        ? (current ?? { name: null, icon: null, rdns: null })
        : current
  const fields = { name: announceName, icon: announceIcon, rdns: announceRdns }
  for (const [field, value] of Object.entries(fields) as [
    keyof ProjectWalletAnnouncement,
    string | null | undefined,
  ][]) {
    if (value === undefined) continue
    if (next === null)
      throw new InvalidProjectSettingError(
        `announce ${field}`,
        value,
        'the announcement is off (turn it on with announce on)',
      )
    const error = value === null ? undefined : walletAnnouncementError(field, value)
    if (error) throw new InvalidProjectSettingError(`announce ${field}`, value, error)
    next = { ...next, [field]: value }
  }
  return next
}

/**
 * A names parent as given: ENSIP-15 normal form, two labels or more, within DNS's length, as
 * `AIRLOCK_NAMES_PARENT` must be; null as it is.
 */
function namesParentOf(parent: string | null): string | null {
  if (parent === null) return null
  const refuse = (reason: string) => new InvalidProjectSettingError('names parent', parent, reason)
  let normalised: string
  try {
    normalised = normalize(parent)
  } catch (error) {
    throw refuse(
      `not a valid ENS name (ENSIP-15): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (normalised !== parent)
    throw refuse(`use its ENSIP-15 normal form, ${JSON.stringify(normalised)}`)
  if (!parent.includes('.')) throw refuse('use a name with a parent of its own, such as acme.eth')
  const tooLong = nameLengthError(parent)
  if (tooLong !== undefined) throw refuse(tooLong.replace(/\.$/, ''))
  return parent
}

/** The largest cap: gas sums are counted as whole numbers below 2^53. */
const maxSponsorshipCap = 1_000_000_000_000_000

/** A cap as given (a number, or decimal text from the CLI): a whole number from 0. */
function sponsorshipCap(cap: keyof SponsorshipCaps, value: number | string): number {
  const name = sponsorshipCapNames[cap]
  if (name === undefined) throw new InvalidProjectSettingError('sponsorship cap', cap, 'unknown')
  const number = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
    throw new InvalidProjectSettingError(name, value, 'use a whole number from 0 (0: none)')
  if (number > maxSponsorshipCap)
    throw new InvalidProjectSettingError(name, value, `at most ${maxSponsorshipCap} a day`)
  return number
}

function walletList(setting: string, values: readonly string[]): string[] {
  if (values.length > maxWallets)
    throw new InvalidProjectSettingError(`${setting} list`, values.length, `at most ${maxWallets}`)
  const list: string[] = []
  for (const value of values) {
    const id = value.trim()
    if (!walletIdPattern.test(id))
      throw new InvalidProjectSettingError(
        setting,
        value,
        'a registry id, rdns or name of 1 to 200 characters',
      )
    if (list.includes(id)) throw new InvalidProjectSettingError(setting, value, 'listed twice')
    list.push(id)
  }
  return list
}
