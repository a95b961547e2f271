import { describe, expect, test } from 'vitest'
import { permit2Address } from './permit2'
import { decodeTypedDataDomain } from './typedDataDomain'

describe('decodeTypedDataDomain', () => {
  test('behavior: the domain’s name, chain and verifying contract; on the active chain, no warning', () => {
    expect(
      decodeTypedDataDomain(
        { name: 'Permit2', chainId: 31337, verifyingContract: permit2Address },
        'eip155:31337',
      ),
    ).toEqual({
      name: 'Permit2',
      chainId: 31337n,
      verifyingContract: permit2Address,
      otherChain: false,
    })
  })

  test('behavior: a domain for another chain is flagged; one naming no chain is not', () => {
    expect(decodeTypedDataDomain({ chainId: 1 }, 'eip155:8453').otherChain).toBe(true)
    expect(decodeTypedDataDomain({ name: 'Mail' }, 'eip155:8453')).toEqual({
      name: 'Mail',
      otherChain: false,
    })
  })
})
