/**
 * What a decoded call or signature does to the visitor's ERC-20 tokens, as TokenCall shows it:
 * each token and amount moved or allowed, and the sentence that says it in the approval
 * screen's words. One list for calls (DecodedCall) and signatures (TypedDataSummary), so a
 * Permit2 allowance reads the same whether a call or a signature grants it.
 */
import type { Address } from 'viem'
import type { DecodedCall } from '../../embeddedWallet/decode/decodeCall'
import type { DecodedTypedData } from '../../embeddedWallet/decode/decodeTypedData'
import { approveText as text } from '../../messages/approveText'
import { timeText } from './decodedText'

export type TokenMove = {
  token: Address
  amount: bigint
  /** An allowance (flagged when unlimited), not a transfer. */
  allowance: boolean
  /** The sentence, given the amount in the token's words. */
  sentence: (amount: string) => string
}

/** A Permit2 allowance, until its expiration (0: the end of the block it is used in). */
const permit2Allowance = (spender: Address, expiration: bigint) => (amount: string) =>
  text.permit2Allowance(amount, spender, expiration === 0n ? text.endOfBlock : timeText(expiration))

/** The token moves of a call; [] for a call that moves no ERC-20 by itself. */
export function tokenMovesOfCall(decoded: DecodedCall): TokenMove[] {
  switch (decoded.kind) {
    case 'erc20Transfer':
      return [
        {
          token: decoded.token,
          amount: decoded.amount,
          allowance: false,
          sentence: (amount) => text.transfer(amount, decoded.to),
        },
      ]
    case 'erc20Approve':
    case 'erc20IncreaseAllowance': {
      const says = decoded.kind === 'erc20Approve' ? text.approve : text.increaseAllowance
      return [
        {
          token: decoded.token,
          amount: decoded.amount,
          allowance: true,
          sentence: (amount) => says(amount, decoded.spender),
        },
      ]
    }
    case 'permit2Approve':
      return [
        {
          token: decoded.token,
          amount: decoded.amount,
          allowance: true,
          sentence: permit2Allowance(decoded.spender, decoded.expiration),
        },
      ]
    default:
      return []
  }
}

/** The token moves a signature allows, in the order it lists them. */
export function tokenMovesOfSignature(decoded: DecodedTypedData | undefined): TokenMove[] {
  switch (decoded?.kind) {
    case 'permit':
      return [
        {
          token: decoded.token,
          amount: decoded.amount,
          allowance: true,
          sentence: (amount) => text.permit(amount, decoded.spender, timeText(decoded.deadline)),
        },
      ]
    case 'permit2Allowance':
      return decoded.allowances.map(({ token, amount, expiration }) => ({
        token,
        amount,
        allowance: true,
        sentence: permit2Allowance(decoded.spender, expiration),
      }))
    case 'permit2Transfer':
      return decoded.transfers.map(({ token, amount }) => ({
        token,
        amount,
        allowance: true,
        sentence: (amount) => text.permit2Transfer(amount, decoded.spender),
      }))
    default:
      return []
  }
}
