/**
 * First-party analytics (spec §7): POST /e with the project id. A 403 means the host origin is
 * no longer allowed for the project, which shows the 'Invalid App Configuration' alert, once.
 */
import { apiFetch, HttpError } from './api'
import { showAlert } from './state/controllers'
import type { ModalStore } from './state/store'

export const sdkType = 'airlock'
export const sdkVersion = '0.1.0'

export type AnalyticsEvent = { type: 'track'; event: string; properties?: Record<string, unknown> }

export function createAnalytics(store: ModalStore) {
  let alerted = false
  return {
    async track(event: AnalyticsEvent) {
      const { config, options, host, address } = store.getState()
      if (!config.project || !host || event.event === 'MODAL_CREATED') return
      if (config.project.features.analytics === false || options?.features?.analytics === false)
        return
      try {
        await apiFetch('POST', '/e', {
          query: { projectId: config.project.id, st: sdkType, sv: sdkVersion },
          body: {
            eventId: crypto.randomUUID(),
            url: host.href,
            domain: new URL(host.origin).hostname,
            timestamp: Date.now(),
            props: { ...event, address },
          },
        })
      } catch (error) {
        if (error instanceof HttpError && error.status === 403 && !alerted) {
          alerted = true
          showAlert(store, 'invalidAppConfiguration')
        }
      }
    },
  }
}
export type Analytics = ReturnType<typeof createAnalytics>
