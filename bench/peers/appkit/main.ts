// Benchmark peer page: AppKit + wagmi adapter, opened by the #connect button.

import { createAppKit } from '@reown/appkit'
import { defineChain, mainnet } from '@reown/appkit/networks'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'

const anvil = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

const projectId = '0123456789abcdef0123456789abcdef'
const networks: [typeof anvil, typeof mainnet] = [anvil, mainnet]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })

const modal = createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: {
    name: 'Airlock bench peer',
    description: 'AppKit peer page',
    url: 'http://127.0.0.1',
    icons: [],
  },
  // A custom font family stops AppKit from loading its web fonts from fonts.reown.com.
  themeVariables: { '--w3m-font-family': 'system-ui, sans-serif' },
  // Off where a switch exists: these features call Reown services.
  features: {
    analytics: false,
    email: false,
    socials: false,
    onramp: false,
    swaps: false,
    history: false,
    send: false,
    receive: false,
  },
})

// The button stays disabled until the modal exists (like RainbowKit's openConnectModal).
const button = document.getElementById('connect') as HTMLButtonElement
button.addEventListener('click', () => {
  modal.open()
})
button.disabled = false
