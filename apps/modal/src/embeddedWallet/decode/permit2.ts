/**
 * Uniswap's Permit2, both ways a site can use it: the `approve` call on the Permit2 contract
 * (read with viem's `decodeFunctionData` and the fragment below), and the EIP-712 signatures its
 * contract takes — AllowanceTransfer's PermitSingle and PermitBatch, SignatureTransfer's
 * PermitTransferFrom and PermitBatchTransferFrom (and their Witness variants). A signature is
 * Permit2's when its domain's name is "Permit2"; its verifying contract is shown beside it.
 */
import { type Address, decodeFunctionData, type Hex, parseAbi } from 'viem'
import { addressOf, structOf, uintOf } from './typedValues'

/** Permit2's address, the same on every chain (CREATE2). */
export const permit2Address: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

/** Permit2's AllowanceTransfer `approve`: an allowance with an expiry, set by a transaction. */
export const permit2ApproveAbi = parseAbi([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
])

export type Permit2CallDecoded = {
  kind: 'permit2Approve'
  token: Address
  spender: Address
  amount: bigint
  /** Unix seconds; 0 is "until the end of this block" in Permit2. */
  expiration: bigint
}

/** One token's allowance in a PermitSingle or PermitBatch. */
export type Permit2Allowance = { token: Address; amount: bigint; expiration: bigint }
/** One token a SignatureTransfer lets the spender take once. */
export type Permit2Transfer = { token: Address; amount: bigint }

export type Permit2TypedDataDecoded =
  | {
      kind: 'permit2Allowance'
      spender: Address
      allowances: Permit2Allowance[]
      /** Unix seconds after which the signature can't be used. */
      deadline: bigint
    }
  | {
      kind: 'permit2Transfer'
      spender: Address
      transfers: Permit2Transfer[]
      deadline: bigint
      /** A Witness variant: the spender's own order data rides along (shown in the fields). */
      witness: boolean
    }

/**
 * The Permit2 `approve` that `data` makes when `to` is Permit2; undefined otherwise.
 *
 * @example
 * decodePermit2Call(permit2Address, encodeFunctionData({ abi: permit2ApproveAbi, functionName: 'approve', args: [usdc, router, maxUint160, 0] }))
 */
export function decodePermit2Call(to: Address, data: Hex): Permit2CallDecoded | undefined {
  if (to.toLowerCase() !== permit2Address.toLowerCase()) return undefined
  try {
    const call = decodeFunctionData({ abi: permit2ApproveAbi, data })
    const [token, spender, amount, expiration] = call.args
    return { kind: 'permit2Approve', token, spender, amount, expiration: BigInt(expiration) }
  } catch {
    return undefined
  }
}

type TypedDataRequest = {
  domain: { name?: string | undefined }
  primaryType: string
  message: Record<string, unknown>
}

/**
 * What a Permit2 signature lets its spender do; undefined when it is not one, or its values are
 * not Permit2's shapes.
 *
 * @example
 * decodePermit2TypedData({ domain: { name: 'Permit2', … }, primaryType: 'PermitSingle', message })
 * // { kind: 'permit2Allowance', spender, allowances: [{ token, amount, expiration }], deadline }
 */
export function decodePermit2TypedData({
  domain,
  primaryType,
  message,
}: TypedDataRequest): Permit2TypedDataDecoded | undefined {
  if (domain.name !== 'Permit2') return undefined
  const spender = addressOf(message.spender)
  if (!spender) return undefined
  if (primaryType === 'PermitSingle' || primaryType === 'PermitBatch') {
    const details = primaryType === 'PermitSingle' ? [message.details] : message.details
    const deadline = uintOf(message.sigDeadline)
    const allowances = Array.isArray(details) ? details.map(allowanceOf) : []
    if (deadline === undefined || allowances.length === 0 || !allowances.every(isDefined))
      return undefined
    return { kind: 'permit2Allowance', spender, allowances, deadline }
  }
  const transfer = /^Permit(Batch)?(Witness)?TransferFrom$/.exec(primaryType)
  if (transfer) {
    const permitted = transfer[1] ? message.permitted : [message.permitted]
    const deadline = uintOf(message.deadline)
    const transfers = Array.isArray(permitted) ? permitted.map(transferOf) : []
    if (deadline === undefined || transfers.length === 0 || !transfers.every(isDefined))
      return undefined
    return { kind: 'permit2Transfer', spender, transfers, deadline, witness: !!transfer[2] }
  }
  return undefined
}

function allowanceOf(value: unknown): Permit2Allowance | undefined {
  const details = structOf(value)
  const token = addressOf(details?.token)
  const amount = uintOf(details?.amount)
  const expiration = uintOf(details?.expiration)
  return token && amount !== undefined && expiration !== undefined
    ? { token, amount, expiration }
    : undefined
}

function transferOf(value: unknown): Permit2Transfer | undefined {
  const permission = structOf(value)
  const token = addressOf(permission?.token)
  const amount = uintOf(permission?.amount)
  return token && amount !== undefined ? { token, amount } : undefined
}

const isDefined = <value>(item: value | undefined): item is value => item !== undefined
