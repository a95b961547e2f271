/** Why an email login request was refused: the API error code and what is wrong, in words. */
import { type ApiErrorCode, ApiRefusal } from '@airlock/protocol'

export type EmailLoginErrorCode = Extract<ApiErrorCode, `email${string}`>

export class EmailLoginError extends ApiRefusal<EmailLoginErrorCode> {
  override name = 'EmailLoginError'
  constructor(
    code: EmailLoginErrorCode,
    message: string,
    /** For a refusal that ends (a locked address): when to try again, as `Retry-After`. */
    readonly retryAfterMs?: number | undefined,
    /** For a wrong code: how many more may be tried, for the modal to say. */
    readonly triesLeft?: number | undefined,
  ) {
    super(code, message)
  }
}
