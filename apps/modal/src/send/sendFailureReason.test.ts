/**
 * A failed send's reason as the visitor reads it, in their language (a frame in French), while
 * analytics keep the error's English: a Solana transfer whose network can't be reached, on a
 * loopback port nothing listens on.
 */
import {
  defaultProjectFeatures,
  type NetworkConfig,
  type TokenBalance,
  unconfiguredProjectSettings,
} from '@airlock/protocol'
import { afterEach, expect, test, vi } from 'vitest'
import { solanaTransferErrors } from './solanaTransferWords'

const solanaLocalnet: NetworkConfig = {
  caipNetworkId: 'solana:localnet',
  name: 'Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  // Nothing listens on port 9 of loopback: every RPC call fails at once.
  rpcUrl: 'http://127.0.0.1:9',
}
const sender = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const receiver = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const sol: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: solanaLocalnet.caipNetworkId,
  price: 150,
  quantity: { decimals: '9', numeric: '2' },
  iconUrl: '',
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

test('error: a Solana send that fails says why in the visitor’s language; analytics get the English', async () => {
  vi.resetModules()
  // A frame whose URL says French: the real frameLocale and catalogues read it (in Node the
  // catalogue is its ICU source, which Lingui compiles as it reads it).
  vi.stubGlobal('location', new URL('https://modal.example/modal?locale=fr'))
  vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' })
  const { createModalStore } = await import('../stores/store')
  const { sendTokens } = await import('./send')
  const store = createModalStore({
    projectId: 'test-project',
    project: {
      id: 'test-project',
      allowedOrigins: ['http://127.0.0.1'],
      ...unconfiguredProjectSettings,
      features: { ...defaultProjectFeatures },
      networks: [solanaLocalnet],
      walletConnect: null,
    },
    error: null,
  })
  store.setState({
    networks: [solanaLocalnet],
    activeNetwork: solanaLocalnet.caipNetworkId,
    status: 'connected',
    address: sender,
    send: {
      ...store.getState().send,
      token: sol,
      sendTokenAmount: '0.5',
      receiverAddress: receiver,
    },
  })
  const tracked: { event: string; message?: unknown }[] = []
  const request = vi.fn(async () => ({}))

  const sent = await sendTokens({
    store,
    request,
    analytics: {
      track: (event, properties) => tracked.push({ event, ...properties }),
      reportError: () => {},
    },
  })

  expect(sent).toBe(false)
  expect(request).not.toHaveBeenCalled()
  expect(store.getState().send.error).toBe('Impossible de joindre le réseau Solana. Réessayez.')
  expect(store.getState().toast?.message).toBe('Impossible de joindre le réseau Solana. Réessayez.')
  expect(tracked.find(({ event }) => event === 'SEND_ERROR')?.message).toBe(
    solanaTransferErrors.networkFailed,
  )
})
