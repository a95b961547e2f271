/**
 * The spec's §8 error catalogue, strings exact. Views, controllers and tests reference these
 * constants instead of repeating the text.
 */

export const connectionErrors = {
  modalClosed: 'Modal closed',
  connectionRejected: 'Connection rejected',
  failedToConnect: 'Failed to connect',
  popupClosed: 'Popup closed',
  failedToInitiateSocial: 'Failed to initiate social connection',
  failedToConnectFarcaster: 'Failed to connect to farcaster',
  noAuthConnector: 'No auth connector found',
  notConnectedToEmailOrSocial: 'Not connected to email or social',
  noConnectorForConnection: (id: string) => `No connector found for connection: ${id}`,
  invalidConnectionStatus: (status: string) => `Invalid connection status: ${status}`,
  failedToDisconnect: 'Failed to disconnect',
} as const

export const nameErrors = {
  errorResolvingName: 'Error resolving name',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNamesForAddress: 'Error fetching names for address',
  errorRegisteringName: (name: string) => `Error registering name ${name}`,
  networkNotFound: 'Network not found',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
} as const

export const toastMessages = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToFetchTransactions: 'Failed to fetch transactions',
  siwxInitFailed: 'A problem occurred while trying initialize authentication',
  signatureDeclined: 'Signature declined',
  smartAccountsMaybeUnsupported: 'This application might not support Smart Accounts',
  authenticating: 'Authenticating...',
} as const

export const siwxErrors = {
  notEnabled: 'SIWX is not enabled',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  noActiveCaipNetworkOrClient: 'No ActiveCaipNetwork or client found',
  noConnectionControllerClient: 'No ConnectionController client found',
} as const

export const transactionErrors = {
  noAccountAddress: "Transactions can't be fetched without an accountAddress",
} as const

export const unknownError = 'Unknown error'

/** A modal alert: the short line in the alert bar and the longer explanation under it. */
export type Alert = { shortMessage: string; longMessage: string }

/** The alert catalogue. Short messages are the spec's; long messages are ours. */
export const alerts = {
  networkNotFound: {
    shortMessage: 'Network Not Found',
    longMessage: 'The network the site asked for is not among its configured networks.',
  },
  invalidAppConfiguration: {
    shortMessage: 'Invalid App Configuration',
    longMessage: "This site's origin is not on the project's allowed origins.",
  },
  embeddedWalletLoadFailed: {
    shortMessage: 'Embedded Wallet Load Failed',
    longMessage: 'The email and social wallet could not be loaded. Try again later.',
  },
  requestTimeout: {
    shortMessage: 'Request Timeout',
    longMessage: 'The request took too long. Check your connection and try again.',
  },
  sessionExpired: {
    shortMessage: 'Session Expired',
    longMessage: 'Your session has expired. Connect again to continue.',
  },
  invalidProjectId: {
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project id given by this site is not known.',
  },
  projectIdNotConfigured: {
    shortMessage: 'Project ID Not Configured',
    longMessage: 'This site did not give a project id.',
  },
  serverError: {
    shortMessage: 'Server Error',
    longMessage: 'Something went wrong on our side. Try again later.',
  },
  rateLimited: {
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests. Wait a moment and try again.',
  },
} as const satisfies Record<string, Alert>
export type AlertId = keyof typeof alerts
