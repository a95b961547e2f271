import { describe, expect, test } from 'vitest'
import {
  evmChainId,
  evmNetworkOf,
  formatCaipAddress,
  formatCaipNetworkId,
  InvalidCaipError,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  knownNamespaces,
  namespaceOf,
  parseCaipAddress,
  parseCaipNetworkId,
  tryEvmChainId,
  tryParseCaipAddress,
  tryParseCaipNetworkId,
  walletStandardChain,
} from './caip'
import { BaseError, errorCodes } from './errors'

const evmAddress = '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('isChainNamespace', () => {
  test('behavior: accepts every known namespace', () => {
    for (const namespace of knownNamespaces) expect(isChainNamespace(namespace)).toBe(true)
  })

  test.each([
    ['unknown', 'tron'],
    ['uppercase', 'EIP155'],
    ['padded', ' eip155'],
    ['empty', ''],
    ['a number', 155],
    ['undefined', undefined],
  ])('behavior: rejects %s', (_, value) => {
    expect(isChainNamespace(value)).toBe(false)
  })
})

describe('parseCaipNetworkId', () => {
  test.each([
    ['eip155:1', { namespace: 'eip155', reference: '1' }],
    ['eip155:1313161554', { namespace: 'eip155', reference: '1313161554' }],
    [solanaMainnet, { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }],
    [
      'bip122:000000000019d6689c085ae165831e93',
      { namespace: 'bip122', reference: '000000000019d6689c085ae165831e93' },
    ],
    ['cosmos:cosmoshub-3', { namespace: 'cosmos', reference: 'cosmoshub-3' }],
    ['polkadot:a_b', { namespace: 'polkadot', reference: 'a_b' }],
  ])('behavior: splits %s into namespace and reference', (value, expected) => {
    expect(parseCaipNetworkId(value)).toEqual(expected)
  })

  test('behavior: a 32-character reference passes and a 33-character one does not', () => {
    expect(parseCaipNetworkId(`eip155:${'a'.repeat(32)}`).reference).toHaveLength(32)
    expect(() => parseCaipNetworkId(`eip155:${'a'.repeat(33)}`)).toThrow(InvalidCaipError)
  })

  test.each([
    ['empty', ''],
    ['namespace only', 'eip155'],
    ['empty reference', 'eip155:'],
    ['empty namespace', ':1'],
    ['an address', `eip155:1:${evmAddress}`],
    ['unknown namespace', 'tron:1'],
    ['uppercase namespace', 'EIP155:1'],
    ['leading space', ' eip155:1'],
    ['trailing space', 'eip155:1 '],
    ['trailing newline', 'eip155:1\n'],
    ['space in reference', 'eip155:1 2'],
    ['dot in reference', 'eip155:1.5'],
    ['unicode in reference', 'eip155:１'],
  ])('behavior: rejects %s', (_, value) => {
    expect(() => parseCaipNetworkId(value)).toThrow(InvalidCaipError)
  })

  test('behavior: the error names the value and says why', () => {
    const error = catchError(() => parseCaipNetworkId('tron:1'))
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('InvalidCaipError')
    expect(error.code).toBe(errorCodes.invalidParams)
    expect(error.shortMessage).toBe('Invalid CAIP network id "tron:1".')
    expect(error.details).toBe(
      'Unknown namespace "tron". Known namespaces: eip155, solana, polkadot, bip122, cosmos.',
    )
  })

  test('behavior: a wrong number of parts is explained', () => {
    expect(catchError(() => parseCaipNetworkId('eip155:1:2')).details).toBe(
      'Expected two non-empty colon-separated parts: "namespace:reference".',
    )
  })
})

describe('tryParseCaipNetworkId', () => {
  test('behavior: splits what parseCaipNetworkId splits', () => {
    expect(tryParseCaipNetworkId('eip155:137')).toEqual({ namespace: 'eip155', reference: '137' })
    expect(tryParseCaipNetworkId(solanaMainnet)).toEqual(parseCaipNetworkId(solanaMainnet))
  })

  test.each(['0x89', 'eip155', 'eip155:1:0xab', 'unknown:1', '', 137, undefined])(
    'behavior: %j gives undefined instead of throwing',
    (value) => {
      expect(tryParseCaipNetworkId(value)).toBeUndefined()
    },
  )
})

describe('namespaceOf', () => {
  test('behavior: the namespace of a CAIP-2 network id', () => {
    expect(namespaceOf('eip155:137')).toBe('eip155')
    expect(namespaceOf(solanaMainnet)).toBe('solana')
  })

  test.each(['0x89', 'eip155', 'eip155:', 'eip155:1:0xab', 'unknown:1', 137, undefined])(
    'behavior: %j, not a network id, has none',
    (value) => {
      expect(namespaceOf(value)).toBeUndefined()
    },
  )
})

describe('formatCaipNetworkId', () => {
  test('behavior: joins a namespace and a string or number reference', () => {
    expect(formatCaipNetworkId('eip155', 1)).toBe('eip155:1')
    expect(formatCaipNetworkId('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(solanaMainnet)
  })

  test.each([
    ['empty reference', ''],
    ['a colon in the reference', '1:2'],
    ['a fractional number', 1.5],
    ['whitespace', ' 1'],
  ])('behavior: throws for %s', (_, reference) => {
    expect(() => formatCaipNetworkId('eip155', reference)).toThrow(InvalidCaipError)
  })

  test('behavior: throws for an unknown namespace slipped past the types', () => {
    expect(() => formatCaipNetworkId('tron' as 'eip155', 1)).toThrow(InvalidCaipError)
  })
})

describe('isCaipNetworkId', () => {
  test('behavior: true for valid ids, false for anything else, never throws', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId(solanaMainnet)).toBe(true)
    expect(isCaipNetworkId(`eip155:1:${evmAddress}`)).toBe(false)
    expect(isCaipNetworkId('eip155')).toBe(false)
    expect(isCaipNetworkId('')).toBe(false)
    expect(isCaipNetworkId(1)).toBe(false)
    expect(isCaipNetworkId(null)).toBe(false)
  })
})

describe('parseCaipAddress', () => {
  test('behavior: splits an address into its parts and network id', () => {
    expect(parseCaipAddress(`eip155:1:${evmAddress}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: evmAddress,
      caipNetworkId: 'eip155:1',
    })
    expect(
      parseCaipAddress(`${solanaMainnet}:7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV`),
    ).toMatchObject({
      namespace: 'solana',
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      caipNetworkId: solanaMainnet,
    })
  })

  test('behavior: the address may use "-", "." and "%"', () => {
    expect(parseCaipAddress('cosmos:cosmoshub-3:a-b.c%20').address).toBe('a-b.c%20')
  })

  test('behavior: a 128-character address passes and a 129-character one does not', () => {
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(128)}`).address).toHaveLength(128)
    expect(() => parseCaipAddress(`eip155:1:${'a'.repeat(129)}`)).toThrow(InvalidCaipError)
  })

  test.each([
    ['empty', ''],
    ['a network id', 'eip155:1'],
    ['an empty address', 'eip155:1:'],
    ['an empty reference', `eip155::${evmAddress}`],
    ['an empty namespace', `:1:${evmAddress}`],
    ['an extra colon', `eip155:1:${evmAddress}:x`],
    ['unknown namespace', `tron:1:${evmAddress}`],
    ['leading space', ` eip155:1:${evmAddress}`],
    ['trailing space', `eip155:1:${evmAddress} `],
    ['space inside the address', 'eip155:1:0x ab'],
    ['unicode in the address', 'eip155:1:0xäb'],
    ['a slash in the address', 'eip155:1:a/b'],
  ])('behavior: rejects %s', (_, value) => {
    expect(() => parseCaipAddress(value)).toThrow(InvalidCaipError)
  })

  test('behavior: the error names the value and says why', () => {
    const error = catchError(() => parseCaipAddress('eip155:1:0x ab'))
    expect(error.shortMessage).toBe('Invalid CAIP address "eip155:1:0x ab".')
    expect(error.details).toBe(
      'The account address "0x ab" must be 1 to 128 characters of a-z, A-Z, 0-9, "-", "." or "%".',
    )
  })
})

describe('tryParseCaipAddress', () => {
  test('behavior: splits what parseCaipAddress splits', () => {
    expect(tryParseCaipAddress(`eip155:1:${evmAddress}`)).toEqual(
      parseCaipAddress(`eip155:1:${evmAddress}`),
    )
    expect(tryParseCaipAddress(`eip155:1:${evmAddress}`)?.address).toBe(evmAddress)
  })

  test.each([evmAddress, 'eip155:1', `unknown:1:${evmAddress}`, 'eip155:1:a:b', null])(
    'behavior: %j gives undefined instead of throwing',
    (value) => {
      expect(tryParseCaipAddress(value)).toBeUndefined()
    },
  )
})

describe('formatCaipAddress', () => {
  test('behavior: joins a network id and an address', () => {
    expect(formatCaipAddress('eip155:1', evmAddress)).toBe(`eip155:1:${evmAddress}`)
  })

  test.each([
    ['empty', ''],
    ['whitespace', ' '],
    ['a colon', 'a:b'],
  ])('behavior: throws for an address that is %s', (_, address) => {
    expect(() => formatCaipAddress('eip155:1', address)).toThrow(InvalidCaipError)
  })
})

describe('isCaipAddress', () => {
  test('behavior: true for valid addresses, false for anything else, never throws', () => {
    expect(isCaipAddress(`eip155:1:${evmAddress}`)).toBe(true)
    expect(isCaipAddress('eip155:1')).toBe(false)
    expect(isCaipAddress(`tron:1:${evmAddress}`)).toBe(false)
    expect(isCaipAddress('::')).toBe(false)
    expect(isCaipAddress('')).toBe(false)
    expect(isCaipAddress(undefined)).toBe(false)
    expect(isCaipAddress({})).toBe(false)
  })
})

function catchError(run: () => unknown): InvalidCaipError {
  try {
    run()
  } catch (error) {
    if (error instanceof InvalidCaipError) return error
    throw error
  }
  throw new Error('expected an InvalidCaipError')
}

describe('walletStandardChain', () => {
  test('behavior: genesis-hash references of the public clusters become cluster names', () => {
    expect(walletStandardChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:mainnet')
    expect(walletStandardChain('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe('solana:devnet')
    expect(walletStandardChain('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('solana:testnet')
  })

  test('behavior: other references are kept', () => {
    expect(walletStandardChain('solana:localnet')).toBe('solana:localnet')
  })
})

describe('evmChainId', () => {
  test('behavior: an eip155 network is its chain id in hex', () => {
    expect(evmChainId('eip155:1')).toBe('0x1')
    expect(evmChainId('eip155:137')).toBe('0x89')
    expect(evmChainId('eip155:31337')).toBe('0x7a69')
  })

  test('error: a network of another namespace has no EVM chain id', () => {
    expect(() => evmChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toThrow(
      'Invalid CAIP network id "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp".',
    )
  })
})

describe('tryEvmChainId', () => {
  test('behavior: an eip155 network with a decimal reference gives its hex chain id', () => {
    expect(tryEvmChainId('eip155:137')).toBe('0x89')
    expect(tryEvmChainId('eip155:1')).toBe(evmChainId('eip155:1'))
  })

  test.each([solanaMainnet, 'eip155:0x89', 'eip155:', 'eip155', '0x89', 137, undefined])(
    'behavior: %j gives undefined',
    (value) => {
      expect(tryEvmChainId(value)).toBeUndefined()
    },
  )
})

describe('evmNetworkOf', () => {
  test("behavior: wallets' hex, decimal, number and CAIP-2 chain ids are one network", () => {
    for (const chainId of ['0x89', '0X89', '137', 137, 'eip155:137', 'eip155:0x89'])
      expect(evmNetworkOf(chainId), String(chainId)).toBe('eip155:137')
  })

  test('behavior: anything else is no network', () => {
    for (const chainId of [
      '0x',
      '0x0',
      0,
      -1,
      1.5,
      'mainnet',
      '0xzz',
      '',
      null,
      undefined,
      {},
      '0x1ffffffffffffffff',
    ])
      expect(evmNetworkOf(chainId), String(chainId)).toBeUndefined()
  })
})
