// A server component rendering Airlock's provider and button: @airlock/react marks them client
// components, so the page prerenders without touching `window`, and they start in the browser.
import { AirlockProvider, ConnectButton } from '@airlock/react'

export default function Home() {
  return (
    <main>
      <h1>Airlock on Next.js</h1>
      <AirlockProvider projectId="demo" modalUrl="http://localhost:8787">
        <ConnectButton />
      </AirlockProvider>
    </main>
  )
}
