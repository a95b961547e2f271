/**
 * First-party analytics and error reports (spec §7): the one catalogue of event names the modal
 * sends to `POST /e`, the shape of an event's `props`, and the limits the API holds them to.
 */

/** Analytics events, one name per thing a visitor does or sees in the modal. */
export const analyticsEvents = [
  /** The frame loaded. Never sent: a page that never opens the modal is not tracked. */
  'MODAL_CREATED',
  /** The modal opened; `{ view, connected }`. */
  'MODAL_OPEN',
  /** The modal closed; `{ connected }`. */
  'MODAL_CLOSE',
  /**
   * The stack moved to another view while open; `{ view, previous }`. Opening All Wallets, the
   * network list or Send is this event with that view.
   */
  'VIEW_CHANGE',
  // The connect funnel.
  /** A wallet picked; `{ name, walletId, platform: 'browser' | 'qrcode' | 'mobile' }`. */
  'SELECT_WALLET',
  /** `{ method: 'browser' | 'walletconnect', name, namespace }`. */
  'CONNECT_SUCCESS',
  /** `{ method, name, message }`; a declined request included. */
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  /** `{ network }`, a CAIP-2 id. */
  'SWITCH_NETWORK',
  // Account.
  'COPY_ADDRESS',
  // Send.
  /** `{ network, token, isNative }`. */
  'SEND_INITIATED',
  /** `{ network, token, isNative }`. */
  'SEND_SUCCESS',
  /** `{ network, token, isNative, message }`. */
  'SEND_ERROR',
] as const
export type AnalyticsEventName = (typeof analyticsEvents)[number]

/** What an error report says went wrong: where the error surfaced in the modal. */
export const errorReportEvents = [
  /** An error nothing caught (`error` or `unhandledrejection` in the frame). */
  'UNCAUGHT_ERROR',
  /** A call to the modal's own API failed for a reason that is not the visitor's. */
  'API_ERROR',
  /** A wallet connection failed for a reason other than the visitor declining. */
  'CONNECT_ERROR',
  /** A send failed for a reason other than the visitor declining. */
  'SEND_ERROR',
  /** The WalletConnect client or relay failed. */
  'WALLETCONNECT_ERROR',
] as const
export type ErrorReportEventName = (typeof errorReportEvents)[number]

/** `props` of an analytics event: the event data, plus the address when connected. */
export type TrackProps = {
  type: 'track'
  event: AnalyticsEventName
  properties?: Record<string, unknown>
  address?: string
}

/** `props` of an error report (spec §7). */
export type ErrorReportProps = {
  type: 'error'
  event: ErrorReportEventName
  errorType: string
  errorMessage: string
  stackTrace: string
  address?: string
}

export type EventProps = TrackProps | ErrorReportProps

/** The body of `POST /e` (the query carries `projectId`, `st` and `sv`). */
export type EventBody = {
  /** A UUID: a retried event is stored once. */
  eventId: string
  /** The host page, without its query string or fragment. */
  url: string
  /** The host page's hostname. */
  domain: string
  /** When it happened, in milliseconds since the epoch. */
  timestamp: number
  props: EventProps
}

/** Longest strings an event may carry; the modal trims to these and the API refuses longer. */
export const eventLimits = {
  errorType: 100,
  errorMessage: 1_000,
  stackTrace: 4_000,
  /** JSON text of `properties`. */
  properties: 2_000,
  address: 128,
} as const

/** The SDK type the loader and `createAirlock` report as `st`. */
export const sdkType = 'airlock'
