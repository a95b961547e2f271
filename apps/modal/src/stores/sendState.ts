/** The Send form's state (spec §3 Send state), apart from send.ts so the store can hold it. */
import type { TokenBalance } from '@airlock/protocol'

/** The Send form (spec §3 Send state). Amounts are the decimal text the visitor typed. */
export type SendState = {
  token: TokenBalance | undefined
  sendTokenAmount: string
  /** What the visitor typed in To: an address, or on eip155 a name that resolves to one. */
  receiverInput: string
  /** The address sent to: the one typed, or the typed name's (empty until it resolves). */
  receiverAddress: string
  /** The typed name, normalised, once it resolved to `receiverAddress`. */
  receiverProfileName: string | undefined
  /** Where that name's avatar loads from (`avatarSource` of its record); none: no picture. */
  receiverProfileImage: string | undefined
  /** The amount's value in USD, formatted; undefined when the token has no price. */
  networkBalanceInUSD: string | undefined
  /** A send is on its way (spec §4: loading while sending). */
  loading: boolean
  /** Why the last send failed, shown in the preview. */
  error: string | undefined
  /** On Bitcoin: how soon the visitor wants it mined, the fee rate's speed. */
  feeSpeed: 'slow' | 'normal' | 'fast'
}

/** A network fee: in the native coin's smallest unit, and as the preview shows it. */
export type NetworkFee = { amount: bigint; text: string }

export const emptySend: SendState = {
  token: undefined,
  sendTokenAmount: '',
  receiverInput: '',
  receiverAddress: '',
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  networkBalanceInUSD: undefined,
  loading: false,
  error: undefined,
  feeSpeed: 'normal',
}
