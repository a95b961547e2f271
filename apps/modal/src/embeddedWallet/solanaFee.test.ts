/**
 * A Solana transaction's fee as the approval shows it: ComputeBudget instructions read (unit
 * limit and price, not a bare program id) and the base and priority fee in lamports.
 */
import { type Address, address } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { assertPriorityFeeWithinCap, priorityFeeFloorMicroLamports } from './solanaPriorityFee'
import { COMPUTE_BUDGET_PROGRAM_ADDRESS, solanaFeeOf, summarize } from './solanaTransaction'

const computeBudget = address(COMPUTE_BUDGET_PROGRAM_ADDRESS)
const system = '11111111111111111111111111111111' as Address

function unitLimit(units: number) {
  const data = new Uint8Array(5)
  data[0] = 2
  new DataView(data.buffer).setUint32(1, units, true)
  return summarize({ programAddress: computeBudget, data })
}
function unitPrice(microLamports: bigint) {
  const data = new Uint8Array(9)
  data[0] = 3
  new DataView(data.buffer).setBigUint64(1, microLamports, true)
  return summarize({ programAddress: computeBudget, data })
}

describe('Solana fees', () => {
  test('behavior: ComputeBudget instructions are read as the limit and price they set', () => {
    expect(unitLimit(300_000)).toEqual({
      programId: computeBudget,
      computeBudget: { unitLimit: 300_000 },
    })
    expect(unitPrice(5_000_000n)).toEqual({
      programId: computeBudget,
      computeBudget: { microLamportsPerUnit: 5_000_000n },
    })
    // Any other ComputeBudget instruction (a heap frame) shows as its program only.
    expect(
      summarize({ programAddress: computeBudget, data: new Uint8Array([1, 0, 0, 1, 0]) }),
    ).toEqual({
      programId: computeBudget,
    })
  })

  test('behavior: the base fee is 5000 lamports a signature; the priority fee is price × limit', () => {
    const transfer = { programId: system }
    expect(solanaFeeOf(1, [transfer])).toEqual({ base: 5000n, priority: 0n })
    // 300,000 units at 5,000,000 micro-lamports each: 1,500,000 lamports.
    expect(solanaFeeOf(2, [unitLimit(300_000), unitPrice(5_000_000n), transfer])).toEqual({
      base: 10_000n,
      priority: 1_500_000n,
    })
    // No limit set: 200,000 units for each other instruction; rounded up to a whole lamport.
    expect(solanaFeeOf(1, [unitPrice(1n), transfer, transfer])).toEqual({
      base: 5000n,
      priority: 1n,
    })
    expect(solanaFeeOf(1, [unitPrice(10n), transfer])).toEqual({ base: 5000n, priority: 2n })
  })
})

describe('the priority fee cap', () => {
  /** The cluster's answer to getRecentPrioritizationFees, as @solana/kit's RPC gives it. */
  const recentFees = (fees: bigint[]) =>
    ({
      getRecentPrioritizationFees: () => ({
        send: async () => fees.map((prioritizationFee, slot) => ({ slot, prioritizationFee })),
      }),
    }) as unknown as Parameters<typeof assertPriorityFeeWithinCap>[2]

  test('behavior: the cap is 3× the median of the recent fees when that is above the floor', async () => {
    const busy = recentFees([2_000_000n, 9_000_000n, 5_000_000n])
    await expect(
      assertPriorityFeeWithinCap('m', [unitPrice(15_000_000n)], busy),
    ).resolves.toBeUndefined()
    await expect(assertPriorityFeeWithinCap('m', [unitPrice(15_000_001n)], busy)).rejects.toThrow(
      "m: the priority fee 15000001 micro-lamports per compute unit is more than 15000000, 3× the wallet's estimate (5000000); leave out the ComputeBudget price or lower it.",
    )
  })

  test('behavior: a quiet cluster (no fees, or zeros) caps at 3× the floor, not at 0', async () => {
    const cap = 3n * priorityFeeFloorMicroLamports
    for (const quiet of [recentFees([]), recentFees([0n, 0n])]) {
      await expect(
        assertPriorityFeeWithinCap('m', [unitPrice(cap)], quiet),
      ).resolves.toBeUndefined()
      await expect(assertPriorityFeeWithinCap('m', [unitPrice(cap + 1n)], quiet)).rejects.toThrow(
        /is more than 3000000, 3× the wallet's estimate \(1000000\)/,
      )
    }
  })
})
