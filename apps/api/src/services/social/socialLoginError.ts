/** Why a social login was refused: the API error code and what is wrong, in words. */
import { type ApiErrorCode, ApiRefusal } from '@airlock/protocol'

export type SocialLoginErrorCode = Extract<ApiErrorCode, `social${string}`>

export class SocialLoginError extends ApiRefusal<SocialLoginErrorCode> {
  override name = 'SocialLoginError'
}
