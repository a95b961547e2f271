import { describe, expect, test } from 'vitest'
import { isCaipAddress as isCaipAddressFromCaip } from './caip'
import { BaseError, errorCodes } from './errors'
import {
  accountNameErrors,
  assertNameChainId,
  filterLowQualityTokens,
  filterTransactions,
  InvalidChainIdError,
  isAccountName,
  isBrowserWalletShown,
  isCaipAddress,
  isEvmAddress,
  isSocialProvider,
  isSolanaAddress,
  isWalletExcluded,
  sendErrors,
  socialProviders,
  type TokenBalance,
  type Transaction,
  type TransactionTransfer,
  validateAccountName,
  validateSend,
} from './validation'

describe('validateAccountName / isAccountName', () => {
  test.each(['abcd', 'my-name', 'Name2024', '----', '1234', 'a'.repeat(200)])(
    'behavior: %s is valid',
    (name) => {
      expect(validateAccountName(name)).toBeUndefined()
      expect(isAccountName(name)).toBe(true)
    },
  )

  test.each(['', 'a', 'abc', 'ab-'])('behavior: %j is too short', (name) => {
    expect(validateAccountName(name)).toBe('Name must be at least 4 characters')
    expect(isAccountName(name)).toBe(false)
  })

  test.each([
    ['a leading space', ' abcd'],
    ['a trailing space', 'abcd '],
    ['only whitespace', '    '],
    ['an inner space', 'ab cd'],
    ['a tab', 'abc\td'],
    ['a dot', 'ab.cd'],
    ['an underscore', 'ab_cd'],
    ['an accented letter', 'café'],
    ['a non-Latin letter', 'имя-name'],
    ['an emoji', 'name🙂'],
    ['a full-width digit', 'name１'],
  ])('behavior: a name with %s is invalid', (_, name) => {
    expect(validateAccountName(name)).toBe(accountNameErrors.invalidCharacters)
    expect(isAccountName(name)).toBe(false)
  })

  test('behavior: bad characters are reported before a short length', () => {
    expect(validateAccountName('a!')).toBe(accountNameErrors.invalidCharacters)
  })
})

describe('isEvmAddress', () => {
  const hex40 = 'ab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb'

  test.each([
    ['with 0x', `0x${hex40}`],
    ['without 0x', hex40],
    ['in upper case', `0x${hex40.toUpperCase()}`],
    ['in mixed case', '0xAb16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'],
  ])('behavior: accepts an address %s', (_, value) => {
    expect(isEvmAddress(value)).toBe(true)
  })

  test.each([
    ['empty', ''],
    ['just 0x', '0x'],
    ['39 hex characters', `0x${hex40.slice(1)}`],
    ['41 hex characters', `0x${hex40}a`],
    ['a non-hex character', `0x${hex40.slice(1)}g`],
    ['an uppercase 0X prefix', `0X${hex40}`],
    ['surrounding whitespace', ` 0x${hex40} `],
    ['a CAIP address', `eip155:1:0x${hex40}`],
    ['not a string', 1],
  ])('behavior: rejects %s', (_, value) => {
    expect(isEvmAddress(value)).toBe(false)
  })
})

describe('isSolanaAddress', () => {
  test.each([
    ['a 44-character address', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV1'],
    ['a 43-character address', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
    ['32 characters', '1'.repeat(32)],
  ])('behavior: accepts %s', (_, value) => {
    expect(isSolanaAddress(value)).toBe(true)
  })

  test.each([
    ['empty', ''],
    ['31 characters', '1'.repeat(31)],
    ['45 characters', '1'.repeat(45)],
    ['a zero', `0${'1'.repeat(31)}`],
    ['a capital O', `O${'1'.repeat(31)}`],
    ['a capital I', `I${'1'.repeat(31)}`],
    ['a lowercase l', `l${'1'.repeat(31)}`],
    ['whitespace', ` ${'1'.repeat(32)}`],
    ['a unicode letter', `ä${'1'.repeat(32)}`],
    ['not a string', undefined],
  ])('behavior: rejects %s', (_, value) => {
    expect(isSolanaAddress(value)).toBe(false)
  })
})

describe('isCaipAddress', () => {
  test('behavior: is the one from caip.ts, not a copy', () => {
    expect(isCaipAddress).toBe(isCaipAddressFromCaip)
  })
})

describe('validateSend', () => {
  const token = tokenBalance({ symbol: 'ETH' })
  const ready = {
    token,
    amount: '0.5',
    receiverAddress: '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb',
    namespace: 'eip155',
  } as const

  test('behavior: a complete send on eip155 or solana passes', () => {
    expect(validateSend(ready)).toBeUndefined()
    expect(validateSend({ ...ready, namespace: 'solana' })).toBeUndefined()
  })

  test.each(['1', '0.5', '.5', '1.', '0.000000000000000001', '123456789012345678901234.5678'])(
    'behavior: amount %s is accepted',
    (amount) => {
      expect(validateSend({ ...ready, amount })).toBeUndefined()
    },
  )

  test('behavior: a positive finite number amount is accepted', () => {
    expect(validateSend({ ...ready, amount: 1e-7 })).toBeUndefined()
    expect(validateSend({ ...ready, amount: 2 })).toBeUndefined()
  })

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['whitespace', '   '],
    ['zero', '0'],
    ['zero with decimals', '0.000'],
    ['negative', '-1'],
    ['signed', '+1'],
    ['padded', ' 1 '],
    ['a comma decimal', '1,5'],
    ['in exponent form', '1e-7'],
    ['only a dot', '.'],
    ['garbage', 'abc'],
    ['non-ASCII digits', '١'],
    ['Infinity', 'Infinity'],
    ['the number 0', 0],
    ['a negative number', -1],
    ['NaN', Number.NaN],
    ['Infinity as a number', Number.POSITIVE_INFINITY],
  ])('behavior: an amount that is %s is refused', (_, amount) => {
    expect(validateSend({ ...ready, amount })).toBe('An amount and receiver address are required')
  })

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['whitespace', ' \t'],
  ])('behavior: a receiver that is %s is refused', (_, receiverAddress) => {
    expect(validateSend({ ...ready, receiverAddress })).toBe(
      'An amount and receiver address are required',
    )
  })

  test('behavior: a missing token is refused', () => {
    expect(validateSend({ ...ready, token: undefined })).toBe('A token is required')
  })

  test('behavior: no namespace is an unsupported chain; every namespace of the spec sends', () => {
    expect(validateSend({ ...ready, namespace: undefined })).toBe('Unsupported chain')
    for (const namespace of ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'] as const)
      expect(validateSend({ ...ready, namespace })).toBeUndefined()
  })

  test('behavior: checks run chain, then amount and receiver, then token', () => {
    const empty = {
      token: undefined,
      amount: '',
      receiverAddress: '',
      namespace: undefined,
    } as const
    expect(validateSend(empty)).toBe(sendErrors.unsupportedChain)
    expect(validateSend({ ...empty, namespace: 'eip155' })).toBe(
      sendErrors.amountAndReceiverRequired,
    )
    expect(validateSend({ ...empty, namespace: 'eip155', amount: '1', receiverAddress: 'x' })).toBe(
      sendErrors.tokenRequired,
    )
  })

  test('behavior: sendErrors holds the spec strings', () => {
    expect(sendErrors).toEqual({
      amountAndReceiverRequired: 'An amount and receiver address are required',
      tokenRequired: 'A token is required',
      unsupportedChain: 'Unsupported chain',
    })
  })
})

describe('assertNameChainId', () => {
  test.each([0, 1, 137, 1313161554, 2 ** 31 - 1])('behavior: %d is accepted', (chainId) => {
    expect(() => assertNameChainId(chainId)).not.toThrow()
  })

  test.each([
    ['2^31', 2 ** 31],
    ['2^53', 2 ** 53],
    ['negative', -1],
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('behavior: %s throws Invalid chainId', (_, chainId) => {
    expect(() => assertNameChainId(chainId)).toThrow(InvalidChainIdError)
  })

  test('behavior: the error has the exact short message and the limit in its details', () => {
    let thrown: unknown
    try {
      assertNameChainId(2 ** 31)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BaseError)
    const error = thrown as InvalidChainIdError
    expect(error.name).toBe('InvalidChainIdError')
    expect(error.shortMessage).toBe('Invalid chainId')
    expect(error.details).toBe('Expected a whole number from 0 to 2147483647; got 2147483648.')
    expect(error.code).toBe(errorCodes.invalidParams)
  })
})

describe('filterLowQualityTokens', () => {
  test('behavior: drops tokens with zero decimals and keeps the rest in order', () => {
    const tokens = [
      tokenBalance({ symbol: 'ETH', decimals: '18' }),
      tokenBalance({ symbol: 'JUNK', decimals: '0' }),
      tokenBalance({ symbol: 'USDC', decimals: '6' }),
      tokenBalance({ symbol: 'ZEROS', decimals: '00' }),
      tokenBalance({ symbol: 'ONE', decimals: '1' }),
    ]
    expect(filterLowQualityTokens(tokens).map((token) => token.symbol)).toEqual([
      'ETH',
      'USDC',
      'ONE',
    ])
  })

  test.each(['', ' ', '1.5', '-6', 'abc', '١٨'])(
    'behavior: drops a token whose decimals are %j',
    (decimals) => {
      expect(filterLowQualityTokens([tokenBalance({ decimals })])).toEqual([])
    },
  )

  test('behavior: an empty list stays empty', () => {
    expect(filterLowQualityTokens([])).toEqual([])
  })
})

describe('filterTransactions', () => {
  const spamNft: TransactionTransfer = { nft_info: { name: 'Free', flags: { is_spam: true } } }
  const realNft: TransactionTransfer = { nft_info: { name: 'Art', flags: { is_spam: false } } }
  const usdc: TransactionTransfer = {
    fungible_info: { symbol: 'USDC', quantity: { numeric: '1.5' } },
  }

  test('behavior: hides transactions whose transfers are all spam NFTs', () => {
    const transactions = [
      transaction('all-spam', [spamNft, spamNft]),
      transaction('one-spam', [spamNft]),
      transaction('spam-and-real', [spamNft, realNft]),
      transaction('spam-and-token', [spamNft, usdc]),
      transaction('real', [realNft]),
      transaction('token', [usdc]),
    ]
    expect(filterTransactions(transactions, 'eip155:1').map(({ id }) => id)).toEqual([
      'spam-and-real',
      'spam-and-token',
      'real',
      'token',
    ])
  })

  test('behavior: keeps a transaction without transfers', () => {
    expect(filterTransactions([transaction('empty', [])], 'eip155:1')).toHaveLength(1)
  })

  test('behavior: keeps only transactions of the connected chain', () => {
    const transactions = [
      transaction('mainnet', [usdc], 'eip155:1'),
      transaction('polygon', [usdc], 'eip155:137'),
      transaction('mainnet-prefix', [usdc], 'eip155:10'),
      transaction('bare-id', [usdc], '1'),
      transaction('padded', [usdc], 'eip155:1 '),
    ]
    expect(filterTransactions(transactions, 'eip155:1').map(({ id }) => id)).toEqual(['mainnet'])
    expect(filterTransactions(transactions, 'eip155:137').map(({ id }) => id)).toEqual(['polygon'])
  })

  test('behavior: an empty list stays empty', () => {
    expect(filterTransactions([], 'eip155:1')).toEqual([])
  })
})

describe('isSocialProvider', () => {
  test('behavior: the spec social logins are, email and anything else are not', () => {
    for (const provider of socialProviders) expect(isSocialProvider(provider)).toBe(true)
    for (const other of ['email', 'Google', 'twitter', '', 'toString'])
      expect(isSocialProvider(other)).toBe(false)
  })
})

describe('socialProviders', () => {
  test('behavior: socialProviders lists the spec providers', () => {
    expect(socialProviders).toEqual([
      'google',
      'x',
      'discord',
      'farcaster',
      'github',
      'apple',
      'facebook',
    ])
  })
})

describe('isBrowserWalletShown', () => {
  test.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('behavior: mobile %s, installed %s → shown %s', (isMobile, isInstalled, shown) => {
    expect(isBrowserWalletShown({ isMobile, isInstalled })).toBe(shown)
  })
})

describe('isWalletExcluded', () => {
  const metaMask = { name: 'MetaMask', rdns: 'io.metamask' }

  test('behavior: an exact rdns hides the wallet', () => {
    expect(isWalletExcluded(metaMask, ['io.metamask'])).toBe(true)
  })

  test('behavior: rdns matching is exact', () => {
    expect(isWalletExcluded(metaMask, ['IO.METAMASK'])).toBe(false)
    expect(isWalletExcluded(metaMask, ['io.metamask.mobile'])).toBe(false)
    expect(isWalletExcluded(metaMask, ['io.meta'])).toBe(false)
  })

  test('behavior: a name hides the wallet ignoring case and surrounding whitespace', () => {
    expect(isWalletExcluded(metaMask, ['MetaMask'])).toBe(true)
    expect(isWalletExcluded(metaMask, ['metamask'])).toBe(true)
    expect(isWalletExcluded(metaMask, ['  METAMASK '])).toBe(true)
    expect(isWalletExcluded({ name: ' Rabby Wallet ' }, ['rabby wallet'])).toBe(true)
    expect(isWalletExcluded({ name: 'Ödin' }, ['ödin'])).toBe(true)
  })

  test('behavior: a partial name does not hide the wallet', () => {
    expect(isWalletExcluded(metaMask, ['Meta'])).toBe(false)
    expect(isWalletExcluded(metaMask, ['Meta Mask'])).toBe(false)
  })

  test('behavior: a wallet without rdns can still be hidden by name', () => {
    expect(isWalletExcluded({ name: 'Trust Wallet' }, ['trust wallet'])).toBe(true)
    expect(isWalletExcluded({ name: 'Trust Wallet' }, ['com.trustwallet.app'])).toBe(false)
  })

  test('behavior: empty or whitespace entries hide nothing, even a nameless wallet', () => {
    expect(isWalletExcluded({ name: '', rdns: '' }, ['', '  '])).toBe(false)
    expect(isWalletExcluded(metaMask, [])).toBe(false)
  })
})

function tokenBalance({
  symbol = 'TKN',
  decimals = '18',
}: {
  symbol?: string
  decimals?: string
}): TokenBalance {
  return {
    name: symbol,
    symbol,
    chainId: 'eip155:1',
    price: 1,
    quantity: { decimals, numeric: '1' },
    iconUrl: '',
  }
}

function transaction(
  id: string,
  transfers: TransactionTransfer[],
  chain = 'eip155:1',
): Transaction {
  return {
    id,
    metadata: {
      minedAt: '2024-01-01T00:00:00Z',
      chain,
      operationType: 'send',
      status: 'confirmed',
      sentFrom: '0x1',
      sentTo: '0x2',
    },
    transfers,
  }
}
