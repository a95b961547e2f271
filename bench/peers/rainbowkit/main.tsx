// Benchmark peer page: RainbowKit + wagmi, the #connect button opens the connect modal.
import '@rainbow-me/rainbowkit/styles.css'
import { getDefaultConfig, RainbowKitProvider, useConnectModal } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { defineChain, http } from 'viem'
import { mainnet } from 'viem/chains'
import { WagmiProvider } from 'wagmi'

const anvil = defineChain({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

const config = getDefaultConfig({
  appName: 'Airlock bench peer',
  appUrl: 'http://127.0.0.1',
  projectId: '0123456789abcdef0123456789abcdef',
  chains: [anvil, mainnet],
  transports: { [anvil.id]: http(), [mainnet.id]: http() },
})
const queryClient = new QueryClient()

function Page() {
  const { openConnectModal } = useConnectModal()
  return (
    <>
      <h1>RainbowKit peer</h1>
      <button id="connect" type="button" disabled={!openConnectModal} onClick={openConnectModal}>
        Connect wallet
      </button>
    </>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <Page />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
