/**
 * The project configuration as the modal reads it: the config the API inlines into its page
 * (`parseModalConfig`) and the one it serves later (`parseProjectConfig`). Plain code, no schema
 * library, as the modal's first bundle has no room for zod: each accepts exactly what its zod
 * schema in `project.ts` accepts, and returns the same value, unknown keys dropped
 * (`projectConfigCheck.test.ts` holds the two to each other). The API keeps the zod schemas.
 */
import { isCaipNetworkId } from './caip'
import type {
  ModalConfig,
  NetworkConfig,
  ProjectConfig,
  ProjectFeatures,
  ProjectTheme,
  WalletConnectConfig,
} from './project'
import { isProjectId } from './projectId'
import { isThemeVariables, themeModes } from './theme'
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

/** Why an admission cache is refused, word for word in the zod schema and the modal's check. */
export const admissionCacheSecondsError = `must be a whole number of seconds from 0 to ${maxAdmissionCacheSeconds}`

/**
 * Why the modal's page has no project: the site gave no project id (`projectIdNotConfigured`,
 * alert 'Project ID Not Configured') or one the API doesn't know (`invalidProjectId`, alert
 * 'Invalid Project ID').
 */
export const modalConfigErrors = ['invalidProjectId', 'projectIdNotConfigured'] as const
export type ModalConfigError = (typeof modalConfigErrors)[number]

/**
 * What a parse gives, shaped as zod's `safeParse` result: the value read, or the first field that
 * breaks the shape (`path` as zod joins an issue's, e.g. `project.networks.0.caipNetworkId`) and
 * why.
 */
export type ConfigCheckResult<value> =
  | { success: true; data: value }
  | { success: false; error: { path: string; message: string } }

/**
 * Reads the configuration the API inlines into the modal's page (`<script id="airlock-config">`),
 * as `modalConfigSchema` would.
 *
 * @example
 * const config = parseModalConfig(JSON.parse(element.textContent))
 * if (config.success) config.data.project // ProjectConfig | null
 */
export function parseModalConfig(value: unknown): ConfigCheckResult<ModalConfig> {
  return check(modalConfig, value)
}

/**
 * Reads a project's configuration as the API serves it (GET /v1/projects/:id/config), as
 * `projectConfigSchema` would.
 *
 * @example
 * const project = parseProjectConfig(await response.json())
 * if (!project.success) console.warn(`${project.error.path}: ${project.error.message}`)
 */
export function parseProjectConfig(value: unknown): ConfigCheckResult<ProjectConfig> {
  return check(projectConfig, value)
}

/**
 * Reads a value at `path`: returns it (objects rebuilt with their known keys only) or throws.
 * `optional`: the key may be absent (zod's exactOptional).
 */
type Rule = ((value: unknown, path: string) => unknown) & { optional?: true }
/** A rule for each key of `value`, in the schema's order (so the first failure is zod's first). */
type Shape<value> = { [key in keyof value]-?: Rule }

/** Thrown by a rule, caught by `check`: nothing else is. */
class Refusal {
  constructor(
    readonly path: string,
    readonly message: string,
  ) {}
}

function check<value>(rule: Rule, input: unknown): ConfigCheckResult<value> {
  try {
    return { success: true, data: rule(input, '') as value }
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    return { success: false, error: { path: error.path, message: error.message } }
  }
}

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : `${key}`)

const is =
  (test: (value: unknown) => boolean, message: string): Rule =>
  (value, path) => {
    if (!test(value)) throw new Refusal(path, message)
    return value
  }

const string = is((value) => typeof value === 'string', 'must be a string')
const boolean = is((value) => typeof value === 'boolean', 'must be a boolean')
// Number.isFinite coerces nothing: like z.number(), it refuses NaN, the infinities and non-numbers.
const number = is(Number.isFinite, 'must be a number')
const oneOf = (values: readonly string[]) =>
  is((value) => values.includes(value as string), `must be one of ${values.join(', ')}`)

const nullable =
  (rule: Rule): Rule =>
  (value, path) =>
    value === null ? null : rule(value, path)

// Index by index like zod, so a hole in the array reads as undefined rather than being skipped.
const list =
  (rule: Rule): Rule =>
  (value, path) => {
    if (!Array.isArray(value)) throw new Refusal(path, 'must be an array')
    return Array.from({ length: value.length }, (_, index) => rule(value[index], at(path, index)))
  }

/** zod's exactOptional: the key may be absent, but when present (even as undefined) it must pass. */
const exactOptional = (rule: Rule): Rule =>
  Object.assign((value: unknown, path: string) => rule(value, path), { optional: true as const })

// As zod reads an object: any non-null, non-array object, its keys looked up with `in` and read
// through the prototype chain; the result is a new object with the shape's keys only.
const object =
  <value>(shape: Shape<value>): Rule =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Refusal(path, 'must be an object')
    const record = value as Record<string, unknown>
    const read: Record<string, unknown> = {}
    for (const [key, rule] of Object.entries<Rule>(shape))
      if (!rule.optional || key in record) read[key] = rule(record[key], at(path, key))
    return read
  }

// The messages of the zod schemas' own errors, word for word.
const caipNetworkId = is(isCaipNetworkId, 'must be a CAIP-2 network id such as eip155:1')
const projectId: Rule = (value, path) => {
  if (typeof value !== 'string') throw new Refusal(path, 'is required')
  if (!isProjectId(value))
    throw new Refusal(path, 'must be a project id: 2 to 63 lowercase letters, digits or hyphens')
  return value
}

const projectConfig = object<ProjectConfig>({
  id: projectId,
  allowedOrigins: list(string),
  features: object<ProjectFeatures>({
    send: boolean,
    receive: boolean,
    onramp: boolean,
    swaps: boolean,
    activity: boolean,
    email: boolean,
    socials: list(oneOf(socialProviders)),
    multiWallet: boolean,
    analytics: boolean,
    legalCheckbox: boolean,
    smartSessions: boolean,
    smartAccounts: boolean,
    gasSponsorship: boolean,
    pay: boolean,
  }),
  networks: list(
    object<NetworkConfig>({
      caipNetworkId,
      name: string,
      nativeCurrency: object<NetworkConfig['nativeCurrency']>({
        name: string,
        symbol: string,
        decimals: number,
      }),
      rpcUrl: string,
      blockExplorerUrl: exactOptional(string),
    }),
  ),
  configuredNetworks: list(caipNetworkId),
  defaultNetwork: nullable(caipNetworkId),
  theme: object<ProjectTheme>({
    mode: nullable(oneOf(themeModes)),
    variables: is(isThemeVariables, 'must be known theme variables with safe values'),
  }),
  featuredWalletIds: list(string),
  excludeWallets: list(string),
  siwx: oneOf(siwxModes),
  admissionCacheSeconds: is(isAdmissionCacheSeconds, admissionCacheSecondsError),
  walletConnect: nullable(
    object<WalletConnectConfig>({ relayUrl: string, projectId: string, verify: boolean }),
  ),
})

const modalConfig = object<ModalConfig>({
  projectId: nullable(string),
  project: nullable(projectConfig),
  error: nullable(oneOf(modalConfigErrors)),
})
