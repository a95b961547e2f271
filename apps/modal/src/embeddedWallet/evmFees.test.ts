/**
 * The site's gas and fees against the wallet's estimate: within 3× they are kept, above it the
 * request is refused naming the field; left out, the estimate's; and the most the fee can be.
 */
import { describe, expect, test } from 'vitest'
import { setFees } from './evmFees'

const method = 'eth_sendTransaction'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const gwei = 10n ** 9n
const eip1559 = { gas: 21_000n, maxFeePerGas: 2n * gwei, maxPriorityFeePerGas: gwei }
const legacy = { gas: 21_000n, gasPrice: 2n * gwei }

describe('setFees', () => {
  test('behavior: left out, the fees and gas are the estimate; the max fee is gas × fee per gas', () => {
    expect(setFees(method, { to, value: 0n }, eip1559)).toEqual({
      gas: 21_000n,
      maxFeePerGas: 2n * gwei,
      maxPriorityFeePerGas: gwei,
      maxFee: 42_000n * gwei,
    })
    expect(setFees(method, { to, value: 0n }, legacy)).toEqual({
      gas: 21_000n,
      gasPrice: 2n * gwei,
      maxFee: 42_000n * gwei,
    })
  })

  test("behavior: the site's fields within 3× the estimate are kept", () => {
    expect(
      setFees(method, { to, value: 0n, gas: 63_000n, maxFeePerGas: 6n * gwei }, eip1559),
    ).toEqual({
      gas: 63_000n,
      maxFeePerGas: 6n * gwei,
      maxPriorityFeePerGas: gwei,
      maxFee: 378_000n * gwei,
    })
    expect(setFees(method, { to, value: 0n, gasPrice: 6n * gwei }, legacy)).toMatchObject({
      gasPrice: 6n * gwei,
      maxFee: 126_000n * gwei,
    })
    // A priority fee alone goes on top of the estimate's base part.
    expect(setFees(method, { to, value: 0n, maxPriorityFeePerGas: 3n * gwei }, eip1559)).toEqual({
      gas: 21_000n,
      maxFeePerGas: 4n * gwei,
      maxPriorityFeePerGas: 3n * gwei,
      maxFee: 84_000n * gwei,
    })
  })

  test("error: a site's field above 3× the estimate is refused, naming it and the cap", () => {
    const balance = 10n ** 19n
    expect(() => setFees(method, { to, value: 0n, gasPrice: balance / 21_000n }, legacy)).toThrow(
      expect.objectContaining({
        code: -32602,
        message:
          "eth_sendTransaction: gasPrice 476190.476190476 gwei is more than 6 gwei, 3× the network's fee now (2 gwei); leave it out and the wallet sets it.",
      }),
    )
    expect(() => setFees(method, { to, value: 0n, maxFeePerGas: 6n * gwei + 1n }, eip1559)).toThrow(
      /maxFeePerGas 6.000000001 gwei is more than 6 gwei/,
    )
    expect(() =>
      setFees(method, { to, value: 0n, maxPriorityFeePerGas: 7n * gwei }, eip1559),
    ).toThrow(/maxPriorityFeePerGas 7 gwei is more than 6 gwei/)
    expect(() => setFees(method, { to, value: 0n, gas: 63_001n }, eip1559)).toThrow(
      "eth_sendTransaction: gas 63001 is more than 63000, 3× the wallet's estimate (21000); leave it out and the wallet sets it.",
    )
  })
})
