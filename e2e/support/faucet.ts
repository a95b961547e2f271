// Ether and aUSD for a test's account on the stack's anvil, set directly in the chain's state as a
// faucet would (no one's nonce moves), and the aUSD calls tests ask a wallet to make.
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import { anvilClient } from './testWallet'

/** What devchain/seed.mjs deploys on a fresh chain: the 6-decimals ERC-20. */
export const aUsd = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35' as const

/** Gives `address` ether and aUSD on anvil, as a faucet would (no one's nonce moves). */
export async function fund(address: Address, { ether = '1', usd = '0' } = {}) {
  const client = anvilClient()
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, toHex(parseEther(ether))] as never,
  })
  // DevToken's balanceOf is its fourth slot (name, symbol, totalSupply before it).
  const slot = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [address, 3n]),
  )
  await client.request({
    method: 'anvil_setStorageAt' as never,
    params: [aUsd, slot, toHex(parseUnits(usd, 6), { size: 32 })] as never,
  })
}

/** The calldata of an aUSD `transfer` of `amount` (smallest units) to `to`. */
export const aUsdTransfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

/** `address`'s aUSD, in smallest units. */
export const usdBalance = (address: Address) =>
  anvilClient().readContract({
    address: aUsd,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
