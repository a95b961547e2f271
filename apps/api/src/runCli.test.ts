import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../test/databases'
import { runCli } from './runCli'
import { loadNetworks } from './services/networks'
import { configureProject, createProject, getProject, listProjects } from './services/projects'
import { builtinRegistryDir } from './services/walletRegistry/builtin'
import { findWalletImage } from './services/walletRegistry/walletRegistry'
import type { Storage } from './storage/storage'

/** The API's catalogue with no environment, as `cli.ts` loads it. */
const networks = loadNetworks({})

describe.each(testDatabases())('airlock CLI on $name', (database) => {
  let storage: Storage

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  let dir: string
  beforeEach(async () => {
    storage = await database.open()
    const registry = storage.db.withTables<{
      wallets: { id: string }
      wallet_namespaces: { wallet_id: string }
    }>()
    await registry.deleteFrom('wallet_namespaces').execute()
    await registry.deleteFrom('wallets').execute()
    dir = await mkdtemp(join(tmpdir(), 'airlock-cli-'))
  })
  afterEach(async () => {
    await storage.close()
    await rm(dir, { recursive: true, force: true })
  })

  async function runIn(mode: { production?: boolean }, ...argv: string[]) {
    let stdout = ''
    let stderr = ''
    const code = await runCli(argv, {
      db: storage.db,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      cwd: dir,
      networks,
      ...mode,
    })
    return { code, stdout, stderr }
  }
  const run = (...argv: string[]) => runIn({}, ...argv)

  test("behavior: revoke-sessions ends an address's sign-in sessions on every site of the project", async () => {
    await run(
      'projects',
      'create',
      'shop',
      '--origin',
      'https://shop.example',
      '--siwx',
      'optional',
    )
    const session = (id: string, address: string, hostOrigin: string) => ({
      id,
      project_id: 'shop',
      host_origin: hostOrigin,
      chain_id: 'eip155:1',
      address,
      message: 'm',
      signature: '0x',
      data: '{}',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      created_at: new Date().toISOString(),
      revoked_at: null,
    })
    const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    await storage.db
      .insertInto('siwx_sessions')
      .values([
        session('a', alice, 'https://shop.example'),
        session('b', alice, 'https://blog.shop.example'),
        session('c', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'https://shop.example'),
      ])
      .execute()
    expect(await run('projects', 'revoke-sessions', 'shop', alice.toLowerCase())).toEqual({
      code: 0,
      stdout: `Ended 2 sign-in sessions of ${alice.toLowerCase()} on project shop\n`,
      stderr: '',
    })
    const left = await storage.db
      .selectFrom('siwx_sessions')
      .select('id')
      .where('revoked_at', 'is', null)
      .execute()
    expect(left).toEqual([{ id: 'c' }])
  })

  test('behavior: create, allow-origin, revoke-origin and list work together', async () => {
    expect(await run('projects', 'list')).toEqual({ code: 0, stdout: 'No projects.\n', stderr: '' })

    const created = await run(
      'projects',
      'create',
      'shop',
      '--origin',
      'https://shop.example/',
      '--origin=http://localhost:3000',
    )
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(created.stdout).toBe(
      'Created project shop, allowed origins: http://localhost:3000, https://shop.example\n',
    )

    expect(await run('projects', 'allow-origin', 'shop', 'http://127.0.0.1:3000')).toEqual({
      code: 0,
      stdout: 'Allowed http://127.0.0.1:3000 for project shop\n',
      stderr: '',
    })
    expect(await run('projects', 'revoke-origin', 'shop', 'http://localhost:3000')).toEqual({
      code: 0,
      stdout: 'Revoked http://localhost:3000 for project shop\n',
      stderr: '',
    })
    await run('projects', 'create', 'blog', '--origin', 'https://blog.example')

    expect((await run('projects', 'list')).stdout).toBe(
      'blog\n  https://blog.example\nshop\n  http://127.0.0.1:3000\n  https://shop.example\n',
    )
  })

  test('behavior: create --feature switches a feature on or off; a bad switch names itself', async () => {
    expect(
      await run(
        'projects',
        'create',
        'wallets',
        '--origin',
        'https://wallets.example',
        '--feature',
        'multiWallet=on',
        '--feature',
        'send=off',
      ),
    ).toMatchObject({ code: 0 })
    const project = await getProject(storage.db, 'wallets')
    expect(project?.features).toMatchObject({ multiWallet: true, send: false, swaps: true })

    const unknown = await run(
      'projects',
      'create',
      'x1',
      '--origin',
      'https://x.example',
      '--feature',
      'teleport=on',
    )
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr).toContain('unknown feature "teleport"')
    const badFlag = await run(
      'projects',
      'create',
      'x2',
      '--origin',
      'https://x.example',
      '--feature',
      'send=maybe',
    )
    expect(badFlag.stderr).toContain('--feature send must be =on or =off, got "send=maybe"')
    expect(await getProject(storage.db, 'x2')).toBeUndefined()
  })

  test('behavior: in production mode create and allow-origin refuse an http origin, naming it; revoke still works', async () => {
    const runProduction = (...argv: string[]) => runIn({ production: true }, ...argv)
    const insecure = (origin: string) =>
      `error: Origin ${origin} is not https: production mode (NODE_ENV=production or AIRLOCK_PRODUCTION=1) allows https origins only.\n`

    expect(
      await runProduction('projects', 'create', 'shop', '--origin', 'http://shop.example'),
    ).toEqual({ code: 1, stdout: '', stderr: insecure('http://shop.example') })
    expect(await listProjects(storage.db)).toEqual([])

    await createProject(storage.db, 'shop', ['https://shop.example', 'http://localhost:3000'])
    expect(
      await runProduction('projects', 'allow-origin', 'shop', 'http://127.0.0.1:3000/'),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: insecure('http://127.0.0.1:3000'),
    })
    expect(
      await runProduction('projects', 'revoke-origin', 'shop', 'http://localhost:3000'),
    ).toEqual({
      code: 0,
      stdout: 'Revoked http://localhost:3000 for project shop\n',
      stderr: '',
    })
    expect((await runProduction('projects', 'list')).stdout).toBe('shop\n  https://shop.example\n')
  })

  test('security: in production mode create and set refuse a bundler, paymaster or paymaster service that is not https or is on loopback, and store nothing', async () => {
    const runProduction = (...argv: string[]) => runIn({ production: true }, ...argv)
    const accounts = (services: Record<string, string>) =>
      JSON.stringify({ 'eip155:1': { ...services, account: 'eip7702' } })
    expect(
      await runProduction(
        'projects',
        'create',
        'shop',
        '--origin',
        'https://shop.example',
        '--smart-account-networks',
        accounts({ bundler: 'http://bundler.example/rpc?apikey=secret' }),
      ),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Invalid bundler of eip155:1 "http://bundler.example/…": must be https in production mode.\n',
    })
    expect(await listProjects(storage.db)).toEqual([])

    await createProject(storage.db, 'shop', ['https://shop.example'])
    const show = async () => (await run('projects', 'show', 'shop')).stdout
    const before = await show()
    expect(
      await runProduction(
        'projects',
        'set',
        'shop',
        '--smart-account-networks',
        accounts({
          bundler: 'https://bundler.example/rpc',
          paymaster: 'https://127.0.0.1:4337/rpc',
        }),
      ),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Invalid paymaster of eip155:1 "https://127.0.0.1:4337/…": must not be on loopback in production mode.\n',
    })
    expect(
      await runProduction(
        'projects',
        'set',
        'shop',
        '--paymaster-services',
        'http://paymaster.shop.example/rpc',
      ),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Invalid paymaster service "http://paymaster.shop.example/rpc": it is not https: production mode takes https off loopback.\n',
    })
    expect(await show()).toBe(before)
    // The same URLs are taken outside production mode (the dev stack's services are on loopback).
    expect(
      (
        await run(
          'projects',
          'set',
          'shop',
          '--smart-account-networks',
          accounts({ bundler: 'http://127.0.0.1:4337/rpc' }),
        )
      ).code,
    ).toBe(0)
  })

  test('behavior: the help command prints usage and exits 0', async () => {
    const { code, stdout } = await run('--help')
    expect(code).toBe(0)
    expect(stdout).toContain('projects create <id> --origin <url>')
  })

  const refused: [string, string[], string][] = [
    [
      'an origin with a path',
      ['projects', 'create', 'blog', '--origin', 'https://blog.example/app'],
      'Invalid origin "https://blog.example/app": a path, query or fragment is not allowed',
    ],
    [
      'an origin with a query',
      ['projects', 'create', 'blog', '--origin', 'https://blog.example?x=1'],
      'a path, query or fragment is not allowed',
    ],
    [
      'an origin with a fragment',
      ['projects', 'create', 'blog', '--origin', 'https://blog.example#top'],
      'a path, query or fragment is not allowed',
    ],
    [
      'an origin with credentials',
      ['projects', 'create', 'blog', '--origin', 'https://me:pw@blog.example'],
      'credentials are not allowed',
    ],
    [
      'a wildcard origin',
      ['projects', 'create', 'blog', '--origin', 'https://*.blog.example'],
      'wildcards are not allowed',
    ],
    [
      'a non-http origin',
      ['projects', 'create', 'blog', '--origin', 'ftp://blog.example'],
      'the scheme must be http or https',
    ],
    [
      'something that is not a URL',
      ['projects', 'create', 'blog', '--origin', 'blog.example'],
      'not a URL',
    ],
    [
      'an origin not in canonical form',
      ['projects', 'create', 'blog', '--origin', 'HTTPS://Blog.Example:443'],
      'write it in canonical form, https://blog.example',
    ],
    [
      'one bad origin among good ones',
      [
        'projects',
        'create',
        'blog',
        '--origin',
        'https://blog.example',
        '--origin',
        'https://blog.example/x',
      ],
      'Invalid origin',
    ],
    [
      'a bad project id',
      ['projects', 'create', 'Blog_1', '--origin', 'https://blog.example'],
      'Invalid project id "Blog_1"',
    ],
    [
      'a one-letter project id',
      ['projects', 'create', 'b', '--origin', 'https://blog.example'],
      'Invalid project id "b"',
    ],
    [
      'a duplicate project id',
      ['projects', 'create', 'shop', '--origin', 'https://other.example'],
      'Project "shop" already exists.',
    ],
    [
      'an origin given twice',
      [
        'projects',
        'create',
        'blog',
        '--origin',
        'https://blog.example',
        '--origin',
        'https://blog.example/',
      ],
      'Origin https://blog.example is already allowed for project "blog".',
    ],
    [
      'allowing for an unknown project',
      ['projects', 'allow-origin', 'nope', 'https://x.example'],
      'Project "nope" does not exist.',
    ],
    [
      'allowing an origin already allowed',
      ['projects', 'allow-origin', 'shop', 'https://shop.example/'],
      'Origin https://shop.example is already allowed for project "shop".',
    ],
    [
      'allowing a malformed origin',
      ['projects', 'allow-origin', 'shop', 'https://shop.example/*'],
      'wildcards are not allowed',
    ],
    [
      'revoking an origin the project lacks',
      ['projects', 'revoke-origin', 'shop', 'https://other.example'],
      'Origin https://other.example is not allowed for project "shop", so there is nothing to revoke.',
    ],
    [
      'revoking for an unknown project',
      ['projects', 'revoke-origin', 'nope', 'https://shop.example'],
      'Project "nope" does not exist.',
    ],
    [
      "ending an unknown project's sign-in sessions",
      ['projects', 'revoke-sessions', 'nope', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
      'Project "nope" does not exist.',
    ],
    ['no command', [], 'error: missing command'],
    ['an unknown command', ['frobnicate'], 'error: unknown command "frobnicate"'],
    ['projects without a command', ['projects'], 'error: missing projects command'],
    [
      'an unknown projects command',
      ['projects', 'delete', 'shop'],
      'error: unknown projects command "delete"',
    ],
    [
      'create without an origin',
      ['projects', 'create', 'blog'],
      'create needs at least one --origin <url>',
    ],
    [
      '--origin without a value',
      ['projects', 'create', 'blog', '--origin'],
      '--origin needs a value',
    ],
    [
      'an unknown option',
      ['projects', 'create', 'blog', '--origins', 'https://blog.example'],
      'unknown option "--origins"',
    ],
    [
      'create with two ids',
      ['projects', 'create', 'a1', 'b2', '--origin', 'https://blog.example'],
      'projects create takes 1 argument, got 2',
    ],
    [
      'allow-origin without the origin',
      ['projects', 'allow-origin', 'shop'],
      'projects allow-origin takes 2 arguments, got 1',
    ],
    [
      'list with an argument',
      ['projects', 'list', 'shop'],
      'projects list takes no arguments, got 1',
    ],
    [
      'create with an unknown network',
      [
        'projects',
        'create',
        'blog',
        '--origin',
        'https://blog.example',
        '--networks',
        'eip155:999',
      ],
      'error: Invalid network "eip155:999": the API knows eip155:31337, solana:localnet, bip122:0f9188f13cb7b2c71f2a335e3a4fc328, cosmos:airlock-local-1, polkadot:fcbb43a94fb5ca7574f5f76c75f9510c, eip155:1,',
    ],
    [
      "create with a default network not among the project's",
      [
        'projects',
        'create',
        'blog',
        '--origin',
        'https://blog.example',
        '--networks',
        'eip155:1',
        '--default-network',
        'eip155:8453',
      ],
      `error: Invalid default network "eip155:8453": must be one of the project's networks (eip155:1).`,
    ],
    [
      'set with an unknown network',
      ['projects', 'set', 'shop', '--networks', 'eip155:1,eip155:999'],
      'error: Invalid network "eip155:999"',
    ],
    [
      'set with a bad theme mode',
      ['projects', 'set', 'shop', '--theme-mode', 'blue'],
      'error: Invalid theme mode "blue": use dark or light.',
    ],
    [
      'set with an unsafe theme variable',
      ['projects', 'set', 'shop', '--theme-variable', '--airlock-accent=url(x)'],
      'error: Invalid theme variable --airlock-accent "url(x)": Unsafe value for theme variable "--airlock-accent".\n',
    ],
    [
      'set with a bad siwx mode',
      ['projects', 'set', 'shop', '--siwx', 'always'],
      'error: Invalid siwx mode "always": use off, optional or required.',
    ],
    [
      'set with an admission cache over a minute',
      ['projects', 'set', 'shop', '--admission-cache', '61'],
      'error: Invalid admission cache "61": use a whole number of seconds from 0 to 60.',
    ],
    [
      'set with a names parent not in normal form',
      ['projects', 'set', 'shop', '--names-parent', 'Acme.eth'],
      'error: Invalid names parent "Acme.eth": use its ENSIP-15 normal form, "acme.eth".',
    ],
    [
      'set with an rdns that is no reverse DNS',
      ['projects', 'set', 'shop', '--announce-rdns', 'Shop Wallet'],
      'error: Invalid announce rdns "Shop Wallet": use reverse DNS in lowercase, e.g. com.example.wallet.',
    ],
    [
      'set with an icon that is no data: image',
      ['projects', 'set', 'shop', '--announce-icon', 'https://shop.example/icon.png'],
      'error: Invalid announce icon "https://shop.example/icon.png": use a data:image/ URI (svg+xml, png, webp, jpeg or gif) under 64 KiB.',
    ],
    [
      'set with announce neither on nor off',
      ['projects', 'set', 'shop', '--announce', 'yes'],
      'error: Invalid announce "yes": use on or off.',
    ],
    [
      'set a name for an announcement turned off',
      ['projects', 'set', 'shop', '--announce', 'off', '--announce-name', 'Shop'],
      'error: Invalid announce name "Shop": the announcement is off (turn it on with announce on).',
    ],
    [
      'set with a wallet listed twice',
      ['projects', 'set', 'shop', '--exclude-wallets', 'phantom,phantom'],
      'error: Invalid excluded wallet "phantom": listed twice.',
    ],
    [
      'set with one bad setting among good ones',
      ['projects', 'set', 'shop', '--siwx', 'required', '--networks', 'eip155:999'],
      'error: Invalid network "eip155:999"',
    ],
    [
      'set for an unknown project',
      ['projects', 'set', 'nope', '--siwx', 'required'],
      'error: Project "nope" does not exist.',
    ],
    [
      'set without a setting',
      ['projects', 'set', 'shop'],
      'error: set needs at least one setting, e.g. --networks eip155:1',
    ],
    [
      'set with an origin',
      ['projects', 'set', 'shop', '--origin', 'https://x.example'],
      'unknown option "--origin"',
    ],
    [
      'a setting given twice',
      ['projects', 'set', 'shop', '--siwx', 'off', '--siwx=required'],
      'error: --siwx given twice',
    ],
    [
      'a setting without a value',
      ['projects', 'set', 'shop', '--networks'],
      'error: --networks needs a value',
    ],
    [
      'a theme variable without a name',
      ['projects', 'set', 'shop', '--theme-variable', '#47a1ff'],
      'error: --theme-variable needs <name>=<value>',
    ],
    [
      'show of an unknown project',
      ['projects', 'show', 'nope'],
      'error: Project "nope" does not exist.',
    ],
    ['show without an id', ['projects', 'show'], 'projects show takes 1 argument, got 0'],
  ]

  test.each(refused)(
    'behavior: %s is refused with a message, a non-zero exit and no change',
    async (_, argv, message) => {
      await createProject(storage.db, 'shop', ['https://shop.example'])
      const before = await listProjects(storage.db)

      const { code, stdout, stderr } = await run(...argv)

      expect(code).not.toBe(0)
      expect(stderr).toContain(message)
      expect(stdout).toBe('')
      expect(await listProjects(storage.db)).toEqual(before)
    },
  )

  test('behavior: usage errors exit 2 and print the usage; refused input exits 1', async () => {
    const usageError = await run('projects', 'frob')
    expect(usageError.code).toBe(2)
    expect(usageError.stderr).toContain('Usage: npm run airlock -- <projects|wallets> <command>')
    expect((await run('projects', 'allow-origin', 'nope', 'https://x.example')).code).toBe(1)
  })

  describe('project settings', () => {
    const show = async (projectId: string) => {
      const result = await run('projects', 'show', projectId)
      expect(result).toMatchObject({ code: 0, stderr: '' })
      return result.stdout
    }
    /** One line of `projects show`, by its label. */
    const shown = async (projectId: string, label: string) =>
      (await show(projectId)).split('\n').find((line) => line.startsWith(`  ${label}: `))

    test('behavior: show prints what a project that chose nothing gets', async () => {
      await run('projects', 'create', 'shop', '--origin', 'https://shop.example')
      expect(await show('shop')).toBe(
        [
          'shop',
          '  name: shop (its id)',
          '  allowed origins: https://shop.example',
          '  networks: none (sites choose from all the API knows)',
          '  default network: the first',
          '  features: send on, receive on, onramp on, swaps on, activity on, email on, socials google, x, discord, farcaster, github, apple, facebook, multiWallet off, analytics on, legalCheckbox off, smartSessions off, smartAccounts off, gasSponsorship off, pay off',
          '  theme: dark (default); variables: none',
          '  featured wallets: none',
          '  excluded wallets: none',
          '  siwx: off',
          '  sponsored a day (with gasSponsorship on): per account 10 operations, 5000000 gas; per project 1000 operations, 500000000 gas',
          '  sponsored calls: none (no call is sponsored)',
          '  paymaster services sites may name: none',
          "  smart account networks (over the deployment's): none",
          '  admission cache: 60 s',
          "  names parent: the API's (AIRLOCK_NAMES_PARENT)",
          "  EIP-6963 announcement: on (name Airlock (default), rdns the modal's host reversed (default), icon Airlock's (default))",
          '',
        ].join('\n'),
      )
    })

    test('behavior: create takes the settings flags and show prints them', async () => {
      const created = await run(
        'projects',
        'create',
        'shop',
        '--origin',
        'https://shop.example',
        '--networks',
        'eip155:1,eip155:31337',
        '--default-network',
        'eip155:31337',
        '--feature',
        'send=off',
        '--theme-mode',
        'light',
        '--theme-variable',
        '--airlock-accent=#47a1ff',
        '--theme-variable=--airlock-border-radius-master=4px',
        '--featured-wallets',
        'metamask, io.rabby',
        '--exclude-wallets=phantom',
        '--siwx',
        'required',
        '--name',
        'The Shop',
        '--sponsored-operations-per-account',
        '3',
        '--sponsored-gas-per-project=0',
        '--sponsored-calls',
        `eip155:31337:${'0x'.padEnd(42, 'A')}@0xa9059cbb+0x095ea7b3,eip155:1:${'0x'.padEnd(42, 'b')}`,
        '--paymaster-services',
        'https://paymaster.shop.example/rpc',
        '--smart-account-networks',
        JSON.stringify({
          'eip155:1': {
            bundler: 'https://bundler.example/v2/1/rpc?apikey=secret',
            account: 'safe-1.4.1',
          },
        }),
        '--admission-cache',
        '5',
        '--names-parent',
        'acme.eth',
        '--announce-name',
        'The Shop Wallet',
        '--announce-rdns',
        'example.shop.wallet',
      )
      expect(created).toEqual({
        code: 0,
        stdout: 'Created project shop, allowed origins: https://shop.example\n',
        stderr: '',
      })
      const lines = (await show('shop')).split('\n')
      expect(lines).toEqual([
        'shop',
        '  name: The Shop',
        '  allowed origins: https://shop.example',
        '  networks: eip155:1 (Ethereum), eip155:31337 (Anvil)',
        '  default network: eip155:31337',
        expect.stringMatching(/^ {2}features: send off, receive on, /),
        '  theme: light; variables: --airlock-accent=#47a1ff, --airlock-border-radius-master=4px',
        '  featured wallets: metamask, io.rabby',
        '  excluded wallets: phantom',
        '  siwx: required',
        '  sponsored a day (with gasSponsorship on): per account 3 operations, 5000000 gas; per project 1000 operations, 0 gas',
        `  sponsored calls: eip155:31337:${'0x'.padEnd(42, 'a')}@0xa9059cbb+0x095ea7b3, eip155:1:${'0x'.padEnd(42, 'b')}`,
        '  paymaster services sites may name: https://paymaster.shop.example/rpc',
        // The bundler's path and query (its key) are never printed.
        "  smart account networks (over the deployment's): eip155:1 (bundler https://bundler.example/…, account Safe 1.4.1 (EntryPoint 0x0000000071727De22E5E9d8BAf0edAc6f37da032))",
        '  admission cache: 5 s',
        '  names parent: acme.eth',
        "  EIP-6963 announcement: on (name The Shop Wallet, rdns example.shop.wallet, icon Airlock's (default))",
        '',
      ])
    })

    test('behavior: set changes each setting, prints the project, and show reflects it', async () => {
      await run('projects', 'create', 'shop', '--origin', 'https://shop.example')

      const networksSet = await run(
        'projects',
        'set',
        'shop',
        '--networks',
        'solana:localnet,eip155:8453',
        '--default-network',
        'eip155:8453',
      )
      expect(networksSet.code).toBe(0)
      expect(networksSet.stderr).toBe('')
      expect(networksSet.stdout).toBe(`Updated project shop:\n${await show('shop')}`)
      expect(await shown('shop', 'networks')).toBe(
        '  networks: solana:localnet (Solana Localnet), eip155:8453 (Base)',
      )
      expect(await shown('shop', 'default network')).toBe('  default network: eip155:8453')

      const steps: [string[], string, string][] = [
        [['--default-network', 'none'], 'default network', '  default network: the first'],
        [['--feature', 'multiWallet=on'], 'features', 'multiWallet on'],
        [['--theme-mode', 'dark'], 'theme', '  theme: dark; variables: none'],
        [
          ['--theme-variable', '--airlock-accent=#ff0000'],
          'theme',
          '  theme: dark; variables: --airlock-accent=#ff0000',
        ],
        [
          ['--theme-mode', 'none'],
          'theme',
          '  theme: dark (default); variables: --airlock-accent=#ff0000',
        ],
        [
          ['--theme-variable', '--airlock-accent='],
          'theme',
          '  theme: dark (default); variables: none',
        ],
        [['--featured-wallets', 'trust'], 'featured wallets', '  featured wallets: trust'],
        [
          ['--exclude-wallets', 'keplr,phantom'],
          'excluded wallets',
          '  excluded wallets: keplr, phantom',
        ],
        [['--siwx', 'optional'], 'siwx', '  siwx: optional'],
        [['--featured-wallets', 'none'], 'featured wallets', '  featured wallets: none'],
        [['--exclude-wallets', 'none'], 'excluded wallets', '  excluded wallets: none'],
        [['--siwx', 'off'], 'siwx', '  siwx: off'],
        [['--name', 'Shop & Co'], 'name', '  name: Shop & Co'],
        [['--name', 'none'], 'name', '  name: shop (its id)'],
        [
          ['--sponsored-gas-per-account', '2000000', '--sponsored-operations-per-project', '50'],
          'sponsored a day (with gasSponsorship on)',
          'per account 10 operations, 2000000 gas; per project 50 operations, 500000000 gas',
        ],
        [
          ['--sponsored-calls', `eip155:8453:${'0x'.padEnd(42, 'c')}`],
          'sponsored calls',
          `  sponsored calls: eip155:8453:${'0x'.padEnd(42, 'c')}`,
        ],
        [['--sponsored-calls', 'none'], 'sponsored calls', 'none (no call is sponsored)'],
        [
          ['--paymaster-services', 'https://a.example/pm,https://b.example/pm'],
          'paymaster services sites may name',
          'https://a.example/pm, https://b.example/pm',
        ],
        [['--paymaster-services', 'none'], 'paymaster services sites may name', ': none'],
      ]
      for (const [flags, label, line] of steps) {
        expect(await run('projects', 'set', 'shop', ...flags), flags.join(' ')).toMatchObject({
          code: 0,
          stderr: '',
        })
        expect(await shown('shop', label), flags.join(' ')).toContain(line)
      }
      // Each set replaced only what it named.
      expect(await shown('shop', 'networks')).toBe(
        '  networks: solana:localnet (Solana Localnet), eip155:8453 (Base)',
      )
      expect((await getProject(storage.db, 'shop'))?.features.multiWallet).toBe(true)
    })

    test('behavior: --networks none clears the networks: sites choose again', async () => {
      await run(
        'projects',
        'create',
        'shop',
        '--origin',
        'https://shop.example',
        '--networks',
        'eip155:1,eip155:31337',
        '--default-network',
        'eip155:1',
      )
      expect(await run('projects', 'set', 'shop', '--networks', 'none')).toMatchObject({ code: 0 })
      expect(await shown('shop', 'networks')).toBe(
        '  networks: none (sites choose from all the API knows)',
      )
      expect((await getProject(storage.db, 'shop'))?.settings).toMatchObject({
        networks: [],
        defaultNetwork: 'eip155:1',
      })
    })

    test('behavior: set with an unknown network exits 1, names the value and changes nothing', async () => {
      await run(
        'projects',
        'create',
        'shop',
        '--origin',
        'https://shop.example',
        '--networks',
        'eip155:1',
      )
      const before = await getProject(storage.db, 'shop')

      const result = await run(
        'projects',
        'set',
        'shop',
        '--siwx',
        'required',
        '--networks',
        'eip155:1,eip155:7777',
      )

      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: Invalid network "eip155:7777": the API knows ${networks.map((n) => n.caipNetworkId).join(', ')} (add others with AIRLOCK_NETWORKS_JSON).\n`,
      })
      expect(await getProject(storage.db, 'shop')).toEqual(before)
    })

    test('behavior: set with a sponsorship cap that is not a whole number exits 1, names it and changes nothing', async () => {
      await run('projects', 'create', 'shop', '--origin', 'https://shop.example')
      const before = await getProject(storage.db, 'shop')
      expect(
        await run('projects', 'set', 'shop', '--sponsored-operations-per-account', 'lots'),
      ).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'error: Invalid sponsored operations per account "lots": use a whole number from 0 (0: none).\n',
      })
      expect(await getProject(storage.db, 'shop')).toEqual(before)
    })

    test('behavior: set with no settings is a usage error (exit 2, usage printed)', async () => {
      await run('projects', 'create', 'shop', '--origin', 'https://shop.example')
      const result = await run('projects', 'set', 'shop')
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toContain('error: set needs at least one setting')
      expect(result.stderr).toContain('projects set <id> <settings...>')
      expect(result.stderr).toContain('--siwx <off|optional|required>')
    })

    test('behavior: show of an unknown project exits 1', async () => {
      expect(await run('projects', 'show', 'nope')).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: Project "nope" does not exist.\n',
      })
    })

    test('behavior: show marks a network the API no longer knows as left out', async () => {
      await createProject(storage.db, 'shop', ['https://shop.example'])
      const extra = { ...networks[2]!, caipNetworkId: 'eip155:7777' as const, name: 'Gone' }
      await configureProject(
        storage.db,
        'shop',
        { settings: { networks: ['eip155:7777', 'eip155:1'] } },
        [...networks, extra],
      )
      expect(await shown('shop', 'networks')).toBe(
        '  networks: eip155:7777 (not known to this API: left out), eip155:1 (Ethereum)',
      )
    })
  })

  describe('wallets', () => {
    const metaMaskLogo = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96.jpeg'
    const wallets = [
      {
        id: 'metamask',
        name: 'MetaMask',
        rdns: 'io.metamask',
        namespaces: ['eip155'],
        rank: 10,
        recommended: true,
        logo: 'metamask.jpeg',
      },
      {
        id: 'phantom',
        name: 'Phantom',
        rdns: 'app.phantom',
        namespaces: ['solana', 'eip155'],
        rank: 20,
      },
      { id: 'keplr', name: 'Keplr', namespaces: ['cosmos'], rank: 30 },
    ]
    const writeRegistry = async (content: unknown, name = 'wallets.json') => {
      await mkdir(join(dir, 'logos'), { recursive: true })
      await writeFile(
        join(dir, 'logos', 'metamask.jpeg'),
        await readFile(join(builtinRegistryDir, 'logos', metaMaskLogo)),
      )
      await writeFile(
        join(dir, name),
        typeof content === 'string' ? content : JSON.stringify(content),
      )
    }
    const listing = async () => (await run('wallets', 'list')).stdout

    test('behavior: import, list, search, update and remove work together', async () => {
      expect(await run('wallets', 'list')).toEqual({ code: 0, stdout: 'No wallets.\n', stderr: '' })
      await writeRegistry({ wallets })

      expect(await run('wallets', 'import', 'wallets.json')).toEqual({
        code: 0,
        stdout: `Imported 3 wallets from ${join(dir, 'wallets.json')}: 3 new, 0 updated, 1 with a logo.\n`,
        stderr: '',
      })
      expect(await listing()).toBe(
        [
          'metamask  MetaMask (io.metamask)  rank 10, eip155, recommended',
          'phantom  Phantom (app.phantom)  rank 20, eip155,solana, no logo',
          'keplr  Keplr  rank 30, cosmos, no logo',
          '',
        ].join('\n'),
      )
      expect((await run('wallets', 'list', '--search', 'PHAN')).stdout).toBe(
        'phantom  Phantom (app.phantom)  rank 20, eip155,solana, no logo\n',
      )
      expect((await run('wallets', 'list', '--search=zzz')).stdout).toBe('No wallet matches.\n')
      expect((await findWalletImage(storage.db, 'metamask'))?.image?.contentType).toBe('image/jpeg')

      // A second file updates what it names and leaves the others; logos from --logos.
      await mkdir(join(dir, 'art'))
      await writeFile(join(dir, 'art', 'k.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
      await writeRegistry(
        {
          wallets: [
            {
              id: 'keplr',
              name: 'Keplr Wallet',
              namespaces: ['cosmos', 'eip155'],
              rank: 5,
              logo: 'k.svg',
            },
          ],
        },
        'update.json',
      )
      expect((await run('wallets', 'import', 'update.json', '--logos', 'art')).stdout).toBe(
        `Imported 1 wallet from ${join(dir, 'update.json')}: 0 new, 1 updated, 1 with a logo.\n`,
      )
      expect(await listing()).toBe(
        [
          'keplr  Keplr Wallet  rank 5, eip155,cosmos',
          'metamask  MetaMask (io.metamask)  rank 10, eip155, recommended',
          'phantom  Phantom (app.phantom)  rank 20, eip155,solana, no logo',
          '',
        ].join('\n'),
      )

      expect(await run('wallets', 'remove', 'phantom')).toEqual({
        code: 0,
        stdout: 'Removed wallet phantom (Phantom)\n',
        stderr: '',
      })
      expect(await listing()).not.toContain('phantom')
      expect(await findWalletImage(storage.db, 'phantom')).toBeUndefined()
    })

    test('behavior: the built-in data set imports as an operator would re-import it', async () => {
      const { code, stdout } = await run(
        'wallets',
        'import',
        join(builtinRegistryDir, 'wallets.json'),
        '--logos',
        join(builtinRegistryDir, 'logos'),
      )
      expect(code).toBe(0)
      expect(stdout).toMatch(
        /^Imported \d+ wallets from .*: \d+ new, 0 updated, \d+ with a logo\.\n$/,
      )
      expect((await listing()).split('\n')[0]).toMatch(
        / MetaMask \(io\.metamask\) {2}rank 10, eip155, recommended$/,
      )
    })

    const refusedImports: [string, unknown, string[], string][] = [
      [
        'a wallet with a bad field',
        { wallets: [wallets[0], { ...wallets[1], rdns: 'phantom' }] },
        [],
        'error: Invalid wallet registry file',
      ],
      [
        'a wallet with a bad field (the message names it)',
        { wallets: [wallets[0], { ...wallets[1], namespaces: ['solana', 'tron'] }] },
        [],
        'wallets[1] (Phantom) namespaces.1: must be one of eip155, solana, polkadot, bip122, cosmos',
      ],
      [
        'a missing logo',
        { wallets: [wallets[1], { ...wallets[2], logo: 'keplr.png' }] },
        [],
        'wallets[1] (Keplr) logo: cannot read',
      ],
      ['a file that is not JSON', '{"wallets": [', [], 'not valid JSON'],
      ['a file that does not exist', { wallets }, ['missing.json'], 'cannot read it (ENOENT)'],
    ]

    test.each(refusedImports)(
      'behavior: importing %s is refused, exits 1 and writes nothing',
      async (_, content, argv, message) => {
        await writeRegistry(
          { wallets: [{ id: 'old', name: 'Old Wallet', namespaces: ['eip155'], rank: 1 }] },
          'old.json',
        )
        await run('wallets', 'import', 'old.json')
        const before = await listing()
        await writeRegistry(content)

        const { code, stdout, stderr } = await run(
          'wallets',
          'import',
          ...(argv.length ? argv : ['wallets.json']),
        )

        expect(code).toBe(1)
        expect(stderr).toContain(message)
        expect(stdout).toBe('')
        expect(await listing()).toBe(before)
      },
    )

    test.each([
      [['wallets'], 2, 'error: missing wallets command'],
      [['wallets', 'delete', 'x'], 2, 'error: unknown wallets command "delete"'],
      [['wallets', 'import'], 2, 'wallets import takes 1 argument, got 0'],
      [['wallets', 'import', 'a.json', '--logos'], 2, '--logos needs a value'],
      [['wallets', 'import', 'a.json', '--logo', 'x'], 2, 'unknown option "--logo"'],
      [['wallets', 'list', '--search', 'a', '--search', 'b'], 2, '--search given twice'],
      [['wallets', 'list', 'extra'], 2, 'wallets list takes no arguments, got 1'],
      [['wallets', 'remove'], 2, 'wallets remove takes 1 argument, got 0'],
      [['wallets', 'remove', 'nobody'], 1, 'error: Wallet "nobody" does not exist.'],
    ])('behavior: %j exits %i with a message', async (argv, exitCode, message) => {
      const { code, stderr } = await run(...argv)
      expect(code).toBe(exitCode)
      expect(stderr).toContain(message)
    })
  })
})
