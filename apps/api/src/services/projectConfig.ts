/** The public view of a project that the modal needs: served as JSON and inlined in its page. */

import type { NetworkConfig, ProjectConfig, WalletConnectConfig } from '@airlock/protocol'
import type { Project } from './projects'

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
