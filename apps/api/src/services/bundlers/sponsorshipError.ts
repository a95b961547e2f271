/** Why the relay refused to have a user operation's gas sponsored: the API error code and why, in words. */
import { type ApiErrorCode, ApiRefusal } from '@airlock/protocol'

export type SponsorshipErrorCode = Extract<ApiErrorCode, `sponsorship${string}`>

export class SponsorshipError extends ApiRefusal<SponsorshipErrorCode> {
  override name = 'SponsorshipError'
}
