/** Reads the configuration the API inlined into the page as `<script id="airlock-config">`. */
import type { ModalConfig } from '@airlock/protocol'

export function readModalConfig(): ModalConfig {
  const element = document.getElementById('airlock-config')
  try {
    const config = JSON.parse(element?.textContent ?? '') as ModalConfig
    if (config && typeof config === 'object' && 'project' in config) return config
  } catch {}
  // Served without the API (e.g. a static preview): behave as an unconfigured project.
  return { projectId: null, project: null, error: 'projectIdNotConfigured' }
}
