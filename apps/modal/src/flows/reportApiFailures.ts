/**
 * A failed call to our API: the alert bar says why when it is the environment's doing, and the
 * operators hear of our server failing or of the modal asking wrong.
 */
import { apiFailureAlert, isReportableApiFailure } from '../stores/alerts'
import { showAlert } from '../stores/controllers'
import type { FlowContext } from './context'

export function reportApiFailures({
  store,
  api,
  analytics,
}: Pick<FlowContext, 'store' | 'api' | 'analytics'>) {
  api.onApiFailure(({ error }) => {
    const alert = apiFailureAlert(error)
    if (alert) showAlert(store, alert)
    if (isReportableApiFailure(error)) analytics.reportError('API_ERROR', error)
  })
}
