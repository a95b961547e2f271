/** Why an email login request was refused: the API error code and what is wrong, in words. */
import { type ApiErrorCode, ApiRefusal } from '@airlock/protocol'

export type EmailLoginErrorCode = Extract<ApiErrorCode, `email${string}`>

export class EmailLoginError extends ApiRefusal<EmailLoginErrorCode> {
  override name = 'EmailLoginError'
}
