/**
 * EIP-2612 Permit signatures: an ERC-20 allowance granted by a signature instead of a
 * transaction, the token being the domain's verifying contract. DAI's older permit (holder,
 * spender, nonce, expiry, allowed), which grants all or nothing, is read too.
 */
import type { Address } from 'viem'
import { addressOf, uintOf } from './typedValues'

export type PermitDecoded = {
  kind: 'permit'
  token: Address
  owner: Address
  spender: Address
  /** The allowance; DAI's `allowed: true` is the uint256 maximum. */
  amount: bigint
  /** Unix seconds after which the signature can't be used; DAI's expiry 0 ("never") is the uint256 maximum. */
  deadline: bigint
}

type TypedDataRequest = {
  domain: { verifyingContract?: Address | undefined }
  primaryType: string
  message: Record<string, unknown>
}

const maxUint256 = 2n ** 256n - 1n

/**
 * @example
 * decodePermit({ domain: { verifyingContract: usdc, … }, primaryType: 'Permit', message: { owner, spender, value: '1000000', nonce: 0, deadline: 1767225600 } })
 * // { kind: 'permit', token: usdc, owner, spender, amount: 1000000n, deadline: 1767225600n }
 */
export function decodePermit({
  domain,
  primaryType,
  message,
}: TypedDataRequest): PermitDecoded | undefined {
  const token = addressOf(domain.verifyingContract)
  if (primaryType !== 'Permit' || !token) return undefined
  const spender = addressOf(message.spender)
  if (!spender) return undefined
  // EIP-2612.
  const owner = addressOf(message.owner)
  const value = uintOf(message.value)
  const deadline = uintOf(message.deadline)
  if (owner && value !== undefined && deadline !== undefined)
    return { kind: 'permit', token, owner, spender, amount: value, deadline }
  // DAI's.
  const holder = addressOf(message.holder)
  const expiry = uintOf(message.expiry)
  if (holder && expiry !== undefined && typeof message.allowed === 'boolean')
    return {
      kind: 'permit',
      token,
      owner: holder,
      spender,
      amount: message.allowed ? maxUint256 : 0n,
      deadline: expiry === 0n ? maxUint256 : expiry,
    }
  return undefined
}
