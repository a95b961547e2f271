import { describe, expect, test } from 'vitest'
import type { CaipNetworkId } from './caip'
import type { FrameOptions } from './options'
import { resolvePageOptions, siteSiwx } from './pageOptions'
import {
  defaultProjectFeatures,
  type NetworkConfig,
  type ProjectConfig,
  type SiwxMode,
  unconfiguredProjectSettings,
} from './project'

const network = (caipNetworkId: CaipNetworkId, name: string): NetworkConfig => ({
  caipNetworkId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'https://rpc.example',
})
const anvil = network('eip155:31337', 'Anvil')
const ethereum = network('eip155:1', 'Ethereum')
const base = network('eip155:8453', 'Base')
const solana = network('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana')

/** A project as the API serves it; `configuredNetworks` decide `networks` as the API does. */
function project(settings: Partial<ProjectConfig> = {}): ProjectConfig {
  const configured = settings.configuredNetworks ?? []
  const catalogue = [anvil, ethereum, base, solana]
  return {
    id: 'shop',
    allowedOrigins: ['https://shop.example'],
    features: defaultProjectFeatures,
    ...unconfiguredProjectSettings,
    networks: configured.length
      ? configured.map((id) => catalogue.find((known) => known.caipNetworkId === id)!)
      : catalogue,
    walletConnect: null,
    ...settings,
  }
}

/** Anvil then Ethereum, starting on Ethereum. */
const twoNetworks = project({
  configuredNetworks: ['eip155:31337', 'eip155:1'],
  defaultNetwork: 'eip155:1',
})

describe('resolvePageOptions: networks, the project is the ceiling', () => {
  test("behavior: a site's networks are narrowed to the project's; the others are refused", () => {
    const page = resolvePageOptions(twoNetworks, {
      networks: ['eip155:8453', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    })
    expect(page.options.networks).toEqual(['eip155:1'])
    expect(page.refusedNetworks).toEqual(['eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  })

  test("behavior: the site's order is kept among the networks it may use", () => {
    const page = resolvePageOptions(twoNetworks, { networks: ['eip155:1', 'eip155:31337'] })
    expect(page.options.networks).toEqual(['eip155:1', 'eip155:31337'])
    expect(page.refusedNetworks).toEqual([])
  })

  test("behavior: a site that names no networks gets the project's, in the project's order", () => {
    const page = resolvePageOptions(twoNetworks, { networks: [] })
    expect(page.options.networks).toEqual(['eip155:31337', 'eip155:1'])
    expect(page.refusedNetworks).toEqual([])
  })

  test('behavior: a project without networks of its own lets its sites choose from the catalogue', () => {
    const open = project()
    expect(resolvePageOptions(open, { networks: ['eip155:8453', 'eip155:999'] })).toMatchObject({
      options: { networks: ['eip155:8453'] },
      refusedNetworks: ['eip155:999'],
    })
    expect(resolvePageOptions(open, { networks: [] })).toMatchObject({
      options: { networks: [] },
      refusedNetworks: [],
    })
  })

  test('behavior: without a project every network the site names is refused', () => {
    expect(resolvePageOptions(null, { networks: ['eip155:1'] })).toMatchObject({
      options: { networks: [] },
      refusedNetworks: ['eip155:1'],
      siwx: 'off',
    })
  })
})

describe('resolvePageOptions: the network to start on', () => {
  const cases: [string, ProjectConfig, FrameOptions, CaipNetworkId | undefined][] = [
    [
      "the site's, when among the page's networks",
      twoNetworks,
      { networks: ['eip155:31337', 'eip155:1'], defaultNetwork: 'eip155:31337' },
      'eip155:31337',
    ],
    ["the project's, when the site names none", twoNetworks, { networks: [] }, 'eip155:1'],
    [
      "the project's, when the site's was refused",
      twoNetworks,
      { networks: ['eip155:8453', 'eip155:1'], defaultNetwork: 'eip155:8453' },
      'eip155:1',
    ],
    [
      "none, when neither the site's nor the project's is among the page's networks",
      twoNetworks,
      { networks: ['eip155:31337'] },
      undefined,
    ],
    [
      'none, when neither names one',
      project({ configuredNetworks: ['eip155:31337', 'eip155:1'] }),
      { networks: [] },
      undefined,
    ],
  ]
  test.each(cases)('behavior: %s', (_, config, site, expected) => {
    const { options } = resolvePageOptions(config, site)
    expect(options.defaultNetwork).toBe(expected)
    expect('defaultNetwork' in options).toBe(expected !== undefined)
  })
})

describe('resolvePageOptions: presentation', () => {
  const themed = project({
    theme: {
      mode: 'light',
      variables: { '--airlock-accent': '#47a1ff', '--airlock-font-size-master': '10px' },
    },
    featuredWalletIds: ['metamask', 'io.rabby'],
    excludeWallets: ['phantom', 'keplr'],
  })

  test("behavior: the project's theme applies when the site sets none", () => {
    const { options } = resolvePageOptions(themed, { networks: [] })
    expect(options.themeMode).toBe('light')
    expect(options.themeVariables).toEqual({
      '--airlock-accent': '#47a1ff',
      '--airlock-font-size-master': '10px',
    })
  })

  test("behavior: the site's theme mode and variables win over the project's", () => {
    const { options } = resolvePageOptions(themed, {
      networks: [],
      themeMode: 'dark',
      themeVariables: { '--airlock-accent': '#ff0000', '--airlock-color-mix': '#000' },
    })
    expect(options.themeMode).toBe('dark')
    expect(options.themeVariables).toEqual({
      '--airlock-accent': '#ff0000',
      '--airlock-font-size-master': '10px',
      '--airlock-color-mix': '#000',
    })
  })

  test('behavior: no theme mode from either leaves the modal its default', () => {
    const { options } = resolvePageOptions(project(), { networks: [] })
    expect(options.themeMode).toBeUndefined()
    expect(options.themeVariables).toEqual({})
  })

  test("behavior: excluded wallets are the union of the project's and the site's, once each", () => {
    const { options } = resolvePageOptions(themed, {
      networks: [],
      excludeWallets: ['keplr', 'trust'],
    })
    expect(options.excludeWallets).toEqual(['phantom', 'keplr', 'trust'])
    expect(resolvePageOptions(themed, { networks: [] }).options.excludeWallets).toEqual([
      'phantom',
      'keplr',
    ])
  })

  test("behavior: featured wallets are the site's when it names them, else the project's", () => {
    expect(
      resolvePageOptions(themed, { networks: [], featuredWalletIds: ['trust'] }).options
        .featuredWalletIds,
    ).toEqual(['trust'])
    expect(resolvePageOptions(themed, { networks: [] }).options.featuredWalletIds).toEqual([
      'metamask',
      'io.rabby',
    ])
    expect(resolvePageOptions(project(), { networks: [] }).options.featuredWalletIds).toEqual([])
  })

  test("behavior: the site's other options pass through, and the site's object is left as it was", () => {
    const site: FrameOptions = {
      networks: ['eip155:8453'],
      defaultNetwork: 'eip155:8453',
      features: { send: false },
      embedded: true,
    }
    const before = structuredClone(site)
    const { options } = resolvePageOptions(twoNetworks, site)
    expect(options).toMatchObject({ features: { send: false }, embedded: true })
    expect(site).toEqual(before)
  })
})

describe('sign in with X: a site can switch an optional sign-in off, nothing more', () => {
  const cases: [SiwxMode, boolean | undefined, SiwxMode][] = [
    ['off', undefined, 'off'],
    ['off', false, 'off'],
    ['off', true, 'off'],
    ['optional', undefined, 'optional'],
    ['optional', true, 'optional'],
    ['optional', false, 'off'],
    ['required', undefined, 'required'],
    ['required', true, 'required'],
    ['required', false, 'required'],
  ]
  test.each(cases)(
    'behavior: the project %s and the site %s give %s',
    (projectMode, siteFlag, expected) => {
      expect(siteSiwx(projectMode, siteFlag)).toBe(expected)
      const page = resolvePageOptions(project({ siwx: projectMode }), {
        networks: [],
        ...(siteFlag === undefined ? {} : { siwx: siteFlag }),
      })
      expect(page.siwx).toBe(expected)
      expect(page.options.siwx).toBe(expected !== 'off')
    },
  )
})
