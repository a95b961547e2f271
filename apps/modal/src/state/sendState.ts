/** The Send form's state (spec §3 Send state), apart from send.ts so the store can hold it. */
import type { TokenBalance } from '@airlock/protocol'

/** The Send form (spec §3 Send state). Amounts are the decimal text the visitor typed. */
export type SendState = {
  token: TokenBalance | undefined
  sendTokenAmount: string
  receiverAddress: string
  receiverProfileName: string | undefined
  receiverProfileImage: string | undefined
  /** The amount's value in USD, formatted; undefined when the token has no price. */
  networkBalanceInUSD: string | undefined
  /** A send is on its way (spec §4: loading while sending). */
  loading: boolean
  /** Why the last send failed, shown in the preview. */
  error: string | undefined
}

export const emptySend: SendState = {
  token: undefined,
  sendTokenAmount: '',
  receiverAddress: '',
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  networkBalanceInUSD: undefined,
  loading: false,
  error: undefined,
}
