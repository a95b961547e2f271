/** The public view of a project that the modal needs: served as JSON and inlined in its page. */

import type { WalletConnectConfig } from '@airlock/protocol'
import type { Features } from './features'
import type { NetworkConfig } from './networks'
import type { Project } from './projects'

export type ProjectConfig = {
  id: string
  allowedOrigins: string[]
  features: Features
  networks: NetworkConfig[]
  walletConnect: WalletConnectConfig | null
}

export function toProjectConfig(
  project: Project,
  networks: readonly NetworkConfig[],
  walletConnect: WalletConnectConfig | null,
): ProjectConfig {
  return {
    id: project.id,
    allowedOrigins: project.allowedOrigins,
    features: project.features,
    networks: [...networks],
    walletConnect,
  }
}
