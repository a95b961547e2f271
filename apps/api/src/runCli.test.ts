import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../test/databases'
import { runCli } from './runCli'
import { createProject, getProject, listProjects } from './services/projects'
import { builtinRegistryDir } from './services/walletRegistry/builtin'
import { findWalletImage } from './services/walletRegistry/walletRegistry'
import type { Storage } from './storage/storage'

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
      ...mode,
    })
    return { code, stdout, stderr }
  }
  const run = (...argv: string[]) => runIn({}, ...argv)

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
