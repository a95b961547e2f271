/**
 * The NFT call a transaction's data makes: `setApprovalForAll` (ERC-721 and ERC-1155 alike), an
 * ERC-721 `transferFrom` or `safeTransferFrom`, an ERC-1155 `safeTransferFrom` or
 * `safeBatchTransferFrom` — read with viem's `decodeFunctionData`, viem's `erc721Abi` and the
 * ERC-1155 fragment below. `transferFrom(from, to, uint256)` is the same selector for an ERC-20
 * amount and an ERC-721 id: the view tells them apart by whether the contract has decimals.
 */
import { type Address, decodeFunctionData, erc721Abi, type Hex, parseAbi } from 'viem'

/** ERC-1155's transfers (EIP-1155); its `setApprovalForAll` is ERC-721's. */
export const erc1155TransferAbi = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
])

export type NftDecoded =
  | { kind: 'approvalForAll'; collection: Address; operator: Address; approved: boolean }
  /** ERC-721's transfer of one NFT, or (same selector) an ERC-20 transferFrom of `tokenId` units. */
  | { kind: 'nftTransfer'; collection: Address; from: Address; to: Address; tokenId: bigint }
  | {
      kind: 'multiTokenTransfer'
      collection: Address
      from: Address
      to: Address
      items: { id: bigint; amount: bigint }[]
    }

/**
 * @example
 * decodeNftCall(punks, encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [market, true] }))
 * // { kind: 'approvalForAll', collection: punks, operator: market, approved: true }
 */
export function decodeNftCall(collection: Address, data: Hex): NftDecoded | undefined {
  try {
    const call = decodeFunctionData({ abi: [...erc721Abi, ...erc1155TransferAbi], data })
    switch (call.functionName) {
      case 'setApprovalForAll':
        return {
          kind: 'approvalForAll',
          collection,
          operator: call.args[0],
          approved: call.args[1],
        }
      case 'transferFrom':
        return {
          kind: 'nftTransfer',
          collection,
          from: call.args[0],
          to: call.args[1],
          tokenId: call.args[2],
        }
      case 'safeTransferFrom':
        // ERC-1155's has five arguments (id, value, data); ERC-721's three or four.
        if (call.args.length === 5) {
          const [from, to, id, amount] = call.args
          return { kind: 'multiTokenTransfer', collection, from, to, items: [{ id, amount }] }
        }
        return {
          kind: 'nftTransfer',
          collection,
          from: call.args[0],
          to: call.args[1],
          tokenId: call.args[2],
        }
      case 'safeBatchTransferFrom': {
        const [from, to, ids, amounts] = call.args
        if (ids.length !== amounts.length) return undefined
        const items = ids.map((id, index) => ({ id, amount: amounts[index] ?? 0n }))
        return { kind: 'multiTokenTransfer', collection, from, to, items }
      }
    }
  } catch {
    // Not one of these functions, or arguments that don't decode.
  }
  return undefined
}
