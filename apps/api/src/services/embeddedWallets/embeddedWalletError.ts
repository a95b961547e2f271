/** Why an embedded wallet request was refused: the API error code and what is wrong, in words. */
import { type ApiErrorCode, ApiRefusal } from '@airlock/protocol'

export type EmbeddedWalletErrorCode = Extract<ApiErrorCode, `embeddedWallet${string}`>

export class EmbeddedWalletError extends ApiRefusal<EmbeddedWalletErrorCode> {
  override name = 'EmbeddedWalletError'
}

/** The refusal of a second wallet for an email: the one it has is the wallet. */
export const walletExists = () =>
  new EmbeddedWalletError(
    'embeddedWalletExists',
    'This email already has a wallet here: restore it instead of making another.',
  )

/** What only a confirmed wallet allows, or a confirmation from another than its first device. */
export const walletPending = () =>
  new EmbeddedWalletError(
    'embeddedWalletPending',
    'This wallet is not confirmed yet: finish making it on the device that made it, or start over.',
  )

/** The refusal of what needs the email's wallet when it has none. */
export const walletNotFound = () =>
  new EmbeddedWalletError('embeddedWalletNotFound', 'This email has no wallet here yet.')
