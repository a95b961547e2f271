/** Why a sign-in (or a read of its session) was refused: the API error code and what is wrong. */
import { type ApiErrorCode, ApiRefusal } from './apiError'

export type SiwxErrorCode = Extract<ApiErrorCode, `siwx${string}`>

export class SiwxError extends ApiRefusal<SiwxErrorCode> {
  override name = 'SiwxError'
}
