/**
 * The ERC-20 call a transaction's data makes — transfer, approve or increaseAllowance — read with
 * viem's `decodeFunctionData` and the standard ERC-20 ABI (increaseAllowance, OpenZeppelin's,
 * is not in it: its fragment is here). Any other data is not an ERC-20 call of these.
 */
import { type Address, decodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem'

/** OpenZeppelin's `increaseAllowance`, which many ERC-20 tokens still have. */
export const increaseAllowanceAbi = parseAbi([
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
])

export type Erc20Decoded =
  | { kind: 'erc20Transfer'; token: Address; to: Address; amount: bigint }
  | { kind: 'erc20Approve'; token: Address; spender: Address; amount: bigint }
  | { kind: 'erc20IncreaseAllowance'; token: Address; spender: Address; amount: bigint }

/**
 * @example
 * decodeErc20Call(usdc, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }))
 * // { kind: 'erc20Approve', token: usdc, spender: router, amount: maxUint256 }
 */
export function decodeErc20Call(token: Address, data: Hex): Erc20Decoded | undefined {
  try {
    const call = decodeFunctionData({ abi: [...erc20Abi, ...increaseAllowanceAbi], data })
    switch (call.functionName) {
      case 'transfer':
        return { kind: 'erc20Transfer', token, to: call.args[0], amount: call.args[1] }
      case 'approve':
        return { kind: 'erc20Approve', token, spender: call.args[0], amount: call.args[1] }
      case 'increaseAllowance':
        return {
          kind: 'erc20IncreaseAllowance',
          token,
          spender: call.args[0],
          amount: call.args[1],
        }
    }
  } catch {
    // Not one of the ABI's functions, or arguments that don't decode: not an ERC-20 call.
  }
  return undefined
}
