/**
 * First-party analytics and error reports (spec §7): both are `POST /e` to the modal's own API
 * with the project id. Nothing is sent before the visitor first opens (or, embedded, first uses)
 * the modal, nothing at all when the site or the project turns `analytics` off, and never
 * `MODAL_CREATED`. Error reports are capped at 5 a minute per page and their stack traces lose
 * URLs' query strings. A 403 means the host origin is not allowed for the project: the alert
 * 'Invalid App Configuration' shows, once.
 */
import {
  type AnalyticsEventName,
  type ErrorReportEventName,
  type ErrorReportProps,
  type EventBody,
  type EventProps,
  errorEventsPerMinute,
  eventLimits,
  isFeatureOn,
  sdkType,
} from '@airlock/protocol'
import { type ApiFetch, HttpError } from './api'
import { showAlert } from './stores/controllers'
import type { ModalState, ModalStore } from './stores/store'

export declare namespace createAnalytics {
  type Options = {
    /** The clock, for timestamps and the error cap. */
    now?: () => number
  }
}

const minuteMs = 60_000

/**
 * @example
 * const analytics = createAnalytics(store, api.apiFetch)
 * analytics.start() // the visitor opened the modal
 * analytics.track('SELECT_WALLET', { name: 'MetaMask', walletId, platform: 'browser' })
 * analytics.reportError('SEND_ERROR', error)
 */
export function createAnalytics(
  store: ModalStore,
  apiFetch: ApiFetch,
  options: createAnalytics.Options = {},
) {
  const now = options.now ?? Date.now
  let started = false
  let invalidConfigurationShown = false
  /** Error reports from before the first open, sent when it comes. */
  const waiting: { props: ErrorReportProps; timestamp: number }[] = []
  /** When the error reports of the last minute happened. */
  let reportTimes: number[] = []

  async function send(props: EventProps, timestamp: number) {
    const state = await hostKnown(store)
    if (!isEnabled(state) || !state.config.project || !state.host) return
    const url = new URL(state.host.href)
    url.search = ''
    url.hash = ''
    try {
      await postEvent(
        apiFetch,
        { projectId: state.config.project.id, st: sdkType, sv: state.host.sdkVersion },
        { eventId: crypto.randomUUID(), url: url.href, domain: url.hostname, timestamp, props },
      )
    } catch (error) {
      if (error instanceof HttpError && error.status === 403 && !invalidConfigurationShown) {
        invalidConfigurationShown = true
        showAlert(store, 'invalidAppConfiguration')
      }
    }
  }

  const withAddress = <props extends EventProps>(props: props): props => {
    const { status, address } = store.getState()
    return status === 'connected' && address ? { ...props, address } : props
  }

  /** Whether one more error report fits in the last minute's five. */
  function withinCap(at: number) {
    reportTimes = reportTimes.filter((time) => at - time < minuteMs)
    if (reportTimes.length >= errorEventsPerMinute) return false
    reportTimes.push(at)
    return true
  }

  return {
    /** The visitor opened the modal: from now on events are sent. Idempotent. */
    start() {
      if (started) return
      started = true
      for (const { props, timestamp } of waiting.splice(0)) void send(props, timestamp)
    },
    /** Sends an analytics event, once the visitor has opened the modal. */
    track(event: AnalyticsEventName, properties?: Record<string, unknown>) {
      if (!started || event === 'MODAL_CREATED' || !isEnabled(store.getState())) return
      const props = withAddress({
        type: 'track' as const,
        event,
        ...(properties ? { properties } : {}),
      })
      void send(props, now())
    },
    /** Reports an error (at most 5 a minute); before the first open it waits for it. */
    reportError(event: ErrorReportEventName, error: unknown) {
      if (!isEnabled(store.getState())) return
      const at = now()
      if (!withinCap(at)) return
      const props = withAddress(errorReportProps(event, error))
      if (started) void send(props, at)
      else waiting.push({ props, timestamp: at })
    },
  }
}
export type Analytics = ReturnType<typeof createAnalytics>

/** Whether neither the project nor the site turned analytics off. */
export function isEnabled(state: ModalState): boolean {
  return isFeatureOn(state.config.project?.features, state.options?.features, 'analytics')
}

/** The props of an error report: what kind of error, its message and its stack, trimmed. */
export function errorReportProps(event: ErrorReportEventName, error: unknown): ErrorReportProps {
  const fields =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack ?? '' }
      : { name: typeof error, message: String(error), stack: '' }
  return {
    type: 'error',
    event,
    errorType: fields.name.slice(0, eventLimits.errorType) || 'Error',
    errorMessage: withoutQueryStrings(fields.message).slice(0, eventLimits.errorMessage),
    stackTrace: withoutQueryStrings(fields.stack).slice(0, eventLimits.stackTrace),
  }
}

/**
 * `text` with every URL's query string and fragment removed, keeping a stack frame's
 * `:line:column`: `https://a.example/x.js?token=1:10:5` → `https://a.example/x.js:10:5`.
 */
export function withoutQueryStrings(text: string): string {
  return text.replace(/\b(?:https?|wss?|blob):\/\/[^\s()'"<>]+/g, (match) => {
    const position = /(?::\d+){1,2}$/.exec(match)?.[0] ?? ''
    const url = match.slice(0, match.length - position.length)
    return url.replace(/[?#].*$/, '') + position
  })
}

/** The store once the host page has said where it is (right after the handshake). */
function hostKnown(store: ModalStore): Promise<ModalState> {
  const state = store.getState()
  if (state.host) return Promise.resolve(state)
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((next) => {
      if (!next.host) return
      unsubscribe()
      resolve(next)
    })
  })
}

async function postEvent(apiFetch: ApiFetch, query: Record<string, string>, body: EventBody) {
  // Quiet: analytics failing is never the visitor's concern (its 403 is handled above), and
  // keepalive lets a MODAL_CLOSE sent as the page unloads arrive.
  await apiFetch('POST', '/e', { query, body, quiet: true, keepalive: true })
}
