/**
 * What the modal reports to `POST /e` (spec §7): the one catalogue of event names, the limits on
 * what an event carries, and the SDK type. Plain values: the modal's first bundle loads them, and
 * the zod schemas the API holds events to (`analytics.ts`) stay out of it.
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
  /** A wallet picked; `{ name, walletId, platform: 'browser' | 'qrcode' | 'mobile' | 'social' }`. */
  'SELECT_WALLET',
  /** `{ method: 'browser' | 'walletconnect' | 'email' | 'social', name, namespace }`. */
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
  // Sign in with a wallet.
  /** The visitor signed in; `{ network }`. */
  'SIWX_AUTH_SUCCESS',
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
  /** A sign-in (SIWX) failed after the wallet signed: the API refused or did not answer. */
  'SIWX_ERROR',
] as const
export type ErrorReportEventName = (typeof errorReportEvents)[number]

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
