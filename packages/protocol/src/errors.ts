/**
 * Airlock's error classes, in the style of viem: a short message, optional details and meta
 * lines, a `cause`, and a `name` to narrow on. Errors that cross the bridge keep their
 * EIP-1193 code and are rebuilt as the same class on the other side.
 */

/** EIP-1193 and JSON-RPC codes used across the bridge. */
export const errorCodes = {
  userRejectedRequest: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes]

export type BaseErrorParameters = {
  details?: string | undefined
  metaMessages?: readonly string[] | undefined
  cause?: unknown
}

/** The root of every Airlock error. `shortMessage` is the catalogue string users see. */
export class BaseError extends Error {
  override name = 'AirlockError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: readonly string[] | undefined
  readonly code: number = errorCodes.internal

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    super(lines.join('\n'), parameters.cause === undefined ? {} : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.metaMessages = parameters.metaMessages
  }
}

/** An EIP-1193 provider error: a BaseError with the code the wallet or the bridge gave. */
export class ProviderRpcError extends BaseError {
  override name = 'ProviderRpcError'
  override readonly code: number

  constructor(code: number, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, parameters)
    this.code = code
  }
}

/** Parameters of every ProviderRpcError class: the message defaults to the class's own. */
export type ProviderErrorParameters = BaseErrorParameters & { message?: string | undefined }

/**
 * Declares a ProviderRpcError class with a fixed name and code. A factory keeps each class a
 * few bytes in the host bundle; `name` stays a literal type, so callers narrow on it.
 */
function defineError<const name extends string>(name: name, code: number, defaultMessage: string) {
  return class extends ProviderRpcError {
    static readonly errorName = name
    override name: name = name
    constructor({ message = defaultMessage, ...parameters }: ProviderErrorParameters = {}) {
      super(code, message, parameters)
    }
  }
}

export const UserRejectedRequestError = defineError(
  'UserRejectedRequestError',
  errorCodes.userRejectedRequest,
  'User rejected the request.',
)
export type UserRejectedRequestError = InstanceType<typeof UserRejectedRequestError>
export const UnauthorizedError = defineError(
  'UnauthorizedError',
  errorCodes.unauthorized,
  'Unauthorized',
)
export type UnauthorizedError = InstanceType<typeof UnauthorizedError>
export const UnsupportedMethodError = defineError(
  'UnsupportedMethodError',
  errorCodes.unsupportedMethod,
  'Unsupported method',
)
export type UnsupportedMethodError = InstanceType<typeof UnsupportedMethodError>
export const DisconnectedError = defineError(
  'DisconnectedError',
  errorCodes.disconnected,
  'Disconnected',
)
export type DisconnectedError = InstanceType<typeof DisconnectedError>
export const ChainDisconnectedError = defineError(
  'ChainDisconnectedError',
  errorCodes.chainDisconnected,
  'Chain disconnected',
)
export type ChainDisconnectedError = InstanceType<typeof ChainDisconnectedError>
export const InvalidParamsError = defineError(
  'InvalidParamsError',
  errorCodes.invalidParams,
  'Invalid parameters.',
)
export type InvalidParamsError = InstanceType<typeof InvalidParamsError>
export const InternalError = defineError('InternalError', errorCodes.internal, 'Unknown error')
export type InternalError = InstanceType<typeof InternalError>
/** The site's origin is not on the project's allowed origins (alert 'Invalid App Configuration'). */
export const InvalidAppConfigurationError = defineError(
  'InvalidAppConfigurationError',
  errorCodes.unauthorized,
  'Invalid App Configuration',
)
export type InvalidAppConfigurationError = InstanceType<typeof InvalidAppConfigurationError>
/** The project id is not known to the API (alert 'Invalid Project ID'). */
export const InvalidProjectIdError = defineError(
  'InvalidProjectIdError',
  errorCodes.unauthorized,
  'Invalid Project ID',
)
export type InvalidProjectIdError = InstanceType<typeof InvalidProjectIdError>
/** No project id was given (alert 'Project ID Not Configured'). */
export const ProjectIdNotConfiguredError = defineError(
  'ProjectIdNotConfiguredError',
  errorCodes.unauthorized,
  'Project ID Not Configured',
)
export type ProjectIdNotConfiguredError = InstanceType<typeof ProjectIdNotConfiguredError>
/** Host and frame speak different bridge protocol versions. */
export const ProtocolVersionError = defineError(
  'ProtocolVersionError',
  errorCodes.internal,
  'Bridge protocol version mismatch',
)
export type ProtocolVersionError = InstanceType<typeof ProtocolVersionError>
/** The modal did not answer in time (alert 'Request Timeout'). */
export const RequestTimeoutError = defineError(
  'RequestTimeoutError',
  errorCodes.internal,
  'Request Timeout',
)
export type RequestTimeoutError = InstanceType<typeof RequestTimeoutError>

/** The classes rebuilt by name on the other side of the bridge. */
const errorClasses = [
  UserRejectedRequestError,
  UnauthorizedError,
  UnsupportedMethodError,
  DisconnectedError,
  ChainDisconnectedError,
  InvalidParamsError,
  InternalError,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  ProjectIdNotConfiguredError,
  ProtocolVersionError,
  RequestTimeoutError,
]

/** The shape an error takes on the wire. */
export type SerializedError = {
  name: string
  code: number
  message: string
  details?: string
}

/** Turns any thrown value into its wire shape; unknown errors become 'Unknown error' (-32603). */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof BaseError) {
    const serialized: SerializedError = {
      name: error.name,
      code: error.code,
      message: error.shortMessage,
    }
    if (error.details) serialized.details = error.details
    return serialized
  }
  // Wallets throw plain EIP-1193 errors ({code, message}); keep their code.
  if (isErrorLike(error)) {
    return {
      name: 'ProviderRpcError',
      code: typeof error.code === 'number' ? error.code : errorCodes.internal,
      message: typeof error.message === 'string' && error.message ? error.message : 'Unknown error',
    }
  }
  return { name: 'InternalError', code: errorCodes.internal, message: 'Unknown error' }
}

/** Rebuilds a wire error as its class. A name we don't know becomes a ProviderRpcError. */
export function deserializeError(value: unknown): ProviderRpcError {
  if (!isErrorLike(value)) return new InternalError()
  const message = typeof value.message === 'string' ? value.message : 'Unknown error'
  const code = typeof value.code === 'number' ? value.code : errorCodes.internal
  const details = typeof value.details === 'string' ? value.details : undefined
  const ErrorClass = errorClasses.find((candidate) => candidate.errorName === value.name)
  return ErrorClass
    ? new ErrorClass({ message, details })
    : new ProviderRpcError(code, message, { details })
}

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; details?: unknown }
function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null
}

/**
 * Codes by which a wallet says the visitor declined: EIP-1193's 4001
 * (`errorCodes.userRejectedRequest`), WalletConnect's 5000–5002. Plain numbers, so a bundle that
 * never asks (the host SDK) drops the list.
 */
export const userRejectionCodes: readonly number[] = [4001, 5000, 5001, 5002]

/** Whether a wallet's error means the visitor declined (not a failure worth reporting). */
export function isUserRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && userRejectionCodes.includes(code)
}
