import { describe, expect, test } from 'vitest'
import {
  defaultProjectFeatures,
  type ModalConfig,
  modalConfigSchema,
  type ProjectConfig,
  parseModalConfig,
  parseProjectConfig,
  projectIdSchema,
  unconfiguredProjectSettings,
} from './project'

const config: ModalConfig = {
  projectId: 'shop',
  project: {
    id: 'shop',
    allowedOrigins: ['https://shop.example'],
    ...unconfiguredProjectSettings,
    features: defaultProjectFeatures,
    networks: [
      {
        caipNetworkId: 'eip155:1',
        name: 'Ethereum',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'https://eth.example',
      },
    ],
    walletConnect: null,
  },
  error: null,
}

/** The path of the first issue, and its message: what a schema failure names. */
function firstIssue(result: {
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] }
}) {
  const issue = result.error?.issues[0]
  return issue && { path: issue.path.join('.'), message: issue.message }
}

describe('modalConfigSchema: the config the API inlines in the modal page', () => {
  test('behavior: a project config reads back as it was written', () => {
    expect(modalConfigSchema.parse(config)).toEqual(config)
  })

  test('behavior: the page of a site that gave no project id parses', () => {
    const unconfigured = { projectId: null, project: null, error: 'projectIdNotConfigured' }
    expect(modalConfigSchema.parse(unconfigured)).toEqual(unconfigured)
  })

  test.each([
    ['an error the modal has no alert for', { ...config, error: 'projectDeleted' }, 'error'],
    [
      'a network id without a reference',
      { ...config, project: { ...config.project, networks: [{ caipNetworkId: 'eip155' }] } },
      'project.networks.0.caipNetworkId',
    ],
    [
      'a social provider the modal does not know',
      {
        ...config,
        project: {
          ...config.project,
          features: { ...defaultProjectFeatures, socials: ['myspace'] },
        },
      },
      'project.features.socials.0',
    ],
    [
      'a feature switch that is not a boolean',
      {
        ...config,
        project: { ...config.project, features: { ...defaultProjectFeatures, send: 'yes' } },
      },
      'project.features.send',
    ],
    [
      'a WalletConnect config without a relay',
      {
        ...config,
        project: { ...config.project, walletConnect: { projectId: 'wc', verify: false } },
      },
      'project.walletConnect.relayUrl',
    ],
  ])('behavior: %s is refused at %s', (_, value, path) => {
    expect(firstIssue(modalConfigSchema.safeParse(value))?.path).toBe(path)
  })

  test('behavior: a malformed project id is refused with the reason', () => {
    const value = { ...config, project: { ...config.project!, id: 'Shop!' } }
    expect(firstIssue(modalConfigSchema.safeParse(value))).toEqual({
      path: 'project.id',
      message: 'must be a project id: 2 to 63 lowercase letters, digits or hyphens',
    })
  })
})

describe('projectIdSchema: a project id parameter', () => {
  test.each([
    ['shop', undefined],
    [undefined, 'is required'],
    ['', 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'],
    ['-shop', 'must be a project id: 2 to 63 lowercase letters, digits or hyphens'],
  ])('behavior: %j gives %j', (value, message) => {
    expect(firstIssue(projectIdSchema.safeParse(value))?.message).toBe(message)
  })
})

/** A config with every field set, the optional one included, and each list holding something. */
const fullProject: ProjectConfig = {
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
  walletConnect: { relayUrl: 'wss://relay.example', projectId: 'wc', verify: true },
}
const fullConfig: ModalConfig = { projectId: 'shop', project: fullProject, error: null }

describe('parseModalConfig and parseProjectConfig: the modal reads with the schemas', () => {
  test('behavior: the full config reads back as it was written', () => {
    expect(parseModalConfig(fullConfig)).toStrictEqual({ success: true, data: fullConfig })
    expect(parseProjectConfig(fullProject)).toStrictEqual({ success: true, data: fullProject })
  })

  test('behavior: unknown keys are dropped', () => {
    expect(parseProjectConfig({ ...fullProject, extra: 1 })).toStrictEqual({
      success: true,
      data: fullProject,
    })
  })

  test('behavior: a getter that throws is not taken for a refusal: the error reaches the caller', () => {
    const value = {
      ...fullConfig,
      get projectId(): string {
        throw new Error('unreadable')
      },
    }
    expect(() => parseModalConfig(value)).toThrow('unreadable')
  })

  test('behavior: a refusal names the first field at fault and why', () => {
    const network = fullProject.networks[1]
    const value = {
      ...fullConfig,
      project: {
        ...fullProject,
        networks: [{ ...network, caipNetworkId: 'eip155' }],
        siwx: 'always',
      },
    }
    expect(parseModalConfig(value)).toEqual({
      success: false,
      error: {
        path: 'project.networks.0.caipNetworkId',
        message: 'must be a CAIP-2 network id such as eip155:1',
      },
    })
    expect(parseProjectConfig({ ...fullProject, id: 'Shop!' })).toEqual({
      success: false,
      error: {
        path: 'id',
        message: 'must be a project id: 2 to 63 lowercase letters, digits or hyphens',
      },
    })
  })
})
