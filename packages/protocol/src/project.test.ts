import { describe, expect, test } from 'vitest'
import {
  defaultProjectFeatures,
  type ModalConfig,
  modalConfigSchema,
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
