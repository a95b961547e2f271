/**
 * How a swap step's failure is told (issue 22): a `SwapError` whose message is for the visitor
 * (the API's own words where it gave some) and whose code says what failed.
 */
import { isUserRejection, toastMessages } from '@airlock/protocol'
import { HttpError, RequestTimeoutError } from '../api'
import { refusalText } from '../messages/apiRefusalText'
import { swapText } from '../messages/swapText'

/**
 * A swap step failed. `message` is for the visitor; `code` is the API's error code
 * (`unsupportedSwapNetwork`, `swapProviderUnavailable`, …) or the modal's own (`userRejected`,
 * `reverted`, `badAnswer`, `timeout`, `noWallet`).
 */
export class SwapError extends Error {
  override name = 'SwapError' as const
  readonly code: string | undefined
  constructor(message: string, options: { cause?: unknown; code?: string | undefined } = {}) {
    super(message, { cause: options.cause })
    this.code = options.code
  }
}

/**
 * `error` as the visitor is told it: a wallet's decline is 'Signature declined', the API's
 * refusal its own message (in another language, what its code means: apiRefusalText), a wallet
 * or chain failure its first line.
 *
 * @example
 * swapErrorOf(new UserRejectedRequestError()).message // 'Signature declined'
 */
export function swapErrorOf(error: unknown): SwapError {
  if (error instanceof SwapError) return error
  if (isUserRejection(error))
    return new SwapError(toastMessages.signatureDeclined, { cause: error, code: 'userRejected' })
  if (error instanceof HttpError) {
    const said = (error.body as { error?: { message?: unknown } } | undefined)?.error?.message
    return new SwapError(
      typeof said === 'string' && said ? refusalText(error.code, said) : swapText.failed,
      {
        cause: error,
        code: error.code,
      },
    )
  }
  if (error instanceof RequestTimeoutError)
    return new SwapError(swapText.timeout, { cause: error, code: 'timeout' })
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
  const text = typeof shortMessage === 'string' ? shortMessage : message
  return new SwapError(typeof text === 'string' && text ? text.split('\n')[0]! : swapText.failed, {
    cause: error,
  })
}

/** Whether the visitor declined in the wallet: the form stays as it was. */
export const isSwapDeclined = (error: unknown): boolean =>
  error instanceof SwapError && error.code === 'userRejected'
