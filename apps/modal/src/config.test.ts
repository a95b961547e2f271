import {
  defaultProjectFeatures,
  type ModalConfig,
  unconfiguredProjectSettings,
} from '@airlock/protocol'
import { afterEach, expect, test, vi } from 'vitest'
import { readModalConfig } from './config'

/** A page whose `<script id="airlock-config">` holds `text` (or no such element). */
function servePage(text: string | undefined) {
  vi.stubGlobal('document', {
    getElementById: (id: string) =>
      id === 'airlock-config' && text !== undefined ? { textContent: text } : null,
  })
}
afterEach(() => {
  vi.unstubAllGlobals()
})

const unconfigured: ModalConfig = {
  projectId: null,
  project: null,
  error: 'projectIdNotConfigured',
}

test('behavior: the config the API inlined is read as it was written', () => {
  const config: ModalConfig = {
    projectId: 'shop',
    project: {
      id: 'shop',
      allowedOrigins: ['https://shop.example'],
      ...unconfiguredProjectSettings,
      features: defaultProjectFeatures,
      networks: [],
      walletConnect: { relayUrl: 'wss://relay.example', projectId: 'wc', verify: false },
    },
    error: null,
  }
  servePage(JSON.stringify(config))
  expect(readModalConfig()).toEqual(config)
})

test('behavior: an unknown project id reads as the invalidProjectId error', () => {
  const config = { projectId: 'nope', project: null, error: 'invalidProjectId' }
  servePage(JSON.stringify(config))
  expect(readModalConfig()).toEqual(config)
})

test.each([
  ['a page served without the API', undefined],
  ['a config that is not JSON', '<!--airlock-config-->'],
  [
    'a config that breaks the contract',
    JSON.stringify({ projectId: 'shop', project: { id: 'shop' }, error: null }),
  ],
])('behavior: %s behaves as an unconfigured project', (_, text) => {
  servePage(text)
  expect(readModalConfig()).toEqual(unconfigured)
})
