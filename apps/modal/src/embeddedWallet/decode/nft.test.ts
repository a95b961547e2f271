import { encodeFunctionData, erc721Abi } from 'viem'
import { describe, expect, test } from 'vitest'
import { decodeNftCall, erc1155TransferAbi } from './nft'

const collection = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('decodeNftCall', () => {
  test('behavior: setApprovalForAll is read as the operator and whether it is granted', () => {
    for (const approved of [true, false]) {
      const data = encodeFunctionData({
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [other, approved],
      })
      expect(decodeNftCall(collection, data)).toEqual({
        kind: 'approvalForAll',
        collection,
        operator: other,
        approved,
      })
    }
  })

  test('behavior: an ERC-721 transferFrom and both safeTransferFrom are one NFT from, to and its id', () => {
    const expected = { kind: 'nftTransfer', collection, from: owner, to: other, tokenId: 42n }
    const calls = [
      encodeFunctionData({
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [owner, other, 42n],
      }),
      encodeFunctionData({
        abi: erc721Abi,
        functionName: 'safeTransferFrom',
        args: [owner, other, 42n],
      }),
      encodeFunctionData({
        abi: erc721Abi,
        functionName: 'safeTransferFrom',
        args: [owner, other, 42n, '0x'],
      }),
    ]
    for (const data of calls) expect(decodeNftCall(collection, data)).toEqual(expected)
  })

  test('behavior: ERC-1155 transfers, single and batch, are each id with its amount', () => {
    const single = encodeFunctionData({
      abi: erc1155TransferAbi,
      functionName: 'safeTransferFrom',
      args: [owner, other, 3n, 10n, '0x'],
    })
    expect(decodeNftCall(collection, single)).toEqual({
      kind: 'multiTokenTransfer',
      collection,
      from: owner,
      to: other,
      items: [{ id: 3n, amount: 10n }],
    })
    const batch = encodeFunctionData({
      abi: erc1155TransferAbi,
      functionName: 'safeBatchTransferFrom',
      args: [owner, other, [1n, 2n], [5n, 6n], '0x'],
    })
    expect(decodeNftCall(collection, batch)).toMatchObject({
      kind: 'multiTokenTransfer',
      items: [
        { id: 1n, amount: 5n },
        { id: 2n, amount: 6n },
      ],
    })
  })

  test('error: a batch whose ids and amounts differ in length, or other data, is not decoded', () => {
    const uneven = encodeFunctionData({
      abi: erc1155TransferAbi,
      functionName: 'safeBatchTransferFrom',
      args: [owner, other, [1n, 2n], [5n], '0x'],
    })
    expect(decodeNftCall(collection, uneven)).toBeUndefined()
    expect(decodeNftCall(collection, '0x12345678')).toBeUndefined()
  })
})
