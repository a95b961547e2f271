/** The public view of a project that the modal needs: served as JSON and inlined in its page. */

import type { Features } from './features'
import type { NetworkConfig } from './networks'
import type { Project } from './projects'

export type ProjectConfig = {
  id: string
  allowedOrigins: string[]
  features: Features
  networks: NetworkConfig[]
}

export function toProjectConfig(
  project: Project,
  networks: readonly NetworkConfig[],
): ProjectConfig {
  return {
    id: project.id,
    allowedOrigins: project.allowedOrigins,
    features: project.features,
    networks: [...networks],
  }
}
