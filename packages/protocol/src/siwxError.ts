/** Why a sign-in (or a read of its session) was refused: the API error code and what is wrong. */
import type { ApiErrorCode } from './apiError'

export type SiwxErrorCode = Extract<ApiErrorCode, `siwx${string}`>

export class SiwxError extends Error {
  override name = 'SiwxError'
  constructor(
    readonly code: SiwxErrorCode,
    message: string,
  ) {
    super(message)
  }
}
