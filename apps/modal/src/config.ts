/** Reads the configuration the API inlined into the page as `<script id="airlock-config">`. */
import { type ModalConfig, parseModalConfig } from '@airlock/protocol'

export function readModalConfig(): ModalConfig {
  const element = document.getElementById('airlock-config')
  try {
    const config = parseModalConfig(JSON.parse(element?.textContent ?? ''))
    if (config.success) return config.data
  } catch {}
  // Served without the API (e.g. a static preview), or with a config this build can't read:
  // behave as an unconfigured project.
  return { projectId: null, project: null, error: 'projectIdNotConfigured' }
}
