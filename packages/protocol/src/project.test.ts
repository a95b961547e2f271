import { describe, expect, test } from 'vitest'
import {
  defaultProjectFeatures,
  type ModalConfig,
  type ProjectConfig,
  parseModalConfig,
  parseProjectConfig,
  unconfiguredProjectSettings,
} from './project'

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
  paymasterServices: ['https://paymaster.shop.example/rpc'],
  walletConnect: { relayUrl: 'wss://relay.example', projectId: 'wc', verify: true },
}
const modalConfig: ModalConfig = { projectId: 'shop', project, error: null }

/** A project that chose no settings, as the API builds it. */
const unconfigured: ModalConfig = {
  projectId: 'shop',
  project: {
    id: 'shop',
    allowedOrigins: ['https://shop.example'],
    ...unconfiguredProjectSettings,
    features: defaultProjectFeatures,
    networks: [project.networks[1]!],
    walletConnect: null,
  },
  error: null,
}

type Path = (string | number)[]
type Container = Record<string | number, unknown>

/** Every path in `value` below its root: each key of each object and each item of each list. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return []
  const keys: Path = Array.isArray(value) ? [...value.keys()] : Object.keys(value)
  return keys.flatMap((key) => {
    const keyPath = [...path, key]
    return [keyPath, ...pathsOf((value as Container)[key], keyPath)]
  })
}

/** A copy of `root` where `change` has been given the parent of `path` and its last key. */
function changed(
  root: unknown,
  path: Path,
  change: (parent: Container, key: string | number) => void,
) {
  const copy = structuredClone(root)
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Container)[key], copy)
  change(parent as Container, path.at(-1) as string | number)
  return copy
}

/** The field a refusal at `path` names: a theme variable is refused as the variables whole. */
const fieldOf = (path: Path) => {
  const variables = path.indexOf('variables')
  return (variables === -1 ? path : path.slice(0, variables + 1)).join('.')
}

describe('parseModalConfig and parseProjectConfig: the modal reads with the one schema', () => {
  test('behavior: the full config reads back as it was written', () => {
    expect(parseModalConfig(modalConfig)).toStrictEqual({ success: true, data: modalConfig })
    expect(parseProjectConfig(project)).toStrictEqual({ success: true, data: project })
  })

  test('behavior: a project that chose no settings and the page of a site that gave no project id read', () => {
    expect(parseModalConfig(unconfigured)).toStrictEqual({ success: true, data: unconfigured })
    const noProject = { projectId: null, project: null, error: 'projectIdNotConfigured' }
    expect(parseModalConfig(noProject)).toStrictEqual({ success: true, data: noProject })
  })

  test('behavior: unknown keys are dropped, at any depth', () => {
    const extra = {
      ...modalConfig,
      extra: 1,
      project: { ...project, extra: 1, theme: { ...project.theme, extra: 1 } },
    }
    expect(parseModalConfig(extra)).toStrictEqual({ success: true, data: modalConfig })
  })

  test.each(pathsOf(modalConfig).map((path) => [path.join('.'), path] as const))(
    'behavior: %s of the wrong type is refused at its field',
    (_, path) => {
      const value = changed(modalConfig, path, (parent, key) => {
        parent[key] = typeof parent[key] === 'string' ? 12 : 'text'
      })
      expect(parseModalConfig(value)).toMatchObject({
        success: false,
        error: { path: fieldOf(path) },
      })
    },
  )

  // Removing a list item or a theme variable leaves a valid config; blockExplorerUrl is optional.
  const required = pathsOf(modalConfig).filter(
    (path) =>
      typeof path.at(-1) !== 'number' &&
      !path.includes('variables') &&
      path.at(-1) !== 'blockExplorerUrl',
  )
  test.each(required.map((path) => [path.join('.'), path] as const))(
    'behavior: %s removed is refused at its field',
    (_, path) => {
      const value = changed(modalConfig, path, (parent, key) => {
        delete parent[key]
      })
      expect(parseModalConfig(value)).toMatchObject({
        success: false,
        error: { path: path.join('.') },
      })
    },
  )

  test('behavior: blockExplorerUrl may be absent, but not present as undefined', () => {
    const network = project.networks[1]!
    const withNetwork = (value: object) => ({ ...project, networks: [value] })
    expect(parseProjectConfig(withNetwork(network)).success).toBe(true)
    expect(parseProjectConfig(withNetwork({ ...network, blockExplorerUrl: undefined }))).toEqual({
      success: false,
      error: { path: 'networks.0.blockExplorerUrl', message: expect.any(String) },
    })
  })

  test.each<[string, Partial<ProjectConfig> | Record<string, unknown>, string]>([
    ['an error the modal has no alert for', { error: 'projectDeleted' }, 'error'],
    [
      'a list with a hole',
      { project: { ...project, allowedOrigins: Array(1) } },
      'project.allowedOrigins.0',
    ],
    [
      'a social provider the modal does not know',
      {
        project: { ...project, features: { ...project.features, socials: ['google', 'myspace'] } },
      },
      'project.features.socials.1',
    ],
    [
      'a sign-in mode of another spelling',
      { project: { ...project, siwx: 'OFF' } },
      'project.siwx',
    ],
    [
      'an admission cache over a minute',
      { project: { ...project, admissionCacheSeconds: 61 } },
      'project.admissionCacheSeconds',
    ],
    [
      'an admission cache in parts of a second',
      { project: { ...project, admissionCacheSeconds: 1.5 } },
      'project.admissionCacheSeconds',
    ],
    [
      'an admission cache as text',
      { project: { ...project, admissionCacheSeconds: '5' } },
      'project.admissionCacheSeconds',
    ],
    [
      'a theme mode of another spelling',
      { project: { ...project, theme: { ...project.theme, mode: 'Dark' } } },
      'project.theme.mode',
    ],
    [
      'a WalletConnect config without a relay',
      { project: { ...project, walletConnect: { projectId: 'wc', verify: false } } },
      'project.walletConnect.relayUrl',
    ],
  ])('behavior: %s is refused at %s', (_, change, path) => {
    expect(parseModalConfig({ ...modalConfig, ...change })).toMatchObject({
      success: false,
      error: { path },
    })
  })

  test.each<[string, Record<string, unknown>, string, string]>([
    [
      'a network id without a reference',
      { configuredNetworks: ['eip155:1', 'eip155'] },
      'configuredNetworks.1',
      'must be a CAIP-2 network id such as eip155:1',
    ],
    [
      'a default network of a namespace the modal does not know',
      { defaultNetwork: 'tezos:1' },
      'defaultNetwork',
      'must be a CAIP-2 network id such as eip155:1',
    ],
    ['a project id that is not a string', { id: null }, 'id', 'is required'],
    [
      'a malformed project id',
      { id: 'Shop!' },
      'id',
      'must be a project id: 2 to 63 lowercase letters, digits or hyphens',
    ],
    [
      'an unknown theme variable',
      { theme: { mode: null, variables: { '--airlock-unknown': '#fff' } } },
      'theme.variables',
      'must be known theme variables with safe values',
    ],
    [
      'a theme variable of an unsafe shape',
      { theme: { mode: null, variables: { '--airlock-accent': 'url(https://evil.example)' } } },
      'theme.variables',
      'must be known theme variables with safe values',
    ],
  ])('behavior: %s is refused with the reason', (_, change, path, message) => {
    expect(parseProjectConfig({ ...project, ...change })).toEqual({
      success: false,
      error: { path, message },
    })
  })

  test('behavior: a refusal names the first field at fault and why', () => {
    const network = project.networks[1]!
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

  test('behavior: a value that is no object at all is refused at the root', () => {
    for (const value of [null, 'text', 1, undefined])
      expect(parseModalConfig(value)).toMatchObject({ success: false, error: { path: '' } })
  })

  test('behavior: a getter that throws is not taken for a refusal: the error reaches the caller', () => {
    const value = {
      ...modalConfig,
      get projectId(): string {
        throw new Error('unreadable')
      },
    }
    expect(() => parseModalConfig(value)).toThrow('unreadable')
  })
})
