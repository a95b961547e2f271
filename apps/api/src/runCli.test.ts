import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../test/databases'
import { createProject, listProjects } from './projects'
import { runCli } from './runCli'
import type { Storage } from './storage'

describe.each(testDatabases())('airlock CLI on $name', (database) => {
  let storage: Storage

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    storage = await database.open()
  })
  afterEach(() => storage.close())

  async function run(...argv: string[]) {
    let stdout = ''
    let stderr = ''
    const code = await runCli(argv, {
      db: storage.db,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    })
    return { code, stdout, stderr }
  }

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
    expect(usageError.stderr).toContain('Usage: npm run airlock -- projects <command>')
    expect((await run('projects', 'allow-origin', 'nope', 'https://x.example')).code).toBe(1)
  })
})
