/**
 * The operator's CLI for the project registry (`npm run airlock -- projects ...`) and the wallet
 * registry (`npm run airlock -- wallets ...`), as a function of argv and streams so tests run it
 * in-process. Input is checked before anything is written; each command is one repository call,
 * which is all or nothing.
 */

import { resolve } from 'node:path'
import { defaultProjectFeatures, type NetworkConfig, type ProjectFeatures } from '@airlock/protocol'
import type { Kysely } from 'kysely'
import { describeProject } from './projectDescription'
import type { FeatureOverrides } from './services/features'
import { isRegistryError, ProjectNotFoundError } from './services/projectErrors'
import type { ProjectSettingsChange } from './services/projectSettings'
import {
  allowOrigin,
  configureProject,
  createProject,
  getProject,
  listProjects,
  revokeOrigin,
} from './services/projects'
import { revokeSessionsOf } from './services/siwx/sessions'
import { readRegistryFile, WalletRegistryFileError } from './services/walletRegistry/registryFile'
import {
  findWallets,
  removeWallet,
  storeWallets,
  WalletNotFoundError,
} from './services/walletRegistry/walletRegistry'
import { migrateToLatest } from './storage/migrations'
import type { Database } from './storage/storage'

export type OutputStream = { write(text: string): unknown }

export declare namespace runCli {
  type Options = {
    db: Kysely<Database>
    stdout: OutputStream
    stderr: OutputStream
    /** Where relative file paths start (npm runs scripts from the root; it passes INIT_CWD). */
    cwd?: string | undefined
    /** Production mode (`isProduction(process.env)`, as the server): https origins only. */
    production?: boolean | undefined
    /** The API's networks (`loadNetworks`, as the server): a project's networks are among them. */
    networks?: readonly NetworkConfig[] | undefined
  }
  /** 0 done, 1 refused (bad input or state; nothing written), 2 usage error. */
  type ExitCode = 0 | 1 | 2
}

export const usage = `Usage: npm run airlock -- <projects|wallets> <command>

Commands:
  projects list
      List projects and their allowed origins.
  projects create <id> --origin <url> [--origin <url>...] [settings...]
      Create a project whose modal may be embedded by the given origins.
  projects show <id>
      Show a project: origins, networks, features, theme, wallets and sign-in.
  projects set <id> <settings...>
      Change a project's settings; the modal of a page already open takes them at
      its next open.
  projects allow-origin <id> <url>
      Allow one more origin to embed the project's modal.
  projects revoke-origin <id> <url>
      Stop allowing an origin. A modal already loaded there refuses to sign or
      send for it once its last check is older than the admission cache.
  projects revoke-sessions <id> <address>
      End every sign-in (SIWX) session of an address on the project, on all its sites.

  wallets list [--search <text>]
      List the wallet registry in the order AllWallets shows it.
  wallets import <file.json> [--logos <dir>]
      Add or update the file's wallets, all or none. Logos are read from <dir>
      (default: the logos folder next to the file). Wallets not in the file stay.
  wallets remove <id>
      Remove a wallet from the registry.

Settings (each replaces what the project had; sites may narrow them, never widen):
  --networks <caip2,...|none>      the networks the modal offers, in order (none: sites choose)
  --default-network <caip2|none>   the network to start on (none: the first)
  --feature <name>=on|off          one of spec §6's switches (repeatable)
  --theme-mode <dark|light|none>   the theme (none: the default, dark)
  --theme-variable <name>=<value>  e.g. --airlock-accent=#47a1ff; <name>= removes it (repeatable)
  --featured-wallets <id,...|none> wallets listed first (registry id, rdns or name)
  --exclude-wallets <id,...|none>  wallets never listed
  --siwx <off|optional|required>   sign in with a wallet signature after connecting
  --name <text|none>               what the project's mails call the site (none: its id)
  --sponsored-operations-per-account <n>  user operations a day one smart account gets sponsored
  --sponsored-gas-per-account <n>         their gas (the sum of their gas limits) a day
  --sponsored-operations-per-project <n>  user operations a day all the project's accounts get
  --sponsored-gas-per-project <n>         their gas a day (with gasSponsorship on; UTC days; 0: none)
  --sponsored-calls <call,...|none>       what gas sponsorship pays for (none: nothing), each
                                          eip155:<chain>:<contract>[@<selector>+<selector>...]
  --paymaster-services <url,...|none>     ERC-7677 paymaster URLs sites may name in wallet_sendCalls
  --smart-account-networks <json|none>    the project's own bundler, paymaster and account per network,
                                          {"eip155:8453":{"bundler":"https://…","paymaster":"https://…",
                                          "account":"eip7702"|"eip7702:<address>"|"safe-1.4.1"}}
  --admission-cache <seconds>      0 to 60 (default 60): how long a loaded modal signs and sends
                                   on its last check that the site is still allowed
  --names-parent <name|none>       the parent its visitors' names are under (acme.eth), whose
                                   resolver is AIRLOCK_NAMES_RESOLVER; none: AIRLOCK_NAMES_PARENT
  --announce on|off                whether the SDK announces Airlock over EIP-6963 (default on), so
                                   dapps that list EIP-6963 wallets (wagmi, RainbowKit, AppKit) offer it
  --announce-name <name|none>      the name it is announced by (default Airlock)
  --announce-icon <data URI|none>  its icon, a data:image/ URI (default Airlock's mark)
  --announce-rdns <rdns|none>      its rdns, reverse DNS of a domain you control (default the
                                   modal's host reversed)

A project id is 2 to 63 lowercase letters, digits or hyphens. An origin is exactly
http(s)://host[:port], e.g. https://example.com or http://localhost:5173; in production mode
(NODE_ENV=production or AIRLOCK_PRODUCTION=1) https only.
The wallet file format is described in apps/api/registry/README.md.
Storage: DATABASE_URL (Postgres) if set, else <DATA_DIR>/airlock.sqlite.
`

type Command =
  | { name: 'help' }
  | { name: 'list' }
  | {
      name: 'create'
      projectId: string
      origins: string[]
      features: FeatureOverrides
      settings: ProjectSettingsChange
    }
  | { name: 'show'; projectId: string }
  | { name: 'set'; projectId: string; features: FeatureOverrides; settings: ProjectSettingsChange }
  | { name: 'allow-origin'; projectId: string; origin: string }
  | { name: 'revoke-origin'; projectId: string; origin: string }
  | { name: 'revoke-sessions'; projectId: string; address: string }
  | { name: 'wallets list'; search: string | undefined }
  | { name: 'wallets import'; file: string; logosDir: string | undefined }
  | { name: 'wallets remove'; walletId: string }

class UsageError extends Error {
  override readonly name = 'UsageError'
}

/**
 * @example
 * const exitCode = await runCli(process.argv.slice(2), { db, stdout: process.stdout, stderr: process.stderr })
 */
export async function runCli(
  argv: readonly string[],
  { db, stdout, stderr, cwd = process.cwd(), production = false, networks = [] }: runCli.Options,
): Promise<runCli.ExitCode> {
  let command: Command
  try {
    command = parseCommand(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    stderr.write(`error: ${error.message}\n\n${usage}`)
    return 2
  }
  if (command.name === 'help') {
    stdout.write(usage)
    return 0
  }

  await migrateToLatest(db)
  try {
    switch (command.name) {
      case 'list': {
        const projects = await listProjects(db)
        if (projects.length === 0) stdout.write('No projects.\n')
        for (const project of projects) {
          stdout.write(`${project.id}\n`)
          if (project.allowedOrigins.length === 0) stdout.write('  (no allowed origins)\n')
          for (const origin of project.allowedOrigins) stdout.write(`  ${origin}\n`)
        }
        return 0
      }
      case 'create': {
        const project = await createProject(
          db,
          command.projectId,
          command.origins,
          command.features,
          { production, settings: command.settings, catalogue: networks },
        )
        stdout.write(
          `Created project ${project.id}, allowed origins: ${project.allowedOrigins.join(', ')}\n`,
        )
        return 0
      }
      case 'show': {
        const project = await getProject(db, command.projectId)
        if (project === undefined) throw new ProjectNotFoundError(command.projectId)
        stdout.write(describeProject(project, networks))
        return 0
      }
      case 'set': {
        const project = await configureProject(
          db,
          command.projectId,
          { features: command.features, settings: command.settings },
          networks,
          { production },
        )
        stdout.write(`Updated project ${project.id}:\n${describeProject(project, networks)}`)
        return 0
      }
      case 'allow-origin': {
        const origin = await allowOrigin(db, command.projectId, command.origin, { production })
        stdout.write(`Allowed ${origin} for project ${command.projectId}\n`)
        return 0
      }
      case 'revoke-origin': {
        const origin = await revokeOrigin(db, command.projectId, command.origin)
        stdout.write(`Revoked ${origin} for project ${command.projectId}\n`)
        return 0
      }
      case 'revoke-sessions': {
        if ((await getProject(db, command.projectId)) === undefined)
          throw new ProjectNotFoundError(command.projectId)
        const ended = await revokeSessionsOf(
          { db, networks, now: Date.now },
          command.projectId,
          command.address,
        )
        stdout.write(
          `Ended ${ended} sign-in session${ended === 1 ? '' : 's'} of ${command.address} on project ${command.projectId}\n`,
        )
        return 0
      }
      case 'wallets list': {
        const { count, wallets } = await findWallets(db, {
          search: command.search,
          offset: 0,
          limit: Number.MAX_SAFE_INTEGER,
        })
        if (count === 0) stdout.write(command.search ? 'No wallet matches.\n' : 'No wallets.\n')
        for (const wallet of wallets)
          stdout.write(
            `${wallet.id}  ${wallet.name}${wallet.rdns ? ` (${wallet.rdns})` : ''}  ${[
              `rank ${wallet.rank}`,
              wallet.namespaces.join(','),
              ...(wallet.recommended ? ['recommended'] : []),
              ...(wallet.imageHash ? [] : ['no logo']),
            ].join(', ')}\n`,
          )
        return 0
      }
      case 'wallets import': {
        const file = resolve(cwd, command.file)
        const wallets = await readRegistryFile(file, {
          logosDir: command.logosDir === undefined ? undefined : resolve(cwd, command.logosDir),
        })
        const { created, updated } = await storeWallets(db, wallets)
        const logos = wallets.filter((wallet) => wallet.image !== undefined).length
        stdout.write(
          `Imported ${wallets.length} wallet${wallets.length === 1 ? '' : 's'} from ${file}: ${created} new, ${updated} updated, ${logos} with a logo.\n`,
        )
        return 0
      }
      case 'wallets remove': {
        const name = await removeWallet(db, command.walletId)
        stdout.write(`Removed wallet ${command.walletId} (${name})\n`)
        return 0
      }
    }
  } catch (error) {
    if (
      !isRegistryError(error) &&
      !(error instanceof WalletRegistryFileError) &&
      !(error instanceof WalletNotFoundError)
    )
      throw error
    stderr.write(`error: ${error.message}\n`)
    return 1
  }
}

function parseCommand(argv: readonly string[]): Command {
  const [group, action, ...rest] = argv
  if (group === undefined) throw new UsageError('missing command')
  if (group === 'help' || group === '--help' || group === '-h') return { name: 'help' }
  if (group === 'wallets') return parseWalletsCommand(action, rest)
  if (group !== 'projects') throw new UsageError(`unknown command ${JSON.stringify(group)}`)
  if (action === undefined) throw new UsageError('missing projects command')

  switch (action) {
    case 'list':
      expectArguments(action, rest, 0)
      return { name: 'list' }
    case 'create': {
      const { positionals, origins, features, settings } = parseProjectOptions(rest, {
        origins: true,
      })
      const [projectId] = expectArguments(action, positionals, 1)
      if (origins.length === 0) throw new UsageError('create needs at least one --origin <url>')
      return { name: 'create', projectId: projectId!, origins, features, settings }
    }
    case 'show': {
      const [projectId] = expectArguments(action, rest, 1)
      return { name: 'show', projectId: projectId! }
    }
    case 'set': {
      const { positionals, features, settings } = parseProjectOptions(rest, { origins: false })
      const [projectId] = expectArguments(action, positionals, 1)
      if (Object.keys(features).length === 0 && Object.keys(settings).length === 0)
        throw new UsageError('set needs at least one setting, e.g. --networks eip155:1')
      return { name: 'set', projectId: projectId!, features, settings }
    }
    case 'allow-origin':
    case 'revoke-origin': {
      const [projectId, origin] = expectArguments(action, rest, 2)
      return { name: action, projectId: projectId!, origin: origin! }
    }
    case 'revoke-sessions': {
      const [projectId, address] = expectArguments(action, rest, 2)
      return { name: action, projectId: projectId!, address: address! }
    }
    default:
      throw new UsageError(`unknown projects command ${JSON.stringify(action)}`)
  }
}

/** Options that take a list: comma-separated, or `none` for the empty list. */
/** The options of the gas sponsorship caps (with `gasSponsorship` on), per UTC day. */
const sponsorshipOptions = {
  '--sponsored-operations-per-account': 'accountOperations',
  '--sponsored-gas-per-account': 'accountGas',
  '--sponsored-operations-per-project': 'projectOperations',
  '--sponsored-gas-per-project': 'projectGas',
} as const

const listSettings = {
  '--networks': 'networks',
  '--featured-wallets': 'featuredWalletIds',
  '--exclude-wallets': 'excludeWallets',
  '--sponsored-calls': 'sponsoredCalls',
  '--paymaster-services': 'paymasterServices',
} as const

/**
 * The options of `projects create` and `projects set`: origins (create only), feature switches
 * and settings. Values are checked where they are stored (`projectSettings.ts`), against the
 * API's networks, so the error names the bad value.
 */
function parseProjectOptions(
  argv: readonly string[],
  { origins: takesOrigins }: { origins: boolean },
): {
  positionals: string[]
  origins: string[]
  features: FeatureOverrides
  settings: ProjectSettingsChange
} {
  const positionals: string[] = []
  const origins: string[] = []
  const features: FeatureOverrides = {}
  const settings: ProjectSettingsChange = {}
  const themeVariables: Record<string, string | null> = {}
  const seen = new Set<string>()
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!
    if (!argument.startsWith('--')) {
      positionals.push(argument)
      continue
    }
    const equals = argument.indexOf('=')
    const name = equals === -1 ? argument : argument.slice(0, equals)
    const value = equals === -1 ? argv[++index] : argument.slice(equals + 1)
    const repeatable = ['--origin', '--feature', '--theme-variable'].includes(name)
    const known =
      repeatable ||
      name in listSettings ||
      name in sponsorshipOptions ||
      [
        '--default-network',
        '--theme-mode',
        '--siwx',
        '--name',
        '--admission-cache',
        '--smart-account-networks',
        '--names-parent',
        '--announce',
        '--announce-name',
        '--announce-icon',
        '--announce-rdns',
      ].includes(name)
    if (!known || (name === '--origin' && !takesOrigins))
      throw new UsageError(`unknown option ${JSON.stringify(argument)}`)
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`)
    if (!repeatable && seen.has(name)) throw new UsageError(`${name} given twice`)
    seen.add(name)
    if (name === '--origin') origins.push(value)
    else if (name === '--feature') Object.assign(features, parseFeatureSwitch(value))
    else if (name === '--theme-variable') {
      const split = value.indexOf('=')
      if (split <= 0) throw new UsageError('--theme-variable needs <name>=<value>')
      const variable = value.slice(split + 1)
      themeVariables[value.slice(0, split)] = variable === '' ? null : variable
    } else if (name in listSettings) {
      const items = value === 'none' ? [] : value.split(',').map((item) => item.trim())
      settings[listSettings[name as keyof typeof listSettings]] = items
    } else if (name in sponsorshipOptions) {
      const cap = sponsorshipOptions[name as keyof typeof sponsorshipOptions]
      settings.sponsorship = { ...settings.sponsorship, [cap]: value }
    } else if (name === '--default-network')
      settings.defaultNetwork = value === 'none' ? null : value
    else if (name === '--theme-mode') settings.themeMode = value === 'none' ? null : value
    else if (name === '--name') settings.name = value === 'none' ? null : value
    else if (name === '--admission-cache') settings.admissionCacheSeconds = value
    else if (name === '--smart-account-networks') settings.smartAccountNetworks = value
    else if (name === '--names-parent') settings.namesParent = value === 'none' ? null : value
    else if (name === '--announce') settings.announce = value
    else if (name === '--announce-name') settings.announceName = value === 'none' ? null : value
    else if (name === '--announce-icon') settings.announceIcon = value === 'none' ? null : value
    else if (name === '--announce-rdns') settings.announceRdns = value === 'none' ? null : value
    else settings.siwx = value
  }
  if (Object.keys(themeVariables).length) settings.themeVariables = themeVariables
  return { positionals, origins, features, settings }
}

/** `--feature send=off`: one of the boolean switches of spec §6, on or off. */
function parseFeatureSwitch(value: string): FeatureOverrides {
  const [name, flag] = value.split('=')
  const switches = Object.keys(defaultProjectFeatures).filter(
    (key) => typeof defaultProjectFeatures[key as keyof ProjectFeatures] === 'boolean',
  )
  if (!name || !switches.includes(name))
    throw new UsageError(
      `unknown feature ${JSON.stringify(name ?? '')} in --feature (one of ${switches.join(', ')})`,
    )
  if (flag !== 'on' && flag !== 'off')
    throw new UsageError(`--feature ${name} must be =on or =off, got ${JSON.stringify(value)}`)
  return { [name]: flag === 'on' }
}

function parseWalletsCommand(action: string | undefined, rest: string[]): Command {
  if (action === undefined) throw new UsageError('missing wallets command')
  const { positionals, options } = parseOptions(
    rest,
    action === 'list' ? ['--search'] : action === 'import' ? ['--logos'] : [],
  )
  switch (action) {
    case 'list':
      expectArguments(action, positionals, 0, 'wallets')
      return { name: 'wallets list', search: options.get('--search') }
    case 'import': {
      const [file] = expectArguments(action, positionals, 1, 'wallets')
      return { name: 'wallets import', file: file!, logosDir: options.get('--logos') }
    }
    case 'remove': {
      const [walletId] = expectArguments(action, positionals, 1, 'wallets')
      return { name: 'wallets remove', walletId: walletId! }
    }
    default:
      throw new UsageError(`unknown wallets command ${JSON.stringify(action)}`)
  }
}

/** `--name value` or `--name=value`, each at most once, among positional arguments. */
function parseOptions(
  argv: string[],
  known: readonly string[],
): { positionals: string[]; options: Map<string, string> } {
  const positionals: string[] = []
  const options = new Map<string, string>()
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!
    if (!argument.startsWith('-')) {
      positionals.push(argument)
      continue
    }
    const [name, inline] = argument.includes('=')
      ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)]
      : [argument, undefined]
    if (!known.includes(name)) throw new UsageError(`unknown option ${JSON.stringify(argument)}`)
    const value = inline ?? argv[++index]
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`)
    if (options.has(name)) throw new UsageError(`${name} given twice`)
    options.set(name, value)
  }
  return { positionals, options }
}

function expectArguments(
  action: string,
  values: string[],
  count: number,
  group: 'projects' | 'wallets' = 'projects',
): string[] {
  if (values.length !== count)
    throw new UsageError(
      `${group} ${action} takes ${count === 0 ? 'no arguments' : `${count} argument${count === 1 ? '' : 's'}`}, got ${values.length}`,
    )
  return values
}
