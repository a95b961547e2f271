/** Why an embedded wallet request was refused: the API error code and what is wrong, in words. */
import { type ApiErrorCode, ApiRefusal } from '@airlock/protocol'

export type EmbeddedWalletErrorCode = Extract<ApiErrorCode, `embeddedWallet${string}`>

export class EmbeddedWalletError extends ApiRefusal<EmbeddedWalletErrorCode> {
  override name = 'EmbeddedWalletError'
}
