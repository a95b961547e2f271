/**
 * A call a transaction (or one call of a 5792 batch) makes, decoded for the approval screen by
 * the first decoder that knows it — Permit2's approve, ERC-20, then NFTs — or `unknown`, which
 * the screen shows as "Unknown contract call" with the raw data one tap away. A plain transfer
 * of the native currency (no data) is `native`.
 */
import type { Address, Hex } from 'viem'
import { decodeErc20Call, type Erc20Decoded } from './erc20'
import { decodeNftCall, type NftDecoded } from './nft'
import { decodePermit2Call, type Permit2CallDecoded } from './permit2'

export type DecodedCall =
  | Erc20Decoded
  | NftDecoded
  | Permit2CallDecoded
  | { kind: 'native' }
  | { kind: 'unknown'; data: Hex }

/**
 * @example
 * decodeCall({ to: usdc, data: '0xa9059cbb…' }) // { kind: 'erc20Transfer', token: usdc, to, amount }
 * decodeCall({ to: router, data: '0xdeadbeef' }) // { kind: 'unknown', data: '0xdeadbeef' }
 */
export function decodeCall({ to, data }: { to: Address; data?: Hex | undefined }): DecodedCall {
  if (!data || data === '0x') return { kind: 'native' }
  return (
    decodePermit2Call(to, data) ??
    decodeErc20Call(to, data) ??
    decodeNftCall(to, data) ?? { kind: 'unknown', data }
  )
}

/** Whether the call grants an allowance or an operator, which the screen flags when unlimited. */
export function grantsApproval(call: DecodedCall): boolean {
  return (
    call.kind === 'erc20Approve' ||
    call.kind === 'erc20IncreaseAllowance' ||
    call.kind === 'permit2Approve' ||
    (call.kind === 'approvalForAll' && call.approved)
  )
}
