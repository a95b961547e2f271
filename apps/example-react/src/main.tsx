/** The example's entry: wagmi, TanStack Query and Airlock's provider around the app. */
import { AirlockProvider } from '@airlock/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { App } from './App'
import { airlockOptions, config } from './config'

const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AirlockProvider {...airlockOptions}>
          <App />
        </AirlockProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
