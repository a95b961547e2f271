import { describe, expect, test } from 'vitest'
import {
  type ModalConfig,
  modalConfigSchema,
  type ProjectConfig,
  projectConfigSchema,
} from './project'
import {
  type ConfigCheckResult,
  modalConfigErrors,
  parseModalConfig,
  parseProjectConfig,
  siwxModes,
} from './projectConfigCheck'
import { themeModes } from './theme'
import { socialProviders } from './validation'

// The checkers replace zod in the modal's first bundle: for any value, they must accept what the
// zod schemas accept, read it to the same value, and refuse what they refuse at the same field.

/** A config with every field set, the optional one included, and each list holding something. */
const project: ProjectConfig = {
  id: 'shop',
  allowedOrigins: ['https://shop.example', 'https://www.shop.example'],
  features: {
    send: true,
    receive: true,
    onramp: false,
    swaps: true,
    activity: true,
    email: true,
    socials: ['google', 'github'],
    multiWallet: false,
    analytics: true,
    legalCheckbox: false,
    smartSessions: false,
    smartAccounts: true,
    gasSponsorship: true,
    pay: true,
  },
  networks: [
    {
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'https://eth.example',
      blockExplorerUrl: 'https://etherscan.example',
    },
    {
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: 'https://sol.example',
    },
  ],
  configuredNetworks: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  defaultNetwork: 'eip155:1',
  theme: {
    mode: 'light',
    variables: { '--airlock-accent': '#47a1ff', '--airlock-border-radius-master': '4px' },
  },
  featuredWalletIds: ['io.metamask', 'c57ca95b47569778a828d19178114f4db188b89b'],
  excludeWallets: ['Bad Wallet'],
  siwx: 'required',
  admissionCacheSeconds: 5,
  walletConnect: { relayUrl: 'wss://relay.example', projectId: 'wc', verify: true },
}
const modalConfig: ModalConfig = { projectId: 'shop', project, error: null }

/**
 * What each field is set to in turn: every JSON type and then some, each enum's values (right in
 * one place, wrong in the others), good and bad network ids, project ids, theme variables and
 * their values, and pieces of the config put where they don't belong.
 */
const candidates: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  18,
  1.5,
  -1,
  60,
  61,
  '5',
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  'text',
  [],
  ['text'],
  [1],
  [null],
  {},
  { extra: 1 },
  new Date(0),
  Object.create(null),
  ...siwxModes,
  ...themeModes,
  ...modalConfigErrors,
  ...socialProviders,
  'Dark',
  'OFF',
  'always',
  'projectDeleted',
  'myspace',
  ['google', 'myspace'],
  'eip155:10',
  'bip122:000000000019d6689c085ae165831e93',
  'eip155',
  'eip155:',
  ':1',
  'eip155:1:0xab',
  'EIP155:1',
  'tezos:1',
  `eip155:${'1'.repeat(33)}`,
  ' eip155:1',
  ['eip155:1', 'eip155'],
  'ab',
  'a',
  'Shop!',
  '-shop',
  'a'.repeat(63),
  'a'.repeat(64),
  { '--airlock-accent': 'rgb(0, 0, 0)' },
  { '--airlock-accent': 'url(https://evil.example)' },
  { '--airlock-unknown': '#fff' },
  { '--airlock-accent': 1 },
  { '--airlock-accent': '#fff', extra: '#fff' },
  ' #47a1ff ',
  'url(https://evil.example)',
  '12px',
  '50',
  '101',
  project.features,
  project.networks[0],
  project.theme,
  project.walletConnect,
]

type Path = (string | number)[]
type Container = Record<string | number, unknown>

/** Every path in `value`: itself, each key of each object and each item of each list. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [path]
  const keys: Path = Array.isArray(value) ? [...value.keys()] : Object.keys(value)
  return [path, ...keys.flatMap((key) => pathsOf((value as Container)[key], [...path, key]))]
}

const valueAt = (root: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Container)[key], root)

const isRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A copy of `root` where `change` has been given the parent of `path` and its last key. */
function changed(
  root: unknown,
  path: Path,
  change: (parent: Container, key: string | number) => void,
) {
  const copy = structuredClone(root)
  change(valueAt(copy, path.slice(0, -1)) as Container, path.at(-1) as string | number)
  return copy
}

/** Each change made at `path`: removed, each candidate in its place, an object given an extra key. */
function mutations(root: unknown, path: Path): (readonly [change: string, value: unknown])[] {
  const removed = (parent: Container, key: string | number) => {
    if (Array.isArray(parent)) parent.splice(key as number, 1)
    else delete parent[key]
  }
  return [
    ...(path.length > 0 ? [['removed', changed(root, path, removed)] as const] : []),
    ...candidates.map(
      (candidate) =>
        [
          `set to ${describeValue(candidate)}`,
          path.length > 0
            ? changed(root, path, (parent, key) => {
                parent[key] = candidate
              })
            : candidate,
        ] as const,
    ),
    ...(isRecord(valueAt(root, path))
      ? [
          [
            'given an extra key',
            changed(root, [...path, 'extra'], (parent, key) => {
              parent[key] = 'unknown'
            }),
          ] as const,
        ]
      : []),
  ]
}

function describeValue(value: unknown) {
  if (value === undefined || Number.isNaN(value) || value === Number.POSITIVE_INFINITY)
    return String(value)
  if (value instanceof Date) return 'a Date'
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null)
    return 'an object without a prototype'
  return JSON.stringify(value)
}

type Schema = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
}

/**
 * The checker and the schema read `value` alike: both accept it, to equal values, or both refuse
 * it at the same field (with the same words, where the schema has its own).
 */
function expectAlike(
  schema: Schema,
  parse: (value: unknown) => ConfigCheckResult<unknown>,
  value: unknown,
  what: string,
) {
  const expected = schema.safeParse(value)
  const checked = parse(value)
  expect(checked.success, what).toBe(expected.success)
  if (expected.success && checked.success) expect(checked.data, what).toStrictEqual(expected.data)
  if (!expected.success && !checked.success) {
    const [issue] = expected.error.issues
    expect(checked.error.path, what).toBe(issue?.path.join('.'))
    // zod's built-in messages ("Invalid input: …") are its own; the schemas' custom ones must match.
    if (!issue?.message.startsWith('Invalid'))
      expect(checked.error.message, what).toBe(issue?.message)
  }
}

/** The key paths a zod schema declares, list items as `*`: what the fixture has to cover. */
function schemaPaths(schema: unknown, path = ''): string[] {
  const { def } = (schema as { _zod: { def: SchemaDef } })._zod
  if (def.type === 'object')
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
      const fieldPath = path ? `${path}.${key}` : key
      return [fieldPath, ...schemaPaths(field, fieldPath)]
    })
  if (def.type === 'array') return [`${path}.*`, ...schemaPaths(def.element, `${path}.*`)]
  if (def.type === 'nullable' || def.type === 'optional') return schemaPaths(def.innerType, path)
  return []
}
type SchemaDef = {
  type: string
  shape?: Record<string, unknown>
  element?: unknown
  innerType?: unknown
}

describe.each([
  ['parseModalConfig', modalConfigSchema as Schema, parseModalConfig, modalConfig],
  ['parseProjectConfig', projectConfigSchema as Schema, parseProjectConfig, project],
] as const)('%s: reads what its zod schema reads, as it reads it', (_, schema, parse, full) => {
  test('behavior: the full config reads back as it was written', () => {
    expect(parse(full)).toStrictEqual({ success: true, data: full })
    expect(schema.safeParse(full)).toStrictEqual({ success: true, data: full })
  })

  test('behavior: the fixture sets every field the schema declares', () => {
    const fixturePaths = pathsOf(full).map((path) =>
      path.map((key) => (typeof key === 'number' ? '*' : key)).join('.'),
    )
    // Theme variables are a custom check, not a shape: their keys are the fixture's own.
    expect(schemaPaths(schema).filter((path) => !fixturePaths.includes(path))).toEqual([])
  })

  test.each(pathsOf(full).map((path) => [path.join('.') || '(the root)', path] as const))(
    'behavior: %s removed, replaced by each candidate or given an extra key reads as zod reads it',
    (field, path) => {
      for (const [change, value] of mutations(full, path))
        expectAlike(schema, parse, value, `${field} ${change}`)
    },
  )
})

describe('parseModalConfig: inputs JSON never makes, read as zod reads them', () => {
  const network = project.networks[1]
  test.each<[string, unknown]>([
    [
      'blockExplorerUrl present as undefined',
      {
        ...modalConfig,
        project: { ...project, networks: [{ ...network, blockExplorerUrl: undefined }] },
      },
    ],
    [
      'blockExplorerUrl inherited from a prototype',
      {
        ...modalConfig,
        project: {
          ...project,
          networks: [
            Object.assign(Object.create({ blockExplorerUrl: 'https://x.example' }), network),
          ],
        },
      },
    ],
    ['every field inherited from a prototype', Object.create(modalConfig)],
    ['a list with a hole', { ...modalConfig, project: { ...project, allowedOrigins: Array(1) } }],
    [
      'an own __proto__ key',
      JSON.parse(
        `{"__proto__": {"error": "invalidProjectId"}, ${JSON.stringify(modalConfig).slice(1)}`,
      ),
    ],
    [
      'theme variables with a symbol key',
      {
        ...modalConfig,
        project: { ...project, theme: { mode: null, variables: { [Symbol('x')]: 'y' } } },
      },
    ],
  ])('behavior: %s', (what, value) => {
    expectAlike(modalConfigSchema as Schema, parseModalConfig, value, what)
  })

  test('behavior: a getter that throws is not taken for a refusal: the error reaches the caller', () => {
    const value = {
      ...modalConfig,
      get projectId(): string {
        throw new Error('unreadable')
      },
    }
    expect(() => modalConfigSchema.safeParse(value)).toThrow('unreadable')
    expect(() => parseModalConfig(value)).toThrow('unreadable')
  })

  test('behavior: a refusal names the first field at fault and why', () => {
    const value = {
      ...modalConfig,
      project: { ...project, networks: [{ ...network, caipNetworkId: 'eip155' }], siwx: 'always' },
    }
    expect(parseModalConfig(value)).toEqual({
      success: false,
      error: {
        path: 'project.networks.0.caipNetworkId',
        message: 'must be a CAIP-2 network id such as eip155:1',
      },
    })
  })
})
